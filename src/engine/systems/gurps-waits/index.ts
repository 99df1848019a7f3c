import { orderMetric, probabilityMetric, type Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { exactOutcomeWeights } from './exact'
import { metricDocs, probabilityCells, sumOver } from './metrics'
import { compile, type Plan } from './plan'
import { scenarioSchema, SYSTEM_ID, SYSTEM_LABEL, variants, type GurpsWaitsScenario } from './schema'
import { traceCascade } from './trace'

interface CachedPlan extends Plan {
  exactCache?: { weights: Float64Array; total: number }
}

function exactOf(plan: CachedPlan): { weights: Float64Array; total: number } {
  plan.exactCache ??= exactOutcomeWeights(plan)
  return plan.exactCache
}

/**
 * One trial: each roller's 3d6 (one unbiased draw per roller), his contest key from the precomputed
 * table, the competition ranking of the keys, then each preventing action's rolls (its skill roll, and
 * the target's defence only when that roll needs one), and the outcome those lead to. Every decision
 * is a table lookup: no closure, object or array is made per trial, and the dice are drawn in the same
 * order as `actionWorks` draws them for the trace.
 */
function simulate(plan: Plan, rng: Rng, tally: Tally): void {
  const n = plan.rollers.length
  const keys = plan.keys
  const table = plan.keyTable
  for (let r = 0; r < n; r++) keys[r] = table[r * 216 + rng.below(216)]
  let code = 0
  for (let i = n - 1; i >= 0; i--) {
    const k = keys[i]
    let ahead = 0
    for (let j = 0; j < n; j++) if (keys[j] > k) ahead++
    code = code * n + ahead
  }
  let mask = 0
  const checks = plan.checks.length
  if (checks > 0) {
    const roll = plan.checkRoll
    const defenseFails = plan.checkDefenseFails
    for (let k = 0, base = 0; k < checks; k++, base += 216) {
      const result = roll[base + rng.below(216)]
      if (result === 1 || (result === 2 && defenseFails[base + rng.below(216)] === 1)) mask |= 1 << k
    }
  }
  tally.bins[plan.outcomeOfCode[code * plan.masks + mask]]++
}

function summarize(plan: CachedPlan, tally: Tally): Metric[] {
  const exact = exactOf(plan)
  const n = tally.trials
  const metrics: Metric[] = [
    orderMetric(
      { id: 'ordering', metric: 'ordering', label: 'Complete orderings' },
      plan.outcomes.map((o, k) => ({ key: o.key, label: o.label, count: tally.bins[k], exact: exact.weights[k] / exact.total })).filter((o) => o.count > 0 || o.exact > 0),
      n,
    ),
  ]
  for (const cell of probabilityCells(plan)) {
    metrics.push(
      probabilityMetric(
        { id: cell.id, metric: cell.metric, label: cell.label, subjects: cell.subjects },
        sumOver(tally.bins, cell.outcomes),
        n,
        sumOver(exact.weights, cell.outcomes) / exact.total,
      ),
    )
  }
  return metrics
}

function exact(plan: CachedPlan): ExactMetric[] {
  const { weights, total } = exactOf(plan)
  const out: ExactMetric[] = [
    {
      id: 'ordering',
      label: 'Complete orderings',
      kind: 'order',
      outcomes: plan.outcomes
        .map((o, k) => ({ key: o.key, label: o.label, p: weights[k] / total }))
        .filter((o) => o.p > 0)
        .sort((a, b) => b.p - a.p || (a.key < b.key ? -1 : 1)),
    },
  ]
  for (const cell of probabilityCells(plan)) out.push({ id: cell.id, label: cell.label, kind: 'probability', p: sumOver(weights, cell.outcomes) / total })
  return out
}

/**
 * GURPS Cascading Waits: several waiting fighters triggered at once, ordered by a Quick Contest.
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) and docs/rules/gurps.md
 */
export const gurpsWaits = {
  id: SYSTEM_ID,
  label: SYSTEM_LABEL,
  version: '1.1.0',
  description:
    'Several fighters on Wait are triggered at once (GURPS Martial Arts p.108): each rolls a Quick Contest on the score he will use; successes act by decreasing margin, then failures; ties are truly simultaneous; late joiners cut in at −2; Enhanced Time Sense goes first.',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile: (s: GurpsWaitsScenario): CachedPlan => compile(s),
  shape: (plan: Plan) => ({ counters: 0, bins: plan.outcomes.length }),
  simulate,
  summarize,
  trace: traceCascade,
  exact,
} satisfies RuleSystem<GurpsWaitsScenario, CachedPlan>
