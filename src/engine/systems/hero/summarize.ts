import { distributionMetric, meanMetric, orderMetric, probabilityMetric, sideWinsLabel, type Metric } from '../../core/metrics'
import type { Tally } from '../../core/tally'
import { INTERRUPT_PARTS, interruptExact, interruptPartsExact, partLabel, perHitExact, tandemExact } from './exact'
import {
  ACTIONS_BINS,
  BODY_FIGHT_BINS,
  BODY_HIT_BINS,
  C,
  DRAW_CAP,
  DRAW_MUTUAL,
  LOST_BINS,
  STUN_FIGHT_BINS,
  STUN_HIT_BINS,
  WIN_A,
  WIN_B,
} from './layout'
import { metricDocs } from './metrics'
import { Endurance } from './variants'
import { Arrival, HoldMode, OnPhase, type Plan } from './plan'

/** The names of a side's combatants, in the scenario's order. */
export const sideNames = (p: Plan, side: string): string[] => p.combatants.filter((c) => c.side === side).map((c) => c.name)

const label = (id: string): string => metricDocs.find((d) => d.id === id)?.label ?? id
const dist = (ps: number[]): { value: number; p: number }[] => ps.flatMap((p, value) => (p > 0 ? [{ value, p }] : []))

/** Turns a tally of fights into the metrics a GM reads; exact values attached where the plan allows. */
export function summarize(p: Plan, tally: Tally): Metric[] {
  const n = tally.trials
  const L = p.layout
  const k = tally.counts
  const metrics: Metric[] = [
    orderMetric(
      { id: 'wins', metric: 'wins', label: label('wins') },
      [
        { key: 'A', label: sideWinsLabel('A', sideNames(p, 'A')), count: k[WIN_A] },
        { key: 'B', label: sideWinsLabel('B', sideNames(p, 'B')), count: k[WIN_B] },
        { key: 'mutual', label: 'Both sides out at once', count: k[DRAW_MUTUAL] },
        { key: 'cap', label: `Draw at the Turn cap (${p.scenario.turnCap} Turns)`, count: k[DRAW_CAP] },
      ],
      n,
    ),
    distributionMetric({ id: 'fight-length', metric: 'fight-length', label: label('fight-length') }, tally.bins, 1, 0, L.segments),
    orderMetric(
      { id: 'first-actor', metric: 'first-actor', label: label('first-actor') },
      p.combatants.map((c, i) => ({ key: c.id, label: c.name, count: k[L.counter(i, C.firstActor)] })),
      n,
    ),
  ]
  p.combatants.forEach((c, i) => metrics.push(...combatantMetrics(p, tally, i)))
  return metrics
}

function combatantMetrics(p: Plan, tally: Tally, i: number): Metric[] {
  const L = p.layout
  const k = tally.counts
  const c = p.combatants[i]
  const at = (cc: number): number => k[L.counter(i, cc)]
  const head = (metric: string, text = `${label(metric)}: ${c.name}`) => ({ id: `${metric}:${c.id}`, metric, label: text, subjects: [c.id] })
  const out: Metric[] = []
  if (p.onPhase[i] === OnPhase.Hold && p.holdMode[i] === HoldMode.Interrupt) {
    const x = p.combatants[p.holdEvent[i]].name
    out.push(probabilityMetric(head('interrupt-odds', `${c.name} acts before ${x} (interrupt)`), at(C.contestWins), at(C.contests), interruptExact(p, i)))
    const parts = interruptPartsExact(p, i)
    const rounds = at(C.roundHolderFirst) + at(C.roundSameMargin) + at(C.roundMoverFirst) + at(C.roundNeither)
    INTERRUPT_PARTS.forEach((id, k) => out.push(probabilityMetric(head(id, `Interrupt roll: ${partLabel(k, c.name, x)}`), at(C.roundHolderFirst + k), rounds, parts?.[k])))
  }
  if (p.onPhase[i] === OnPhase.Hold && p.holdMode[i] === HoldMode.Tandem) {
    out.push(probabilityMetric(head('tandem-success', `${c.name} acts in tandem with ${p.combatants[p.holdEvent[i]].name}`), at(C.tandemMade), at(C.tandemRolls), tandemExact(p, i)))
  }
  if (p.onPhase[i] !== OnPhase.Attack && p.onPhase[i] !== OnPhase.Haymaker) out.push(probabilityMetric(head('hold-used'), at(C.holdsUsed), at(C.holdsTaken)))
  if (p.holdDefendIfTargeted[i] || p.delayArrival[i] !== Arrival.Act) out.push(probabilityMetric(head('kept-for-defense'), at(C.keptForDefense), at(C.holdsTaken)))
  if (p.rules.endurance !== Endurance.Off) {
    out.push(meanMetric(head('end-spent'), tally.trials, at(C.endSpent), at(C.endSpentSq)))
    if (p.rules.endurance === Endurance.Recover) out.push(probabilityMetric(head('end-recoveries'), at(C.endRecoveries), at(C.endRecoveries) + at(C.attacks)))
    else out.push(meanMetric(head('stun-for-end'), tally.trials, at(C.stunForEnd), at(C.stunForEndSq)))
  }
  if (p.rules.koWakes) out.push(meanMetric(head('wakes'), tally.trials, at(C.wokeUp), at(C.wokeUpSq)))
  if (p.protect[i] >= 0) out.push(meanMetric(head('guard-blocks', `Blocks made for ${p.combatants[p.protect[i]].name} per fight: ${c.name}`), tally.trials, at(C.guardBlocks), at(C.guardBlocksSq)))
  if (p.abortWhenAttacked[i]) out.push(probabilityMetric(head('abort-costs-phase'), at(C.abortCostPhase), at(C.aborts)))
  const hit = perHitExact(p, i)
  out.push(
    distributionMetric(head('actions-per-turn'), tally.bins, 0, L.actionsPerTurn(i), ACTIONS_BINS),
    distributionMetric(head('phases-lost'), tally.bins, 0, L.lostPerFight(i), LOST_BINS),
    distributionMetric(head('phases-lost-abort'), tally.bins, 0, L.lostToAbortPerFight(i), LOST_BINS),
    distributionMetric(head('phases-lost-hold'), tally.bins, 0, L.lostToHoldPerFight(i), LOST_BINS),
    probabilityMetric(head('hit-rate'), at(C.hits), at(C.attacks)),
    distributionMetric(head('stun-per-hit'), tally.bins, 0, L.stunPerHit(i), STUN_HIT_BINS, hit && { mean: hit.meanStun, p: dist(hit.stun) }),
    distributionMetric(head('body-per-hit'), tally.bins, 0, L.bodyPerHit(i), BODY_HIT_BINS, hit && { mean: hit.meanBody, p: dist(hit.body) }),
    distributionMetric(head('stun-taken'), tally.bins, 0, L.stunPerFight(i), STUN_FIGHT_BINS),
    distributionMetric(head('body-taken'), tally.bins, 0, L.bodyPerFight(i), BODY_FIGHT_BINS),
    probabilityMetric(head('knocked-out'), at(C.endsOut), tally.trials),
    distributionMetric(head('time-to-knockout'), tally.bins, 1, L.koTime(i), L.segments),
  )
  return out
}
