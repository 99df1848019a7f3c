import type { ExactMetric } from '../../../engine/systems/rule-system'
import { exactnessWords } from '../../../engine/core/fight-exact'
import { jointGrid, type JointGrid } from '../../../shared/joint-grid'

export type ExactItem =
  | { kind: 'value'; id: string; label: string; text: string }
  | { kind: 'distribution'; id: string; label: string; mean: string; bars: { value: number; p: number }[]; max: number }
  | { kind: 'order'; id: string; label: string; outcomes: { label: string; text: string }[]; more: number }
  | { kind: 'joint'; id: string; label: string; xLabel: string; yLabel: string; grid: JointGrid }
  | { kind: 'fight'; id: string; label: string; text: string; solved: boolean }

/** Outcomes of an ordering shown before "and N more". */
export const ORDER_SHOWN = 6
/** Values of a distribution below this chance at either end are not drawn. */
const TAIL = 1e-4

const pct = (p: number): string => `${(p * 100).toFixed(2)}%`
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(3))

/** A distribution's bars from its first to its last value with at least a 0.01% chance. */
function bars(p: { value: number; p: number }[]): { value: number; p: number }[] {
  const first = p.findIndex((b) => b.p >= TAIL)
  let last = p.length - 1
  while (last > first && p[last].p < TAIL) last--
  return first < 0 ? [] : p.slice(first, last + 1)
}

function item(m: ExactMetric): ExactItem {
  switch (m.kind) {
    case 'probability':
      return { kind: 'value', id: m.id, label: m.label, text: pct(m.p) }
    case 'mean':
      return { kind: 'value', id: m.id, label: m.label, text: num(m.mean) }
    case 'distribution': {
      const b = bars(m.p)
      return { kind: 'distribution', id: m.id, label: m.label, mean: `mean ${num(m.mean)}`, bars: b, max: Math.max(0, ...b.map((x) => x.p)) }
    }
    case 'order': {
      const sorted = [...m.outcomes].sort((a, b) => b.p - a.p)
      return { kind: 'order', id: m.id, label: m.label, outcomes: sorted.slice(0, ORDER_SHOWN).map((o) => ({ label: o.label, text: pct(o.p) })), more: Math.max(0, sorted.length - ORDER_SHOWN) }
    }
    case 'joint':
      return { kind: 'joint', id: m.id, label: m.label, xLabel: m.x.label, yLabel: m.y.label, grid: jointGrid(m) }
    case 'fight':
      return { kind: 'fight', id: m.id, label: m.label, solved: m.solved, text: m.solved ? solvedText(m) : `no exact answer — ${m.reason ?? 'out of scope'}` }
  }
}

const ORDER: Record<ExactItem['kind'], number> = { fight: -1, value: 0, order: 1, distribution: 2, joint: 3 }

/** Exact values as the editor shows them: whether the whole fight was solved first, then single values, orderings, distributions and joints. */
export function exactItems(metrics: readonly ExactMetric[]): ExactItem[] {
  return metrics.map(item).sort((a, b) => ORDER[a.kind] - ORDER[b.kind])
}

/** "exact (4,321 states)", or "exact to within 3e-10 (fights of vanishing chance set aside; 4,321 states)" for a bounded answer. */
function solvedText(m: Extract<ExactMetric, { kind: 'fight' }>): string {
  const words = exactnessWords(m) ?? 'exact'
  const states = `${(m.states ?? 0).toLocaleString('en-US')} states`
  return `${words} (${words === 'exact' ? states : `fights of vanishing chance set aside; ${states}`})`
}
