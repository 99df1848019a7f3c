import { contestKey } from '../../dice/quick-contest'
import { gurpsCritical, gurpsSucceeds, THREE_D6_TOTAL_OF_INDEX, THREE_D6_WAYS } from '../../dice/three-d6'
import { resolveCascade, Status, type CascadeCast } from '../gurps-common/cascade'
import { effectiveScore, type EffectiveParts } from './effective'
import type { Combatant, GurpsWaitsScenario, Tactic } from './schema'

/** How a combatant ends the moment. */
export type Fate = 'acted' | 'lost' | 'not-triggered' | 'keeps-waiting' | 'unable'

export interface Outcome {
  key: string
  label: string
  /** Slots of combatant indices in acting order. */
  slots: number[][]
  fate: Fate[]
  /** Slot index (0 = first) for those who acted, else −1. */
  slotOf: number[]
  /** For lost combatants, the combatant indices whose earlier action prevented theirs. */
  lostBy: number[][]
  /** Acted, but his action did not work (its roll failed or the target defended), so it prevented nothing. */
  failed: boolean[]
}

/**
 * The roll that decides whether a roller's action works, under the prevention rule "if-it-succeeds":
 * his skill, then (unless his roll is a critical success) the target's defence if he gave one.
 */
export interface ActionCheck {
  roller: number
  skill: number
  /** The target's defence score, or −1 when nobody defends. */
  defense: number
  /** Probability the action works. */
  p: number
}

export interface Fighter {
  index: number
  combatant: Combatant
  tactic: Tactic
  effective: EffectiveParts
  /** Rolls at all (proceeds or may join late, and is allowed to roll). */
  rolls: boolean
  /** Static fate for those who do not roll. */
  staticFate?: Fate
}

export interface Plan {
  scenario: GurpsWaitsScenario
  fighters: Fighter[]
  /** Combatant index of each roller. */
  rollers: number[]
  /** `keyTable[r * 216 + i]`: contest key of roller r for 3d6 index i (ETS adds 4096). */
  keyTable: Int32Array
  /** Action rolls that decide whether a preventing action works, in roller order (none under "acting-first"). */
  checks: ActionCheck[]
  /** 2^checks: how the outcome table is indexed, code · masks + (bit k set when check k's action works). */
  masks: number
  /** Probability of each mask of working actions. */
  maskP: Float64Array
  /**
   * `checkRoll[k * 216 + i]`: what check k's skill roll of 3d6 index i leads to, so the hot loop reads
   * a table instead of calling `actionWorks`: 0 fails, 1 works with no defence roll (none given, or a
   * critical success), 2 works only if the target's defence roll then fails.
   */
  checkRoll: Uint8Array
  /** `checkDefenseFails[k * 216 + i]`: 1 when the target's defence roll of 3d6 index i fails against check k. */
  checkDefenseFails: Uint8Array
  /** Outcome index for each competition-rank code Σ rank_r · n^r and mask (−1 for codes that are not rankings). */
  outcomeOfCode: Int32Array
  outcomes: Outcome[]
  /** Scratch for the hot loop. */
  keys: Int32Array
}

export const ETS_BONUS = 4096

function fightersOf(s: GurpsWaitsScenario): Fighter[] {
  return s.combatants.map((c, index) => {
    const tactic = s.tactics.find((t) => t.combatant === c.id) as Tactic
    const effective = effectiveScore(c, tactic, s.rules.yardPenalty)
    const fighter: Fighter = { index, combatant: c, tactic, effective, rolls: true }
    if (tactic.commit === 'keep-waiting') {
      fighter.rolls = false
      fighter.staticFate = 'keeps-waiting'
    } else if (effective.total < 3 && s.rules.belowThree === 'forbid') {
      // rules.belowThree 'forbid': below 3 the roll may not be attempted, so the action (and the Wait) is lost.
      fighter.rolls = false
      fighter.staticFate = 'unable'
    }
    return fighter
  })
}

/** Every competition ranking of n items: rank_i = number of items strictly ahead of i. */
export function* rankings(n: number): Generator<number[]> {
  const total = n ** n
  const r = new Array<number>(n).fill(0)
  for (let code = 0; code < total; code++) {
    let c = code
    for (let i = 0; i < n; i++) {
      r[i] = c % n
      c = Math.floor(c / n)
    }
    let ok = true
    for (let i = 0; i < n && ok; i++) {
      let ahead = 0
      for (let j = 0; j < n; j++) if (r[j] < r[i]) ahead++
      ok = ahead === r[i]
    }
    if (ok) yield r.slice()
  }
}

export function rankCode(ranks: ArrayLike<number>, n: number): number {
  let code = 0
  for (let i = n - 1; i >= 0; i--) code = code * n + ranks[i]
  return code
}

function castOf(fighters: Fighter[], rollers: number[]): CascadeCast {
  const rollerOf = new Map(rollers.map((ci, r) => [fighters[ci].combatant.id, r]))
  return {
    n: rollers.length,
    late: rollers.map((ci) => fighters[ci].tactic.commit === 'late'),
    interrupts: rollers.map((ci) => rollerOf.get(fighters[ci].tactic.interrupts ?? '') ?? -1),
    prevents: rollers.map((ci) => fighters[ci].tactic.prevents.reduce((m, id) => (rollerOf.has(id) ? m | (1 << (rollerOf.get(id) as number)) : m), 0)),
  }
}

/** Ways out of 216 a roll against `score` succeeds. */
function successWays(score: number, crit: boolean): number {
  let w = 0
  for (let t = 3; t <= 18; t++) if (gurpsSucceeds(t, score) && (!crit || gurpsCritical(t, score) === 'success')) w += THREE_D6_WAYS[t - 3]
  return w
}

/** Rollers whose prevention depends on their action working, with the chance it works. */
function checksOf(s: GurpsWaitsScenario, fighters: Fighter[], rollers: number[]): ActionCheck[] {
  if (s.rules.prevention === 'acting-first') return []
  return rollers.flatMap((ci, roller) => {
    const f = fighters[ci]
    if (f.tactic.prevents.length === 0) return []
    const skill = f.combatant.skill
    const defense = f.tactic.defense ?? -1
    const ok = successWays(skill, false) / 216
    const crit = successWays(skill, true) / 216
    const p = defense < 0 ? ok : crit + (ok - crit) * (1 - successWays(defense, false) / 216)
    return [{ roller, skill, defense, p }]
  })
}

/**
 * Whether check `c`'s action works, drawing its rolls from `draw` (3d6 totals): the skill roll, then the
 * target's defence unless there is none or the skill roll was a critical success.
 */
export function actionWorks(c: ActionCheck, draw: () => number): { works: boolean; roll: number; defenseRoll: number } {
  const roll = draw()
  if (!gurpsSucceeds(roll, c.skill)) return { works: false, roll, defenseRoll: 0 }
  if (c.defense < 0 || gurpsCritical(roll, c.skill) === 'success') return { works: true, roll, defenseRoll: 0 }
  const defenseRoll = draw()
  return { works: !gurpsSucceeds(defenseRoll, c.defense), roll, defenseRoll }
}

/** The tables `checkRoll` and `checkDefenseFails` of the checks, read the way `actionWorks` decides. */
function checkTables(checks: ActionCheck[]): { checkRoll: Uint8Array; checkDefenseFails: Uint8Array } {
  const checkRoll = new Uint8Array(Math.max(1, checks.length) * 216)
  const checkDefenseFails = new Uint8Array(Math.max(1, checks.length) * 216)
  checks.forEach((c, k) => {
    for (let i = 0; i < 216; i++) {
      const roll = THREE_D6_TOTAL_OF_INDEX[i]
      if (!gurpsSucceeds(roll, c.skill)) checkRoll[k * 216 + i] = 0
      else checkRoll[k * 216 + i] = c.defense < 0 || gurpsCritical(roll, c.skill) === 'success' ? 1 : 2
      checkDefenseFails[k * 216 + i] = c.defense >= 0 && !gurpsSucceeds(roll, c.defense) ? 1 : 0
    }
  })
  return { checkRoll, checkDefenseFails }
}

function describe(fighters: Fighter[], slots: number[][], fate: Fate[], failed: boolean[]): { key: string; label: string } {
  const id = (i: number): string => fighters[i].combatant.id
  const name = (i: number): string => fighters[i].combatant.name
  const group = (f: Fate): number[] => fate.flatMap((x, i) => (x === f ? [i] : []))
  const parts: [string, Fate][] = [
    ['loses action', 'lost'],
    ['cannot act', 'unable'],
    ['not triggered', 'not-triggered'],
    ['keeps waiting', 'keeps-waiting'],
  ]
  const failures = failed.flatMap((x, i) => (x ? [i] : []))
  const key = [slots.map((s) => s.map(id).join('=')).join('>'), ...parts.map(([, f]) => group(f).map(id).join(','))].join('|') + (failures.length > 0 ? `|fails:${failures.map(id).join(',')}` : '')
  let label = slots.length > 0 ? slots.map((s) => s.map(name).join(' = ')).join(' → ') : 'nobody acts'
  if (failures.length > 0) label += `; action fails: ${failures.map(name).join(', ')}`
  for (const [words, f] of parts) {
    const who = group(f)
    if (who.length > 0) label += `; ${words}: ${who.map(name).join(', ')}`
  }
  return { key, label }
}

export function compile(s: GurpsWaitsScenario): Plan {
  const fighters = fightersOf(s)
  const rollers = fighters.filter((f) => f.rolls).map((f) => f.index)
  const n = rollers.length
  const keyTable = new Int32Array(Math.max(1, n) * 216)
  rollers.forEach((ci, r) => {
    const f = fighters[ci]
    const ets = f.combatant.enhancedTimeSense ? ETS_BONUS : 0
    for (let i = 0; i < 216; i++) keyTable[r * 216 + i] = ets + contestKey(THREE_D6_TOTAL_OF_INDEX[i], f.effective.total)
  })
  const cast = castOf(fighters, rollers)
  const checks = checksOf(s, fighters, rollers)
  const masks = 1 << checks.length
  const maskP = new Float64Array(masks)
  for (let mask = 0; mask < masks; mask++) maskP[mask] = checks.reduce((p, c, k) => p * (mask & (1 << k) ? c.p : 1 - c.p), 1)
  const outcomeOfCode = new Int32Array(Math.max(1, n ** n) * masks).fill(-1)
  const outcomes: Outcome[] = []
  const byKey = new Map<string, number>()
  for (const ranks of n > 0 ? rankings(n) : [[] as number[]]) {
    for (let mask = 0; mask < masks; mask++) {
      // an action that does not work prevents nothing
      const works = (r: number): boolean => checks.every((c, k) => c.roller !== r || (mask & (1 << k)) !== 0)
      const res = resolveCascade({ ...cast, prevents: cast.prevents.map((m, r) => (works(r) ? m : 0)) }, ranks.map((r) => n - r))
      const fate: Fate[] = fighters.map((f) => f.staticFate ?? 'acted')
      const lostBy: number[][] = fighters.map(() => [])
      const failed = fighters.map(() => false)
      rollers.forEach((ci, r) => {
        fate[ci] = res.status[r] === Status.Acted ? 'acted' : res.status[r] === Status.Lost ? 'lost' : 'not-triggered'
        for (let a = 0; a < n; a++) if (res.lostBy[r] & (1 << a)) lostBy[ci].push(rollers[a])
        failed[ci] = fate[ci] === 'acted' && !works(r)
      })
      const slots = res.slots.map((slot) => slot.map((r) => rollers[r]).sort((a, b) => a - b))
      const { key, label } = describe(fighters, slots, fate, failed)
      let index = byKey.get(key)
      if (index === undefined) {
        index = outcomes.length
        byKey.set(key, index)
        const slotOf = fighters.map(() => -1)
        slots.forEach((slot, k) => slot.forEach((ci) => (slotOf[ci] = k)))
        outcomes.push({ key, label, slots, fate, slotOf, lostBy, failed })
      }
      outcomeOfCode[rankCode(ranks, n) * masks + mask] = index
    }
  }
  return { scenario: s, fighters, rollers, keyTable, checks, masks, maskP, ...checkTables(checks), outcomeOfCode, outcomes, keys: new Int32Array(Math.max(1, n)) }
}
