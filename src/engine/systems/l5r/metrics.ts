import { distributionMetric, meanMetric, probabilityMetric, sideWinsLabel, type Metric, type MetricDoc } from '../../core/metrics'
import type { Tally } from '../../core/tally'
import type { ExactMetric } from '../rule-system'
import { canAttackIn } from './armor'
import { VOID_ARMOR, VOID_ATTACK, VOID_DAMAGE, VOID_DOWN, VOID_FULL_DEFENSE, VOID_INITIATIVE, VOID_INITIATIVE_ROLL, VOID_SKILL, VOID_SWAP, VOID_WOUNDS, type Plan } from './plan'
import { ATTACK_BINS, binBase, COUNTER, counterIndex, DEFEAT_ROUND_OFFSET, FIGHT_BINS, INIT_BINS, INIT_OFFSET, lengthBins, outcomeCounter, PER_ATTACK_OFFSET, PER_FIGHT_OFFSET, VOID_BINS, VOID_USE_COUNTERS, voidOffset } from './tally-layout'

/** The metrics this system reports; per-combatant ones get `:<combatant id>` appended. */
export const metricDocs: readonly MetricDoc[] = [
  { id: 'win', label: 'Side wins', kind: 'probability', per: 'scenario', description: 'One side still has a character standing when the other side is all defeated; or, when the side with more health left wins at the Round cap, it has the larger share left.' },
  { id: 'draw', label: 'Draw', kind: 'probability', per: 'scenario', description: 'Nobody wins: both sides are still standing at the Round cap (with equal health left when the side with more health left wins at the cap), or both fall together (simultaneous Initiative ties).' },
  { id: 'rounds', label: 'Rounds fought', kind: 'distribution', per: 'scenario', description: 'The Round in which the skirmish ended (the Round cap when nobody won).' },
  { id: 'initiative', label: 'Initiative Score', kind: 'distribution', per: 'combatant', description: '(Agility + Class Rank) k Agility (+1k1 with a Void Point), rolled once per skirmish; worked out exactly (255 and more are counted together).' },
  { id: 'initiative-first', label: 'Highest Initiative', kind: 'probability', per: 'combatant', description: 'First in the Round 1 order: Initiative Score plus a Void +10 bought at Round 1 start, then the tie rule (he acts first unless he delays); exact.' },
  { id: 'hit-rate', label: 'Attacks that hit', kind: 'probability', per: 'combatant', description: 'Share of his attacks that met the (raised) TN, over all attacks in all skirmishes. Only for a character whose plan has a Round in Attack or Full Attack Stance.' },
  { id: 'wounds-per-attack', label: 'Wounds per attack', kind: 'distribution', per: 'combatant', description: 'Wounds dealt by one attack after Reduction; a miss counts 0 (127 and more are counted together). Counts the same attacks as "Attacks that hit"; only for a character whose plan has a Round in Attack or Full Attack Stance ("never happened" when he could attack but never did).' },
  { id: 'wounds-per-fight', label: 'Wounds dealt per skirmish', kind: 'distribution', per: 'combatant', description: 'All wounds he dealt in one skirmish (255 and more are counted together).' },
  { id: 'first-blood', label: 'Draws first blood', kind: 'probability', per: 'combatant', description: 'His attack is the first of the skirmish to deal 1 or more wounds, alone (not within a simultaneous tie group that drew blood together).' },
  { id: 'killed', label: 'Killed', kind: 'probability', per: 'combatant', description: 'He ends the skirmish dead: more wounds than his Out rank holds.' },
  { id: 'defeated', label: 'Defeated', kind: 'probability', per: 'combatant', description: 'He ends the skirmish defeated (Down by default, Out or dead).' },
  { id: 'rounds-to-defeat', label: 'Round of defeat', kind: 'distribution', per: 'combatant', description: 'Round in which he was defeated, over the skirmishes where he was.' },
  { id: 'delays', label: 'Delays', kind: 'probability', per: 'combatant', description: 'Skirmishes in which he delayed his Turn at least once.' },
  { id: 'void-spent', label: 'Void Points spent', kind: 'distribution', per: 'combatant', description: 'Void Points he spent in one skirmish (at most his Void Ring, normally one per Round); shown for characters whose plan spends Void.' },
  { id: 'void-attack-hit-rate', label: 'Void-boosted attacks that hit', kind: 'probability', per: 'combatant', description: 'Share of his attacks with a Void Point (+1k1, or skill 1 when unskilled) that hit; compare with "Attacks that hit".' },
  { id: 'void-armor-saves', label: 'Attacks turned aside by Void +10 Armor TN', kind: 'probability', per: 'combatant', description: 'Of the attacks made on him while his Void +10 Armor TN was up, the share that missed only because of the +10.' },
  { id: 'void-wounds-prevented', label: 'Wounds prevented by Void', kind: 'mean', per: 'combatant', description: 'Wounds per skirmish his Void Points took off hits (10 per Point).' },
  { id: 'void-on-attack', label: 'Void Points spent on attack rolls (+1k1)', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent for +1k1 on his attack roll.' },
  { id: 'void-on-armor', label: 'Void Points spent on +10 Armor TN', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent at Round start for +10 Armor TN that Round.' },
  { id: 'void-on-wounds', label: 'Void Points spent to reduce wounds', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent to take 10 fewer wounds from a hit.' },
  { id: 'void-on-damage', label: 'Void Points spent on katana damage (+1k1)', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent for +1k1 on a katana damage roll after a hit.' },
  { id: 'void-on-initiative', label: 'Void Points spent on +10 Initiative', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent for +10 Initiative for the rest of the skirmish (at most 1).' },
  { id: 'void-on-initiative-roll', label: 'Void Points spent on the Initiative roll (+1k1)', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent for +1k1 on his Initiative roll in Round 1 (at most 1); the Initiative metrics include it, exactly.' },
  { id: 'void-on-full-defense', label: 'Void Points spent on Full Defense rolls (+1k1)', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent for +1k1 on his Full Defense roll (none when Defense Mastery 3 keeps the last roll).' },
  { id: 'void-on-skill', label: 'Void Points spent for skill 1 on an unskilled attack', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish an unskilled attacker spent to roll as with skill 1 (+1k0, tens explode).' },
  { id: 'void-on-swap', label: 'Void Points spent to swap Initiative', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent at Round start to exchange Initiative Scores with a willing ally.' },
  { id: 'void-to-act-down', label: 'Void Points spent to act while Down', kind: 'mean', per: 'combatant', description: 'Void Points per skirmish he spent to act at Down (under the rule variant where a Down character acts on Void: Free actions only, no attacks).' },
  { id: 'delay-payoff', label: 'Delay pays off', kind: 'probability', per: 'combatant', description: 'He delayed, acted after his target, and the next Round hit that target again before it could act: two blows in a row.' },
]

function label(id: string, name?: string): string {
  const doc = metricDocs.find((d) => d.id === id)
  return name ? `${doc?.label ?? id}: ${name}` : (doc?.label ?? id)
}

/**
 * A skirmish with no winner, said as what happened: both sides still standing at the Round cap (with equal
 * health left under "most-health"), or, under simultaneous Initiative ties, both sides falling together.
 */
export function drawLabel(plan: Pick<Plan, 'cap' | 'mostHealthOnCap' | 'simultaneousTies'>): string {
  const atCap = `still standing after ${plan.cap} ${plan.cap === 1 ? 'Round' : 'Rounds'}${plan.mostHealthOnCap ? ' with equal health left' : ''}`
  return plan.simultaneousTies ? `Both sides fall together, or both ${atCap}` : `Both sides ${atCap}`
}

/** The names of a side's characters, in the scenario's order. */
export function sideNames(plan: Plan, side: 'A' | 'B'): string[] {
  return plan.fighters.filter((d) => d.c.side === side).map((d) => d.c.name)
}

function exactFor(exact: ExactMetric[] | undefined, id: string): ExactMetric | undefined {
  return exact?.find((m) => m.id === id)
}

/** Sampled metrics, with the exact Initiative distribution and P(highest Initiative) attached. */
export function summarizeSkirmish(plan: Plan, tally: Tally, exact?: ExactMetric[]): Metric[] {
  const n = tally.trials
  const c = tally.counts
  const out: Metric[] = [
    probabilityMetric({ id: 'win:A', metric: 'win', label: sideWinsLabel('A', sideNames(plan, 'A')) }, c[outcomeCounter(plan, 0)], n),
    probabilityMetric({ id: 'win:B', metric: 'win', label: sideWinsLabel('B', sideNames(plan, 'B')) }, c[outcomeCounter(plan, 1)], n),
    probabilityMetric({ id: 'draw', metric: 'draw', label: drawLabel(plan) }, c[outcomeCounter(plan, 2)], n),
    distributionMetric({ id: 'rounds', metric: 'rounds', label: label('rounds') }, tally.bins, 1, lengthBins(plan), plan.cap),
  ]
  plan.fighters.forEach((d, i) => {
    const head = (metric: string): { id: string; metric: string; label: string; subjects: string[] } => ({ id: `${metric}:${d.c.id}`, metric, label: label(metric, d.c.name), subjects: [d.c.id] })
    const base = binBase(plan, i)
    const init = exactFor(exact, `initiative:${d.c.id}`)
    const first = exactFor(exact, `initiative-first:${d.c.id}`)
    out.push(distributionMetric(head('initiative'), tally.bins, 0, base + INIT_OFFSET, INIT_BINS, init?.kind === 'distribution' ? { mean: init.mean, p: init.p } : undefined))
    out.push(probabilityMetric(head('initiative-first'), c[counterIndex(i, COUNTER.initiativeFirst)], n, first?.kind === 'probability' ? first.p : undefined))
    if (d.stanceOf.some(canAttackIn)) {
      out.push(probabilityMetric(head('hit-rate'), c[counterIndex(i, COUNTER.hits)], c[counterIndex(i, COUNTER.attacks)]))
      out.push(distributionMetric(head('wounds-per-attack'), tally.bins, 0, base + PER_ATTACK_OFFSET, ATTACK_BINS))
    }
    out.push(distributionMetric(head('wounds-per-fight'), tally.bins, 0, base + PER_FIGHT_OFFSET, FIGHT_BINS))
    out.push(probabilityMetric(head('first-blood'), c[counterIndex(i, COUNTER.firstBlood)], n))
    out.push(probabilityMetric(head('defeated'), c[counterIndex(i, COUNTER.defeated)], n))
    out.push(probabilityMetric(head('killed'), c[counterIndex(i, COUNTER.dead)], n))
    out.push(distributionMetric(head('rounds-to-defeat'), tally.bins, 1, base + DEFEAT_ROUND_OFFSET, plan.cap))
    if (d.voidOf.some((x) => x !== 0) || plan.downActsWithVoid) out.push(...voidMetrics(plan, tally, i, head))
    if (d.delayOf.some((x) => x !== 0)) {
      out.push(probabilityMetric(head('delays'), c[counterIndex(i, COUNTER.delayedTrials)], n))
      out.push(probabilityMetric(head('delay-payoff'), c[counterIndex(i, COUNTER.payoff)], n))
    }
  })
  return out
}

type Head = (metric: string) => { id: string; metric: string; label: string; subjects: string[] }

/** Metric id of the Points spent on each use code (plan.ts VOID_*). */
const PER_USE: readonly [number, string][] = [
  [VOID_ATTACK, 'void-on-attack'],
  [VOID_ARMOR, 'void-on-armor'],
  [VOID_WOUNDS, 'void-on-wounds'],
  [VOID_DAMAGE, 'void-on-damage'],
  [VOID_INITIATIVE, 'void-on-initiative'],
  [VOID_SWAP, 'void-on-swap'],
  [VOID_SKILL, 'void-on-skill'],
  [VOID_INITIATIVE_ROLL, 'void-on-initiative-roll'],
  [VOID_FULL_DEFENSE, 'void-on-full-defense'],
  [VOID_DOWN, 'void-to-act-down'],
]

/** Void spent (in all and per use) and its payoff: hit rate with +1k1, attacks the +10 Armor TN turned into misses, wounds prevented. */
function voidMetrics(plan: Plan, tally: Tally, i: number, head: Head): Metric[] {
  const c = tally.counts
  const at = (k: number): number => c[counterIndex(i, k)]
  const uses = plan.fighters[i].voidOf
  const out: Metric[] = [distributionMetric(head('void-spent'), tally.bins, 0, binBase(plan, i) + voidOffset(plan), VOID_BINS)]
  for (const [use, id] of PER_USE) {
    if (use === VOID_DOWN ? plan.downActsWithVoid : uses.includes(use)) out.push(meanMetric(head(id), tally.trials, at(VOID_USE_COUNTERS + 2 * use), at(VOID_USE_COUNTERS + 2 * use + 1)))
  }
  if (uses.includes(VOID_ATTACK) || uses.includes(VOID_SKILL)) out.push(probabilityMetric(head('void-attack-hit-rate'), at(COUNTER.voidAttackHits), at(COUNTER.voidAttacks)))
  if (uses.includes(VOID_ARMOR)) out.push(probabilityMetric(head('void-armor-saves'), at(COUNTER.voidArmorSaves), at(COUNTER.voidArmorFaced)))
  if (uses.includes(VOID_WOUNDS)) out.push(meanMetric(head('void-wounds-prevented'), tally.trials, at(COUNTER.woundsPrevented), at(COUNTER.woundsPreventedSq)))
  return out
}
