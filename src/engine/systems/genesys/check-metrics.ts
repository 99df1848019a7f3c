import { distributionMetric, orderMetric, probabilityMetric, type Metric, type MetricDoc } from '../../core/metrics'
import type { ExactMetric } from '../rule-system'
import { checkOutcome, type CheckPlan } from './check'

/** Metrics of a single check (mode "check"). */
export const checkMetricDocs: readonly MetricDoc[] = [
  { id: 'hit', label: 'The attack hits', kind: 'probability', per: 'scenario', description: 'The check generates net successes ≥ 1.' },
  { id: 'crit', label: 'The attack causes a Critical Injury', kind: 'probability', per: 'scenario', description: 'A hit past soak with advantage ≥ the Critical rating or a Triumph.' },
  { id: 'triumph', label: 'At least one Triumph', kind: 'probability', per: 'scenario', description: 'At least one Triumph, whatever the outcome.' },
  { id: 'despair', label: 'At least one Despair', kind: 'probability', per: 'scenario', description: 'At least one Despair, whatever the outcome.' },
  { id: 'net-successes', label: 'Net successes', kind: 'distribution', per: 'scenario', description: 'Successes minus failures (negative: net failures).' },
  { id: 'advantage', label: 'Net advantage', kind: 'distribution', per: 'scenario', description: 'Advantages minus threats (negative: net threats).' },
  { id: 'damage', label: 'Damage per check', kind: 'distribution', per: 'scenario', description: 'Weapon damage + net successes on a hit, 0 on a miss.' },
  { id: 'wounds', label: 'Wounds per check', kind: 'distribution', per: 'scenario', description: 'Damage past soak on a hit, 0 on a miss.' },
  { id: 'triumphs', label: 'Triumphs', kind: 'distribution', per: 'scenario', description: 'Number of Triumphs rolled (never cancelled).' },
  { id: 'despairs', label: 'Despairs', kind: 'distribution', per: 'scenario', description: 'Number of Despairs rolled (never cancelled).' },
  { id: 'outcome', label: 'Success × advantage', kind: 'order', per: 'scenario', description: 'The joint read of net successes and net advantage a GM narrates: success or failure, with advantage, neither, or threat.' },
]

/**
 * The six narrative outcomes (success or failure × net advantage, none, or net threat), the coarse
 * joint of the two axes a GM reads first (docs/rules/genesys.md section 2). Index = (success ? 0 : 3) + (adv > 0 ? 0 : adv === 0 ? 1 : 2).
 */
const OUTCOMES: readonly { key: string; label: string }[] = [
  { key: 'success-advantage', label: 'Success with advantage' },
  { key: 'success', label: 'Success, no net advantage or threat' },
  { key: 'success-threat', label: 'Success with threat' },
  { key: 'failure-advantage', label: 'Failure with advantage' },
  { key: 'failure', label: 'Failure, no net advantage or threat' },
  { key: 'failure-threat', label: 'Failure with threat' },
]

function outcomeIndex(net: number, adv: number): number {
  return (net >= 1 ? 0 : 3) + (adv > 0 ? 0 : adv === 0 ? 1 : 2)
}

/** Counts of each of the six outcomes in a joint histogram (sampled bins or exact counts). */
function outcomeCounts(plan: CheckPlan, counts: ArrayLike<number>): number[] {
  const out = [0, 0, 0, 0, 0, 0]
  forIndexed(plan, (index, net, adv) => {
    out[outcomeIndex(net, adv)] += counts[index]
  })
  return out
}

interface Field {
  id: string
  value: (net: number, adv: number, tr: number, de: number) => number
}

/** Every histogram and probability of a check, as functions of one result, so sampled and exact agree by construction. */
function fields(plan: CheckPlan): { dists: Field[]; probs: Field[] } {
  const out = (net: number, adv: number, tr: number) => checkOutcome(plan, net, adv, tr)
  return {
    dists: [
      { id: 'net-successes', value: (net) => net },
      { id: 'advantage', value: (_n, adv) => adv },
      { id: 'damage', value: (net, adv, tr) => out(net, adv, tr).damage },
      { id: 'wounds', value: (net, adv, tr) => out(net, adv, tr).wounds },
      { id: 'triumphs', value: (_n, _a, tr) => tr },
      { id: 'despairs', value: (_n, _a, _t, de) => de },
    ],
    probs: [
      { id: 'hit', value: (net) => (net >= 1 ? 1 : 0) },
      { id: 'crit', value: (net, adv, tr) => (out(net, adv, tr).crits > 0 ? 1 : 0) },
      { id: 'triumph', value: (_n, _a, tr) => (tr > 0 ? 1 : 0) },
      { id: 'despair', value: (_n, _a, _t, de) => (de > 0 ? 1 : 0) },
    ],
  }
}

const label = (id: string): string => checkMetricDocs.find((d) => d.id === id)?.label ?? id

/** Folds the joint histogram (sampled counts, or exact counts) through a value function. */
function histogramOf(plan: CheckPlan, counts: ArrayLike<number>, f: Field): Map<number, number> {
  const m = new Map<number, number>()
  forIndexed(plan, (index, net, adv, tr, de) => {
    const c = counts[index]
    if (c === 0) return
    const v = f.value(net, adv, tr, de)
    m.set(v, (m.get(v) ?? 0) + c)
  })
  return m
}

/** Visits every cell of the joint index (possible or not) with its coordinates. */
function forIndexed(plan: CheckPlan, visit: (index: number, net: number, adv: number, tr: number, de: number) => void): void {
  const d = plan.dist
  let i = 0
  for (let net = d.netMin; net <= d.netMax; net++)
    for (let adv = d.advMin; adv <= d.advMax; adv++)
      for (let tr = 0; tr <= d.trMax; tr++) for (let de = 0; de <= d.deMax; de++, i++) visit(i, net, adv, tr, de)
}

function toBins(m: Map<number, number>): { min: number; bins: Float64Array } {
  const keys = [...m.keys()]
  const min = keys.length ? Math.min(...keys) : 0
  const max = keys.length ? Math.max(...keys) : 0
  const bins = new Float64Array(max - min + 1)
  for (const [k, c] of m) bins[k - min] += c
  return { min, bins }
}

export function summarizeCheckTally(plan: CheckPlan, bins: ArrayLike<number>, trials: number): Metric[] {
  const { dists, probs } = fields(plan)
  const exactOf = exactCheckMetrics(plan)
  const metrics: Metric[] = []
  for (const f of probs) {
    const seen = histogramOf(plan, bins, f).get(1) ?? 0
    const ex = exactOf.find((e) => e.id === f.id)
    metrics.push(probabilityMetric({ id: f.id, metric: f.id, label: label(f.id) }, seen, trials, ex?.kind === 'probability' ? ex.p : undefined))
  }
  for (const f of dists) {
    const h = toBins(histogramOf(plan, bins, f))
    const ex = exactOf.find((e) => e.id === f.id)
    const exact = ex?.kind === 'distribution' ? { mean: ex.mean, p: ex.p } : undefined
    metrics.push(distributionMetric({ id: f.id, metric: f.id, label: label(f.id) }, h.bins, h.min, 0, h.bins.length, exact))
  }
  const seen = outcomeCounts(plan, bins)
  const ex = outcomeCounts(plan, plan.dist.counts)
  const counted = OUTCOMES.map((o, i) => ({ ...o, count: seen[i], exact: ex[i] / plan.dist.total }))
  metrics.push(orderMetric({ id: 'outcome', metric: 'outcome', label: label('outcome') }, counted, trials))
  return metrics
}

export function exactCheckMetrics(plan: CheckPlan): ExactMetric[] {
  const { dists, probs } = fields(plan)
  const total = plan.dist.total
  const out: ExactMetric[] = []
  for (const f of probs) out.push({ id: f.id, label: label(f.id), kind: 'probability', p: (histogramOf(plan, plan.dist.counts, f).get(1) ?? 0) / total })
  for (const f of dists) {
    const p = [...histogramOf(plan, plan.dist.counts, f).entries()].sort((a, b) => a[0] - b[0]).map(([value, c]) => ({ value, p: c / total }))
    out.push({ id: f.id, label: label(f.id), kind: 'distribution', mean: p.reduce((s, x) => s + x.value * x.p, 0), p })
  }
  const ex = outcomeCounts(plan, plan.dist.counts)
  out.push({ id: 'outcome', label: label('outcome'), kind: 'order', outcomes: OUTCOMES.map((o, i) => ({ ...o, p: ex[i] / total })) })
  return out
}
