import { heroSucceeds, THREE_D6_WAYS } from '../../dice/three-d6'
import type { ExactMetric } from '../rule-system'
import { contestExact, contestPartsExact } from './contest'
import { hitExact } from './damage-exact'
import { HoldMode, OnPhase, type Plan } from './plan'

/**
 * What the HERO system can compute without sampling: interrupt odds (the DEX Roll contest is the same
 * every time it is rolled), tandem roll odds, and per-hit damage when an attacker's target is fixed.
 */

/** Exact P(holder strictly first) for combatant h's interrupt hold, or undefined if he holds no interrupt. */
export function interruptExact(p: Plan, h: number): number | undefined {
  if (p.onPhase[h] !== OnPhase.Hold || p.holdMode[h] !== HoldMode.Interrupt) return undefined
  const x = p.holdEvent[h]
  return contestExact(p.holdRoll[h], p.dexRoll[x], p.orderDex[h], p.orderDex[x], p.rules.bothFail, p.rules.contestSimultaneous).aFirst
}

/** Exact parts of one round of combatant h's interrupt contest: holder first, same margin, mover first, neither makes it. */
export function interruptPartsExact(p: Plan, h: number): [number, number, number, number] | undefined {
  if (p.onPhase[h] !== OnPhase.Hold || p.holdMode[h] !== HoldMode.Interrupt) return undefined
  return contestPartsExact(p.holdRoll[h], p.dexRoll[p.holdEvent[h]])
}

/** The metric ids of the four parts, in the order of `Part`. */
export const INTERRUPT_PARTS = ['interrupt-holder-first', 'interrupt-same-margin', 'interrupt-mover-first', 'interrupt-neither'] as const

/** Exact P(tandem roll succeeds): the holder's roll, times the partner's Teamwork Roll when they have not trained together. */
export function tandemExact(p: Plan, h: number): number | undefined {
  if (p.onPhase[h] !== OnPhase.Hold || p.holdMode[h] !== HoldMode.Tandem) return undefined
  const made = (t: number): number => {
    let ways = 0
    for (let roll = 3; roll <= 18; roll++) if (heroSucceeds(roll, t)) ways += THREE_D6_WAYS[roll - 3]
    return ways / 216
  }
  // Not trained together: both make a Teamwork Roll (independent rolls).
  return made(p.holdRoll[h]) * (p.partnerRoll[h] > 0 ? made(p.partnerRoll[h]) : 1)
}

/** The only enemy an attacker can ever hit, if there is exactly one; −1 otherwise. */
function soleTarget(p: Plan, a: number): number {
  let found = -1
  for (let j = 0; j < p.n; j++) {
    if (p.side[j] === p.side[a]) continue
    if (found >= 0) return -1
    found = j
  }
  return found
}

/** Exact per-hit STUN and BODY for attacker a, when his target is fixed and he never makes a Haymaker. */
export function perHitExact(p: Plan, a: number): ReturnType<typeof hitExact> | undefined {
  const d = soleTarget(p, a)
  const k = p.usingAtk[a]
  if (d < 0 || k < 0 || p.onPhase[a] === OnPhase.Haymaker) return undefined
  const energy = p.energy[k] === 1
  return hitExact({
    dice: p.dice[k],
    killing: p.killing[k] === 1,
    multiplier: p.rules.stunMultiplier,
    minStunEqualsBody: p.rules.minStunEqualsBody,
    halfDieBody: p.rules.halfDieBody,
    total: energy ? p.ed[d] : p.pd[d],
    resistant: energy ? p.red[d] : p.rpd[d],
    con: p.con[d],
  })
}

const dist = (ps: number[]): { value: number; p: number }[] => ps.flatMap((p, value) => (p > 0 ? [{ value, p }] : []))

export function exactMetrics(p: Plan): ExactMetric[] {
  const out: ExactMetric[] = []
  p.combatants.forEach((c, i) => {
    const ie = interruptExact(p, i)
    if (ie !== undefined) out.push({ id: `interrupt-odds:${c.id}`, label: `${c.name} interrupts ${p.combatants[p.holdEvent[i]].name}`, kind: 'probability', p: ie })
    const parts = interruptPartsExact(p, i)
    if (parts) INTERRUPT_PARTS.forEach((id, k) => out.push({ id: `${id}:${c.id}`, label: partLabel(k, c.name, p.combatants[p.holdEvent[i]].name), kind: 'probability', p: parts[k] }))
    const te = tandemExact(p, i)
    if (te !== undefined) out.push({ id: `tandem-success:${c.id}`, label: `${c.name} acts in tandem with ${p.combatants[p.holdEvent[i]].name}`, kind: 'probability', p: te })
    const h = perHitExact(p, i)
    if (h) {
      out.push({ id: `stun-per-hit:${c.id}`, label: `STUN dealt per hit: ${c.name}`, kind: 'distribution', mean: h.meanStun, p: dist(h.stun) })
      out.push({ id: `body-per-hit:${c.id}`, label: `BODY dealt per hit: ${c.name}`, kind: 'distribution', mean: h.meanBody, p: dist(h.body) })
    }
  })
  return out
}

/** A GM's words for one part of the interrupt contest (holder h against mover x). */
export function partLabel(part: number, h: string, x: string): string {
  return [`${h} makes his roll by more than ${x}`, `${h} and ${x} make it by the same margin`, `${x} makes his roll by more than ${h}`, `neither ${h} nor ${x} makes his roll`][part]
}
