import type { MetricDoc } from '../../core/metrics'
import type { Plan } from './plan'

/** The metrics this system reports; per-combatant ones get `:<combatant id>` appended. */
export const metricDocs: readonly MetricDoc[] = [
  { id: 'ordering', label: 'Complete orderings', kind: 'order', per: 'scenario', description: 'Who acts in which slot, who loses his action, who never gets to act.' },
  { id: 'acts-first-alone', label: 'Acts first alone', kind: 'probability', per: 'combatant', description: 'He acts before everyone else, alone in the first slot.' },
  { id: 'acts-first-tied', label: 'Tied first', kind: 'probability', per: 'combatant', description: 'He acts first, truly simultaneously with at least one other fighter.' },
  { id: 'acts', label: 'Acts at all', kind: 'probability', per: 'combatant', description: 'He gets to carry out his action.' },
  { id: 'loses-action', label: 'Loses his action', kind: 'probability', per: 'combatant', description: 'A faster action made his impossible, so he loses his action and his Wait (or he may not roll at all).' },
  { id: 'late-interrupt', label: 'Late interrupt succeeds', kind: 'probability', per: 'combatant', description: 'A late joiner acts before the fighter whose action triggered him.' },
  { id: 'prevents', label: 'Prevents an action', kind: 'probability', per: 'pair', description: "The first fighter's action comes first and makes the second's impossible." },
  { id: 'simultaneous-exchange', label: 'Simultaneous exchange', kind: 'probability', per: 'pair', description: 'Two fighters attacking each other act in the same slot: neither can parry with the weapon he attacks with.' },
]

export interface MetricCell {
  id: string
  metric: string
  label: string
  subjects: string[]
  /** Indices into `plan.outcomes` that count for this probability. */
  outcomes: number[]
}

/** Every probability metric of a plan as the set of outcomes it counts, so sampled and exact share one definition. */
export function probabilityCells(plan: Plan): MetricCell[] {
  const cells: MetricCell[] = []
  const { fighters, outcomes } = plan
  const where = (pred: (o: (typeof outcomes)[number]) => boolean): number[] => outcomes.flatMap((o, k) => (pred(o) ? [k] : []))
  const label = (id: string): string => metricDocs.find((d) => d.id === id)?.label ?? id
  for (const f of fighters) {
    const i = f.index
    const c = f.combatant
    const cell = (metric: string, pred: (o: (typeof outcomes)[number]) => boolean, text = `${label(metric)}: ${c.name}`): void => {
      cells.push({ id: `${metric}:${c.id}`, metric, label: text, subjects: [c.id], outcomes: where(pred) })
    }
    cell('acts-first-alone', (o) => o.slots.length > 0 && o.slots[0].length === 1 && o.slots[0][0] === i)
    cell('acts-first-tied', (o) => o.slots.length > 0 && o.slots[0].length > 1 && o.slots[0].includes(i))
    cell('acts', (o) => o.fate[i] === 'acted')
    cell('loses-action', (o) => o.fate[i] === 'lost' || o.fate[i] === 'unable')
    if (f.tactic.commit === 'late' && f.tactic.interrupts !== undefined) {
      const t = fighters.findIndex((g) => g.combatant.id === f.tactic.interrupts)
      cell(
        'late-interrupt',
        (o) => o.fate[i] === 'acted' && (o.fate[t] === 'lost' || o.slotOf[t] > o.slotOf[i]),
        `${c.name} interrupts ${fighters[t].combatant.name}`,
      )
    }
  }
  for (const f of fighters) {
    for (const victimId of f.tactic.prevents) {
      const v = fighters.findIndex((g) => g.combatant.id === victimId)
      cells.push({
        id: `prevents:${f.combatant.id}:${victimId}`,
        metric: 'prevents',
        label: `${f.combatant.name} prevents ${fighters[v].combatant.name}`,
        subjects: [f.combatant.id, victimId],
        outcomes: where((o) => o.fate[v] === 'lost' && o.lostBy[v].includes(f.index)),
      })
    }
  }
  for (const a of fighters) {
    const b = fighters.find((g) => g.combatant.id === a.tactic.attacks)
    if (!b || b.index < a.index || b.tactic.attacks !== a.combatant.id) continue
    cells.push({
      id: `simultaneous-exchange:${a.combatant.id}:${b.combatant.id}`,
      metric: 'simultaneous-exchange',
      label: `${a.combatant.name} and ${b.combatant.name} strike simultaneously (no parry with the attacking weapon)`,
      subjects: [a.combatant.id, b.combatant.id],
      outcomes: where((o) => o.fate[a.index] === 'acted' && o.slotOf[a.index] === o.slotOf[b.index]),
    })
  }
  return cells
}

export function sumOver(values: ArrayLike<number>, indices: readonly number[]): number {
  let s = 0
  for (const k of indices) s += values[k]
  return s
}
