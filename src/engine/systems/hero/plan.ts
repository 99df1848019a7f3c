import { parseHeroDice, type HeroDice } from '../../dice/hero-damage'
import { characteristicTarget, skillTarget } from './characteristic-roll'
import { activePointsOf, endCostOf } from './end-cost'
import { layoutOf, type Layout } from './layout'
import type { HeroCombatant, HeroScenario } from './schema'
import { COMBAT_START, hasPhase } from './speed-chart'
import { FightState } from './state'
import { resolveRules, type ResolvedRules } from './variants'

export const enum OnPhase {
  Attack = 0,
  Haymaker = 1,
  Delay = 2,
  Hold = 3,
  HoldDefense = 4,
}

export const enum HoldMode {
  Interrupt = 0,
  After = 1,
  Tandem = 2,
}

/** What a delayed action does when its DEX and Segment come (the campaign house rules (docs/rules/hero.md): act, or hold for defense). */
export const enum Arrival {
  Act = 0,
  Defend = 1,
  DefendIfThreatened = 2,
}

/** Target rule codes (≥ 0: a named enemy's index). */
export const TARGET_FIRST = -1
export const TARGET_WEAKEST = -2
/** docs/rules/hero.md section 7 options (variants.targeting): a random living enemy (kept until defeated), the one who has dealt the most STUN. */
export const TARGET_RANDOM = -3
export const TARGET_THREAT = -4
const FIRST_CODES = { 'sticky-first': TARGET_FIRST, random: TARGET_RANDOM, 'highest-threat': TARGET_THREAT }

/** A plan's target as a code: "first" as the targeting variant reads it, "weakest", or a named enemy's index. */
function targetCode(c: HeroCombatant, rules: ResolvedRules, idx: (id: string) => number): number {
  if (c.plan.target === 'first') return FIRST_CODES[rules.targeting]
  return c.plan.target === 'weakest' ? TARGET_WEAKEST : idx(c.plan.target)
}

/** A Haymaker adds +4 Damage Classes (docs/rules/hero.md section 6): +4d6 normal, +1d6+1 killing (3 DC = 1d6). */
export function haymakerDice(d: HeroDice, killing: boolean): HeroDice {
  if (!killing) return { whole: d.whole + 4, half: d.half, plus: d.plus }
  const dc = d.whole * 3 + (d.half ? 2 : 0) + d.plus + 4
  const whole = Math.floor(dc / 3)
  const rest = dc % 3
  return { whole, half: rest === 2, plus: rest === 1 ? 1 : 0 }
}

/** Everything precomputed for the hot loop: per-combatant numbers as typed arrays, plus scratch state. */
export interface Plan {
  scenario: HeroScenario
  rules: ResolvedRules
  n: number
  combatants: HeroCombatant[]
  side: Uint8Array
  spd: Int32Array
  /** DEX + Lightning Reflexes: acting order only. */
  orderDex: Int32Array
  dexRoll: Int32Array
  fastDraw: Int32Array
  hasFastDraw: Uint8Array
  teamwork: Int32Array
  intPre: Int32Array
  ocv: Int32Array
  dcv: Int32Array
  con: Int32Array
  stunMax: Int32Array
  bodyMax: Int32Array
  rec: Int32Array
  endMax: Int32Array
  /** END per attack (docs/rules/hero.md section 6): the scenario's `attack.endCost`, else from its Active Points. */
  endCost: Int32Array
  /** The ally whose attackers he Blocks with a held action (the campaign house rules (docs/rules/hero.md) "defend someone else"); −1 none. */
  protect: Int32Array
  /** 1 when some ally protects him. */
  guarded: Uint8Array
  pd: Int32Array
  rpd: Int32Array
  ed: Int32Array
  red: Int32Array
  dice: HeroDice[]
  hayDice: HeroDice[]
  killing: Uint8Array
  energy: Uint8Array
  ranged: Uint8Array
  atkOcv: Int32Array
  onPhase: Uint8Array
  delaySegs: Int32Array
  delayDex: Int32Array
  holdEvent: Int32Array
  /** hold.onEvent "defend-if-targeted": when the mover attacks him, keep the action as a hold for defense. */
  holdDefendIfTargeted: Uint8Array
  /** delay.onArrival as an `Arrival` code. */
  delayArrival: Uint8Array
  holdMode: Uint8Array
  /** Roll target for the hold's contest or tandem roll (DEX Roll, Fast Draw or Teamwork with variants.teamworkPenalty). */
  holdRoll: Int32Array
  /** Untrained tandem: the partner's Teamwork Roll target (both roll, the campaign house rules (docs/rules/hero.md)); 0 when only the holder rolls. */
  partnerRoll: Int32Array
  abortWhenAttacked: Uint8Array
  block: Uint8Array
  targetRule: Int32Array
  /** The first Segment of a Turn in which he has a Phase (variants.bleeding "first-phase"). */
  firstPhaseSeg: Int32Array
  /** Bit i of `segmentMask[seg]`: combatant i has a Phase in Segment seg. */
  segmentMask: Int32Array
  /** Last absolute Segment played (Segment 12 of Turn `turnCap`). */
  endAbs: number
  layout: Layout
  st: FightState
}

function holdRollTarget(c: HeroCombatant, rules: ResolvedRules): number {
  const h = c.plan.hold
  if (!h) return 0
  if (h.roll === 'fast-draw') return skillTarget(c.dex, c.fastDraw ?? 0)
  if (h.roll === 'teamwork') return skillTarget(c.dex, c.teamwork ?? 0) - (h.trained ? 0 : rules.teamworkPenalty)
  return characteristicTarget(c.dex)
}

/** the campaign house rules (docs/rules/hero.md): coordinating with someone he has not trained with takes a Teamwork Roll "required by both characters". */
function partnerRollTarget(c: HeroCombatant, cs: HeroCombatant[], rules: ResolvedRules): number {
  const h = c.plan.hold
  if (!h || h.mode !== 'tandem' || h.trained) return 0
  const partner = cs.find((x) => x.id === h.event)
  return partner ? skillTarget(partner.dex, partner.teamwork ?? 0) - rules.teamworkPenalty : 0
}

function firstPhaseSegment(spd: number): number {
  let seg = 1
  while (!hasPhase(spd, seg)) seg++
  return seg
}

/** Builds the plan; `audit` keeps a per-Phase use count for the property tests. */
export function compile(s: HeroScenario, audit = false): Plan {
  const cs = s.combatants
  const n = cs.length
  const rules = resolveRules(s.rules)
  const idx = (id: string): number => cs.findIndex((c) => c.id === id)
  const i32 = (f: (c: HeroCombatant) => number): Int32Array => Int32Array.from(cs, f)
  const u8 = (f: (c: HeroCombatant) => boolean): Uint8Array => Uint8Array.from(cs, (c) => (f(c) ? 1 : 0))
  const dice = cs.map((c) => parseHeroDice(c.attack.dice) as HeroDice)
  const onPhaseCodes = { attack: OnPhase.Attack, haymaker: OnPhase.Haymaker, delay: OnPhase.Delay, hold: OnPhase.Hold, 'hold-defense': OnPhase.HoldDefense }
  const arrivalCodes = { act: Arrival.Act, defend: Arrival.Defend, 'defend-if-threatened': Arrival.DefendIfThreatened }
  const modeCodes = { interrupt: HoldMode.Interrupt, after: HoldMode.After, tandem: HoldMode.Tandem }
  const endAbs = s.turnCap * 12
  const turnSlots = s.turnCap + 3
  const absSlots = endAbs + 16
  return {
    scenario: s,
    rules,
    n,
    combatants: cs,
    side: u8((c) => c.side === 'B'),
    spd: i32((c) => c.spd),
    orderDex: i32((c) => c.dex + c.lightningReflexes),
    dexRoll: i32((c) => characteristicTarget(c.dex)),
    fastDraw: i32((c) => skillTarget(c.dex, c.fastDraw ?? 0)),
    hasFastDraw: u8((c) => c.fastDraw !== undefined),
    teamwork: i32((c) => skillTarget(c.dex, c.teamwork ?? 0)),
    intPre: i32((c) => c.int * 1000 + c.pre),
    ocv: i32((c) => c.ocv),
    dcv: i32((c) => c.dcv),
    con: i32((c) => c.con),
    stunMax: i32((c) => c.stun),
    bodyMax: i32((c) => c.body),
    rec: i32((c) => c.rec),
    endMax: i32((c) => c.end),
    endCost: Int32Array.from(cs, (c, i) => c.attack.endCost ?? endCostOf(c.attack.activePoints ?? activePointsOf(dice[i], c.attack.kind === 'killing'))),
    protect: i32((c) => (c.plan.protect ? idx(c.plan.protect) : -1)),
    guarded: u8((c) => cs.some((g) => g.plan.protect === c.id)),
    pd: i32((c) => c.pd),
    rpd: i32((c) => c.rpd),
    ed: i32((c) => c.ed),
    red: i32((c) => c.red),
    dice,
    hayDice: dice.map((d, i) => haymakerDice(d, cs[i].attack.kind === 'killing')),
    killing: u8((c) => c.attack.kind === 'killing'),
    energy: u8((c) => c.attack.vs === 'ED'),
    ranged: u8((c) => c.attack.range === 'ranged'),
    atkOcv: i32((c) => c.attack.ocv),
    onPhase: Uint8Array.from(cs, (c) => onPhaseCodes[c.plan.onPhase]),
    delaySegs: i32((c) => c.plan.delay?.segments ?? 0),
    delayDex: i32((c) => c.plan.delay?.dex ?? 0),
    holdEvent: i32((c) => (c.plan.hold ? idx(c.plan.hold.event) : -1)),
    holdDefendIfTargeted: u8((c) => c.plan.hold?.onEvent === 'defend-if-targeted'),
    delayArrival: Uint8Array.from(cs, (c) => arrivalCodes[c.plan.delay?.onArrival ?? 'act']),
    holdMode: Uint8Array.from(cs, (c) => (c.plan.hold ? modeCodes[c.plan.hold.mode] : 0)),
    holdRoll: i32((c) => holdRollTarget(c, rules)),
    partnerRoll: i32((c) => partnerRollTarget(c, cs, rules)),
    abortWhenAttacked: u8((c) => c.plan.abort === 'when-attacked'),
    block: u8((c) => c.plan.defense === 'block'),
    targetRule: i32((c) => targetCode(c, rules, idx)),
    firstPhaseSeg: i32((c) => firstPhaseSegment(c.spd)),
    segmentMask: Int32Array.from({ length: 13 }, (_, seg) => cs.reduce((m, c, i) => (seg > 0 && hasPhase(c.spd, seg) ? m | (1 << i) : m), 0)),
    endAbs,
    layout: layoutOf(n, endAbs - COMBAT_START + 1),
    st: new FightState(n, turnSlots, absSlots, audit),
  }
}
