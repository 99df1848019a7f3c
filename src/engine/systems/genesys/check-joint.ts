import { forEachResult, type CheckDistribution } from '../../dice/narrative-exact'
import type { JointExactMetric } from '../rule-system'

/**
 * The joint of the two axes a GM reads off every check, net successes × net advantage, exactly
 * (docs/rules/genesys.md section 2: success and advantage are read independently; the issue asks `exact` for the full joint
 * distribution). Triumphs and Despairs are summed out here; they have their own exact metrics.
 */
export function netByAdvantage(d: CheckDistribution): JointExactMetric {
  const advN = d.advMax - d.advMin + 1
  const rows = Array.from({ length: d.netMax - d.netMin + 1 }, () => new Array<number>(advN).fill(0))
  forEachResult(d, (net, adv, _tr, _de, c) => {
    rows[net - d.netMin][adv - d.advMin] += c
  })
  const range = (lo: number, hi: number): number[] => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i)
  return {
    id: 'net-by-advantage',
    label: 'Net successes × net advantage',
    kind: 'joint',
    x: { label: 'Net successes', values: range(d.netMin, d.netMax) },
    y: { label: 'Net advantage', values: range(d.advMin, d.advMax) },
    p: rows.map((row) => row.map((c) => c / d.total)),
  }
}
