import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { exactMetrics } from './exact'
import { exactSkirmish } from './exact-fight'
import type { Fight } from './fight'
import { metricDocs, summarizeSkirmish } from './metrics'
import { l5rOptionSets } from './options'
import { compile, type Plan } from './plan'
import { scenarioSchema, SYSTEM_ID, SYSTEM_LABEL, variants, type L5rScenario } from './schema'
import { playSkirmish } from './skirmish'
import { shapeOf } from './tally-layout'

interface CachedPlan extends Plan {
  fight?: Fight
  exactCache?: ExactMetric[]
  wholeFight?: ExactMetric[]
}

/** The exact values `summarize` attaches itself: Initiative and the opening attacks (quick). */
function exactOf(plan: CachedPlan): ExactMetric[] {
  plan.exactCache ??= exactMetrics(plan)
  return plan.exactCache
}

/**
 * Every exact value: the quick ones and the whole skirmish (up to a second or two for a long 1-vs-1).
 * A run asks a worker for these and attaches them (engine/run/job.ts), so `summarize` never solves a fight.
 */
function exact(plan: CachedPlan): ExactMetric[] {
  plan.wholeFight ??= exactSkirmish(plan)
  return [...exactOf(plan), ...plan.wholeFight]
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
  label: SYSTEM_LABEL,
  version: '1.5.0',
  description:
    'Roll-and-keep skirmish (L5R 4e): Initiative (Agility + Class Rank) k Agility once per skirmish, Stances (Attack, Full Attack, Defense, Full Defense, Center), delayed Turns, end-of-Round Reactions, melee and bow attacks vs Armor TN with Raises and Emphases, Void Points, exploding damage, wound ranks and their TN penalties. Exact values: Initiative, the odds of the opening attack, any roll you list, and the whole skirmish for two fighters (who wins, Rounds fought, defeated and killed).',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile: (s: L5rScenario): CachedPlan => compile(s),
  shape: (plan: Plan) => shapeOf(plan),
  simulate,
  summarize,
  trace,
  exact,
  optionSets: l5rOptionSets,
} satisfies RuleSystem<L5rScenario, CachedPlan>
