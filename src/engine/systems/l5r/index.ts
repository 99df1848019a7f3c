import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { exactMetrics } from './exact'
import type { Fight } from './fight'
import { metricDocs, summarizeSkirmish } from './metrics'
import { compile, type Plan } from './plan'
import { scenarioSchema, SYSTEM_ID, variants, type L5rScenario } from './schema'
import { playSkirmish } from './skirmish'
import { shapeOf } from './tally-layout'

interface CachedPlan extends Plan {
  fight?: Fight
  exactCache?: ExactMetric[]
}

function exactOf(plan: CachedPlan): ExactMetric[] {
  plan.exactCache ??= exactMetrics(plan)
  return plan.exactCache
}

/** One skirmish into the tally; the fight context is made once per plan and reused. */
function simulate(plan: CachedPlan, rng: Rng, tally: Tally): void {
  plan.fight = playSkirmish(plan, rng, tally, undefined, plan.fight)
}

function trace(plan: Plan, rng: Rng): TraceEvent[] {
  const log: TraceEvent[] = []
  playSkirmish(plan, rng, undefined, log)
  return log
}

function summarize(plan: CachedPlan, tally: Tally): Metric[] {
  return summarizeSkirmish(plan, tally, exactOf(plan))
}

/**
 * Legend of the Five Rings (4e) skirmish: roll-and-keep d10 with exploding 10s and the Ten Dice Rule,
 * Initiative once per skirmish, Stances, delaying, Reactions at the end of each Round, attacks against
 * Armor TN with Raises, damage and wound ranks.
 * @see the L5R skirmish rules (docs/rules/l5r.md section 2), docs/rules/l5r.md, docs/rules/l5r.md section 4, docs/rules/l5r.md section 5
 */
export const l5r = {
  id: SYSTEM_ID,
  label: 'Legend of the Five Rings — skirmish',
  version: '1.3.0',
  description:
    'Roll-and-keep skirmish (L5R 4e): Initiative (Agility + Class Rank) k Agility once per skirmish, Stances (Attack, Full Attack, Defense, Full Defense, Center), delayed Turns, end-of-Round Reactions, melee and bow attacks vs Armor TN with Raises and Emphases, Void Points, exploding damage, wound ranks and their TN penalties. Exact values: Initiative, the odds of the opening attack and any roll you list.',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile: (s: L5rScenario): CachedPlan => compile(s),
  shape: (plan: Plan) => shapeOf(plan),
  simulate,
  summarize,
  trace,
  exact: exactOf,
} satisfies RuleSystem<L5rScenario, CachedPlan>
