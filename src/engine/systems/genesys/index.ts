import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import { genesysNotModelled } from './not-modelled'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { checkShape, compileCheck, simulateCheck, traceCheck, type CheckPlan } from './check'
import { netByAdvantage } from './check-joint'
import { checkMetricDocs, exactCheckMetrics, summarizeCheckTally } from './check-metrics'
import { exactWholeFight } from './exact-fight'
import { playFight } from './fight'
import { exactFight, fightMetricDocs, fightShape, summarizeFight } from './fight-metrics'
import { compileFight, type FightPlan } from './fight-plan'
import { genesysOptionSets } from './options'
import { scenarioSchema, SYSTEM_ID, SYSTEM_LABEL, type GenesysScenario } from './schema'
import { variants } from './variants'

export type GenesysPlan = CheckPlan | FightPlan

/** A fight plan with its whole fight solved once (exact-fight.ts): `exact` may be asked again for the same plan. */
type CachedFight = FightPlan & { wholeFight?: ExactMetric[] }

function compile(s: GenesysScenario): GenesysPlan {
  return s.mode === 'check' ? compileCheck(s) : compileFight(s)
}

function shape(plan: GenesysPlan): TallyShape {
  return plan.mode === 'check' ? checkShape(plan) : fightShape(plan)
}

function simulate(plan: GenesysPlan, rng: Rng, tally: Tally): void {
  if (plan.mode === 'check') simulateCheck(plan, rng, tally)
  else playFight(plan, rng, tally)
}

function summarize(plan: GenesysPlan, tally: Tally): Metric[] {
  return plan.mode === 'check' ? summarizeCheckTally(plan, tally.bins, tally.trials) : summarizeFight(plan, tally)
}

/** Same code path as `simulate` with a log; the fight's tally is a throwaway one. */
function trace(plan: GenesysPlan, rng: Rng): TraceEvent[] {
  if (plan.mode === 'check') return traceCheck(plan, rng)
  const log: TraceEvent[] = []
  const s = fightShape(plan)
  playFight(plan, rng, { trials: 0, counts: new Float64Array(s.counters), bins: new Float64Array(s.bins) }, log)
  return log
}

function exact(plan: GenesysPlan): ExactMetric[] {
  if (plan.mode === 'check') return [...exactCheckMetrics(plan), netByAdvantage(plan.dist)]
  const fight = plan as CachedFight
  fight.wholeFight ??= exactWholeFight(plan)
  return [...exactFight(plan), ...fight.wholeFight]
}

/**
 * FFG Star Wars RPG / Genesys narrative dice: one combat check exactly and by sampling, or a fight
 * between two sides with maneuvers, strain, range bands, soak, thresholds and critical injuries.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) and docs/rules/genesys.md
 */
export const genesys = {
  id: SYSTEM_ID,
  label: SYSTEM_LABEL,
  version: '1.4.0',
  description:
    'Narrative dice checks (Boost, Setback, Ability, Difficulty, Proficiency, Challenge): the exact joint distribution of net successes, advantage, Triumphs and Despairs; combat checks by range band with Aim, cover, Guarded Stance and prone; damage, soak and critical injuries; fights between two sides with maneuvers, strain and initiative slots, each fighter with one weapon or several.',
  schema: scenarioSchema,
  variants,
  metrics: [...checkMetricDocs, ...fightMetricDocs],
  compile,
  shape,
  simulate,
  summarize,
  trace,
  exact,
  optionSets: genesysOptionSets,
  notModelled: genesysNotModelled,
} satisfies RuleSystem<GenesysScenario, GenesysPlan>
