import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { checkShape, compileCheck, simulateCheck, traceCheck, type CheckPlan } from './check'
import { checkMetricDocs, exactCheckMetrics, summarizeCheckTally } from './check-metrics'
import { scenarioSchema, SYSTEM_ID, type GenesysScenario } from './schema'
import { variants } from './variants'

export type GenesysPlan = CheckPlan

function compile(s: GenesysScenario): GenesysPlan {
  return compileCheck(s)
}

function shape(plan: GenesysPlan): TallyShape {
  return checkShape(plan)
}

function simulate(plan: GenesysPlan, rng: Rng, tally: Tally): void {
  simulateCheck(plan, rng, tally)
}

function summarize(plan: GenesysPlan, tally: Tally): Metric[] {
  return summarizeCheckTally(plan, tally.bins, tally.trials)
}

function trace(plan: GenesysPlan, rng: Rng): TraceEvent[] {
  return traceCheck(plan, rng)
}

function exact(plan: GenesysPlan): ExactMetric[] {
  return exactCheckMetrics(plan)
}

/**
 * FFG Star Wars RPG / Genesys narrative dice: one combat check exactly and by sampling, or a fight
 * between two sides with maneuvers, strain, range bands, soak, thresholds and critical injuries.
 * @see ../shared/seeds/003_d9879017bb664d48.txt and rules.md §5
 */
export const genesys = {
  id: SYSTEM_ID,
  label: 'Star Wars RPG / Genesys — narrative dice',
  version: '1.0.0',
  description:
    'Narrative dice checks (Boost, Setback, Ability, Difficulty, Proficiency, Challenge): the exact joint distribution of net successes, advantage, Triumphs and Despairs; combat checks by range band with Aim, cover, Guarded Stance and prone; damage, soak and critical injuries.',
  schema: scenarioSchema,
  variants,
  metrics: [...checkMetricDocs],
  compile,
  shape,
  simulate,
  summarize,
  trace,
  exact,
} satisfies RuleSystem<GenesysScenario, GenesysPlan>
