import { distributionMetric, probabilityMetric, type Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { challengePool, codeFinal, finalDistribution } from '../../dice/bushido-d6'
import type { ExactMetric } from '../rule-system'
import { upToWounds, woundWays, type DamageTable } from './damage'
import { damageRoll, rollGroup, withMod } from './exchange'
import { rangedDamage } from './fighters'
import { labelOf } from './metrics'
import { challengeNumber, describeParts, intoMeleeNumber, type Part } from './modifiers'
import type { BushidoScenario } from './scenario'
import type { Model, Shot } from './schema'

/**
 * One Ranged Attack (Tir) in the reference card's sequence: Challenge Number from the range band and the card's
 * modifiers, ammo check, the roll (a challenge test of the Ranged Pool), and — when the target is in
 * base contact with a model friendly to the shooter — the Ranged Challenge (6) to hit the right model
 * (size modifiers; Huge automatic; on a failure the shot hits that friendly model), then the Damage Roll
 * with SL = final − Challenge Number. We read the card's step order (roll, then "vérifiez qui est
 * touché") as a second Ranged Pool test made only when the attack succeeds.
 * @see the Bushido reference card (docs/rules/bushido.md) "SÉQUENCE DE TIR COMPLÈTE", "CIBLER UNE FIGURINE EN CSS"; docs/rules/bushido.md section 3
 */
export interface ShotPlan {
  kind: 'shot'
  shooter: Model
  target: Model
  ally: Model | null
  pool: number
  /** Challenge Number, or null when the range is beyond Long (automatic failure). */
  cn: number | null
  cnParts: Part[]
  /** Number for the Ranged Challenge (6) into melee, or null (automatic, or no ally in contact). */
  intoMelee: { number: number; parts: Part[] } | null
  outOfAmmo: boolean
  /** Brutal (X) of the ranged weapon, added to the final result; and whether it adds when every die rolled 1 (variant allOnes). */
  brutal: number
  modsOnAllOnes: boolean
  damageTarget: DamageTable
  damageAlly: DamageTable | null
  woundBins: number
}

export function compileShot(s: BushidoScenario, x: Shot): ShotPlan {
  const by = (id: string | undefined): Model | null => s.models.find((m) => m.id === id) ?? null
  const shooter = by(x.shooter) as Model
  const target = by(x.target) as Model
  const ally = by(x.engagedAlly)
  const cn = challengeNumber(shooter, target, { range: x.range === 'beyond' ? 'long' : x.range, cover: x.cover, shooterMoves: x.shooterMoves, alreadyShot: x.alreadyShot, surprised: x.surprise, shooterRanCounts: s.rules.shooterRan === 'card' })
  const slRule = s.rules.slAboveTen as 'formula' | 'clamp'
  const damageTarget = rangedDamage(shooter, target, slRule)
  const damageAlly = ally ? rangedDamage(shooter, ally, slRule) : null
  const woundBins = 1 + Math.max(...damageTarget.wounds, ...(damageAlly?.wounds ?? []))
  return {
    kind: 'shot',
    shooter,
    target,
    ally,
    // Stunned and Frightened: −1 Ranged Pool each (the publisher's rules reference, states)
    pool: challengePool(shooter.ranged - (shooter.states.includes('stunned') ? 1 : 0) - (shooter.states.includes('frightened') ? 1 : 0)),
    cn: x.range === 'beyond' ? null : cn.number,
    cnParts: cn.parts,
    intoMelee: ally ? intoMeleeNumber(target) : null,
    outOfAmmo: shooter.ammo === 0,
    brutal: shooter.rangedBrutal,
    modsOnAllOnes: s.rules.allOnes === 'modifiers',
    damageTarget,
    damageAlly,
    woundBins,
  }
}

/** Counters: 0 attack succeeds, 1 target hit, 2 ally hit, 3 target removed, 4 ally removed; bins: wounds to target, to ally. */
export function shotShape(p: ShotPlan): TallyShape {
  return { counters: 5, bins: 2 * p.woundBins }
}

/**
 * `at` of each trace event: its step in the reference card's "SÉQUENCE DE TIR COMPLÈTE" (2 target chosen,
 * 3 range measured, 6 Challenge Number, 7 Ammo, 9 roll, 11 who is hit in a melee, 12 Damage Roll).
 */
const STEP = { target: 2, range: 3, number: 6, ammo: 7, roll: 9, melee: 11, damage: 12 } as const

function say(log: TraceEvent[] | undefined, at: number, who: Model[], text: string, kind = 'note'): void {
  if (log) log.push({ at, kind, who: who.map((m) => m.id), text })
}

/** " + Brutal 1 = 6" when the ranged weapon's Brutal (X) added to the roll's final result, else "". */
export function brutalText(brutal: number, rolled: number, final: number): string {
  return final !== rolled ? ` + Brutal ${brutal} = ${final}` : ''
}

/**
 * Exact Ranged Attack test: the final result of `pool` dice plus Brutal (X) (not on an all-1s roll unless
 * `onAllOnes`) against Challenge Number `cn`. Ways out of 6^n: successes, and by Success Level.
 * @see docs/rules/bushido.md section 1 (final result), section 3, section 2 step 5 (Brutal; a shot always adds it)
 */
export function rangedTestExact(pool: number, cn: number, brutal: number, onAllOnes: boolean): { success: number; total: number; bySuccessLevel: number[] } {
  const n = challengePool(pool)
  const finals = finalDistribution(n)
  const bySuccessLevel: number[] = []
  let success = 0
  for (let f = 0; f <= 8; f++) {
    const total = withMod(f, brutal, onAllOnes)
    if (total < cn || finals[f] === 0) continue
    success += finals[f]
    bySuccessLevel[total - cn] = (bySuccessLevel[total - cn] ?? 0) + finals[f]
  }
  for (let i = 0; i < bySuccessLevel.length; i++) bySuccessLevel[i] ??= 0
  return { success, total: 6 ** n, bySuccessLevel }
}

function play(p: ShotPlan, rng: Rng, tally: Tally | null, log?: TraceEvent[]): void {
  const { shooter, target, ally } = p
  if (log) say(log, STEP.target, [shooter, target], `${shooter.name} shoots at ${target.name} (Tir / Ranged Attack).`)
  if (p.cn === null || p.outOfAmmo) {
    if (log) say(log, p.outOfAmmo ? STEP.ammo : STEP.range, [shooter], p.outOfAmmo ? 'No Ammo tokens left (Munitions): the attack ends.' : 'Beyond Long range: the attack fails automatically.', 'miss')
    return
  }
  if (log) say(log, STEP.number, [shooter], `Difficulté du Tir / Challenge Number: ${describeParts(p.cnParts)} = ${p.cn}.`)
  const dice: number[] | undefined = log ? [] : undefined
  const rolled = codeFinal(rollGroup(rng, p.pool, dice))
  const final = withMod(rolled, p.brutal, p.modsOnAllOnes)
  const hit = final >= p.cn
  const sl = final - p.cn
  const dazed = shooter.states.filter((st) => st === 'stunned' || st === 'frightened').length
  if (log) say(log, STEP.roll, [shooter], `${shooter.name} rolls ${p.pool} ${p.pool === 1 ? 'die' : 'dice'}${dazed ? ` (Ranged Pool ${shooter.ranged} −${dazed}: Stunned / Frightened)` : ''} [${dice?.join(', ')}] = ${rolled}${brutalText(p.brutal, rolled, final)} against ${p.cn}: ${hit ? `success, SL ${sl}` : 'miss'}.`, hit ? 'hit' : 'miss')
  if (!hit) return
  let victim = target
  let table = p.damageTarget
  if (ally) {
    if (p.intoMelee === null) {
      if (log) say(log, STEP.melee, [target], `${target.name} is Huge (Cible Énorme): no Ranged Challenge needed to hit it in the melee.`)
    } else {
      const check: number[] | undefined = log ? [] : undefined
      const f = codeFinal(rollGroup(rng, p.pool, check))
      const ok = f >= p.intoMelee.number
      if (log) say(log, STEP.melee, [shooter, target, ally], `Target in base contact (CSS) with ${ally.name}: ${describeParts(p.intoMelee.parts)} = ${p.intoMelee.number}; rolls [${check?.join(', ')}] = ${f}: ${ok ? `${target.name} is hit` : `the shot hits ${ally.name} instead`}.`)
      if (!ok) {
        victim = ally
        table = p.damageAlly as DamageTable
      }
    }
  }
  const w = damageRoll(rng, table, sl, log, [shooter.id, victim.id], victim.name)
  if (log) log[log.length - 1].at = STEP.damage
  const left = victim.wounds - victim.woundsTaken
  if (log && w >= left) say(log, STEP.damage, [victim], `${victim.name} is removed.`, 'remove')
  if (!tally) return
  const isTarget = victim === target
  tally.counts[0]++
  tally.counts[isTarget ? 1 : 2]++
  if (w >= left) tally.counts[isTarget ? 3 : 4]++
  tally.bins[(isTarget ? 0 : p.woundBins) + (w < left ? w : left)]++
}

export function simulateShot(p: ShotPlan, rng: Rng, tally: Tally): void {
  play(p, rng, tally)
}

export function traceShot(p: ShotPlan, rng: Rng): TraceEvent[] {
  const log: TraceEvent[] = []
  play(p, rng, null, log)
  return log
}

/** Exact probabilities: P(success), who is hit, and each victim's wound distribution (0 = missed or no wound). */
export function shotExactView(p: ShotPlan): { success: number; hitTarget: number; hitAlly: number; toTarget: number[]; toAlly: number[] } {
  const toTarget = new Array<number>(p.woundBins).fill(0)
  const toAlly = new Array<number>(p.woundBins).fill(0)
  if (p.cn === null || p.outOfAmmo) return { success: 0, hitTarget: 0, hitAlly: 0, toTarget: [1, ...toTarget.slice(1)], toAlly: [1, ...toAlly.slice(1)] }
  const c = rangedTestExact(p.pool, p.cn, p.brutal, p.modsOnAllOnes)
  // our reading: the Ranged Challenge (6) to hit the right model is its own test, not the Ranged Attack result: no Brutal
  const right = p.ally === null || p.intoMelee === null ? 1 : rangedTestExact(p.pool, p.intoMelee.number, 0, false).success / 6 ** p.pool
  let hitTarget = 0
  let hitAlly = 0
  c.bySuccessLevel.forEach((ways, sl) => {
    const ps = ways / c.total
    hitTarget += ps * right
    hitAlly += ps * (1 - right)
    woundWays(p.damageTarget, sl).forEach((w, k) => (toTarget[k] += (ps * right * w) / p.damageTarget.faces))
    if (p.damageAlly) woundWays(p.damageAlly, sl).forEach((w, k) => (toAlly[k] += (ps * (1 - right) * w) / (p.damageAlly as DamageTable).faces))
  })
  toTarget[0] += 1 - hitTarget
  toAlly[0] += 1 - hitAlly
  // wounds beyond those the victim has left do not count: the distribution stops at its Wounds
  return { success: c.success / c.total, hitTarget, hitAlly, toTarget: upToWounds(toTarget, p.target.wounds - p.target.woundsTaken), toAlly: p.ally ? upToWounds(toAlly, p.ally.wounds - p.ally.woundsTaken) : toAlly }
}

const tail = (d: number[], from: number): number => d.slice(from).reduce((s, x) => s + x, 0)

export function summarizeShot(p: ShotPlan, tally: Tally): Metric[] {
  const n = tally.trials
  const e = shotExactView(p)
  const b = tally.bins
  const bins = (offset: number): Float64Array => {
    const out = new Float64Array(p.woundBins)
    let seen = 0
    for (let k = 0; k < p.woundBins; k++) seen += out[k] = b[offset + k]
    out[0] += n - seen
    return out
  }
  const dist = (d: number[]) => ({ mean: d.reduce((s, x, k) => s + x * k, 0), p: d.map((x, value) => ({ value, p: x })).filter((x) => x.p > 0) })
  const h = (metric: string, m: Model) => ({ id: `${metric}:${m.id}`, metric, label: `${labelOf(metric)}: ${m.name}`, subjects: [m.id] })
  const out: Metric[] = [
    probabilityMetric(h('shot-hits', p.target), tally.counts[1], n, e.hitTarget),
    probabilityMetric(h('removed', p.target), tally.counts[3], n, tail(e.toTarget, p.target.wounds - p.target.woundsTaken)),
    distributionMetric(h('wounds-dealt', p.shooter), bins(0), 0, 0, p.woundBins, dist(e.toTarget)),
  ]
  if (p.ally) {
    out.push(probabilityMetric(h('shot-hits', p.ally), tally.counts[2], n, e.hitAlly))
    out.push(probabilityMetric(h('removed', p.ally), tally.counts[4], n, tail(e.toAlly, p.ally.wounds - p.ally.woundsTaken)))
    out.push(distributionMetric({ ...h('wounds-dealt', p.ally), label: `Wounds taken by ${p.ally.name} (friendly fire)` }, bins(p.woundBins), 0, 0, p.woundBins, dist(e.toAlly)))
  }
  return out
}

export function shotExact(p: ShotPlan): ExactMetric[] {
  const e = shotExactView(p)
  const mean = (d: number[]): number => d.reduce((s, x, k) => s + x * k, 0)
  const out: ExactMetric[] = [
    { id: 'shot-success', label: `Attack succeeds (Challenge Number ${p.cn ?? 'auto-fail'})`, kind: 'probability', p: e.success },
    { id: `shot-hits:${p.target.id}`, label: `Shot hits: ${p.target.name}`, kind: 'probability', p: e.hitTarget },
    { id: `wounds-dealt:${p.shooter.id}`, label: `Wounds to ${p.target.name}`, kind: 'distribution', mean: mean(e.toTarget), p: e.toTarget.map((p, value) => ({ value, p })) },
  ]
  if (p.ally) {
    out.push({ id: `shot-hits:${p.ally.id}`, label: `Shot hits: ${p.ally.name} (friendly fire)`, kind: 'probability', p: e.hitAlly })
    out.push({ id: `wounds-dealt:${p.ally.id}`, label: `Wounds to ${p.ally.name}`, kind: 'distribution', mean: mean(e.toAlly), p: e.toAlly.map((p, value) => ({ value, p })) })
  }
  return out
}
