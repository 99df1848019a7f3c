import type { Rng } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import { gurpsSucceeds } from '../../dice/three-d6'
import { actionWorks, ETS_BONUS, rankCode, type Fighter, type Outcome, type Plan } from './plan'

function signed(x: number): string {
  return x >= 0 ? `+${x}` : `${x}`
}

/** 3–4 always succeed and 17–18 always fail; the Quick Contest still orders by the literal margin. */
function marginText(roll: number, effective: number, ok: boolean): string {
  const margin = effective - roll
  if (ok && roll > effective) return `succeeds automatically on a ${roll} (margin ${signed(margin)})`
  if (!ok && roll <= effective) return `fails automatically on a ${roll} (margin ${signed(margin)})`
  return ok ? `succeeds by ${margin}` : `fails by ${-margin}`
}

function explain(f: Fighter): string {
  const e = f.effective
  const parts = [`${f.combatant.skillName} ${e.skill}`]
  if (e.combatReflexes) parts.push(`${signed(e.combatReflexes)} ${f.combatant.enhancedTimeSense ? 'ETS (includes Combat Reflexes)' : 'Combat Reflexes'}`)
  parts.push(`${signed(e.basicSpeed)} Basic Speed`)
  const yards = f.tactic.yards
  parts.push(`${signed(e.movement)} ${yards === 0 ? 'no movement' : yards === 1 ? 'one step' : `${yards} yards`}`)
  if (e.late) parts.push(`${signed(e.late)} jumping in late`)
  if (e.modifier) parts.push(`${signed(e.modifier)} other`)
  return `${parts.join(' ')} = ${e.total}`
}

/** Rolls every roller's 3d6 (the same draws, in the same order, as `simulate`) and tells each roll. */
function rollAll(plan: Plan, rng: Rng, events: TraceEvent[]): Int32Array {
  const n = plan.rollers.length
  const keys = new Int32Array(Math.max(1, n))
  for (let r = 0; r < n; r++) {
    const index = rng.below(216)
    keys[r] = plan.keyTable[r * 216 + index]
    const f = plan.fighters[plan.rollers[r]]
    const roll = THREE_D6_TOTAL_OF_INDEX[index]
    const e = f.effective.total
    const margin = marginText(roll, e, gurpsSucceeds(roll, e))
    const ets = keys[r] >= ETS_BONUS ? ' (Enhanced Time Sense: resolved before those without it)' : ''
    const trigger = plan.fighters.find((g) => g.combatant.id === f.tactic.interrupts)
    const when = f.tactic.commit === 'late' && trigger ? ` if his trigger comes (${trigger.combatant.name} acting)` : ''
    events.push({ at: 0, kind: 'roll', who: [f.combatant.id], text: `${f.combatant.name} rolls ${roll} against ${explain(f)}${when}: ${margin}${ets}.` })
  }
  return keys
}

/** Tells one time slot: who acts (simultaneously if several), mutual attacks, and who loses his action. */
function tellSlot(plan: Plan, o: Outcome, slot: number[], at: number, events: TraceEvent[]): void {
  const name = (i: number): string => plan.fighters[i].combatant.name
  const id = (i: number): string => plan.fighters[i].combatant.id
  const words = slot.map((i) => `${name(i)}${plan.fighters[i].tactic.commit === 'late' ? ' (cutting in late)' : ''}: ${plan.fighters[i].tactic.action}`)
  events.push({ at, kind: 'act', who: slot.map(id), text: `${slot.length > 1 ? 'Truly simultaneously — ' : ''}${words.join('; ')}.` })
  for (const i of slot) {
    const f = plan.fighters[i]
    const victim = plan.fighters.find((g) => g.combatant.id === f.tactic.attacks)
    if (victim && slot.includes(victim.index) && victim.tactic.attacks === f.combatant.id && i < victim.index) {
      events.push({ at, kind: 'note', who: [id(i), victim.combatant.id], text: `${name(i)} and ${victim.combatant.name} attack each other at once: neither can parry with the weapon he attacks with.` })
    }
  }
  for (const i of slot) if (o.failed[i]) events.push({ at, kind: 'note', who: [id(i)], text: `${name(i)}'s action does not work.` })
  o.fate.forEach((fate, v) => {
    if (fate === 'lost' && o.lostBy[v].some((a) => slot.includes(a))) {
      events.push({ at, kind: 'lose', who: [id(v)], text: `${name(v)}'s action is now impossible: he loses his action and his Wait.` })
    }
  })
}

/**
 * One cascade told as a log: the Quick Contest rolls, then each slot in order with who acts, who cuts
 * in and who loses his action. Uses the same draws, in the same order, as `simulate`.
 */
export function traceCascade(plan: Plan, rng: Rng): TraceEvent[] {
  const events: TraceEvent[] = []
  for (const f of plan.fighters) {
    if (f.staticFate === 'keeps-waiting') events.push({ at: 0, kind: 'note', who: [f.combatant.id], text: `${f.combatant.name} continues to wait.` })
    if (f.staticFate === 'unable') events.push({ at: 0, kind: 'lose', who: [f.combatant.id], text: `${f.combatant.name} may not roll (${explain(f)}, below 3) and loses his action.` })
  }
  const keys = rollAll(plan, rng, events)
  const n = plan.rollers.length
  const ranks = new Array<number>(n)
  for (let i = 0; i < n; i++) {
    let ahead = 0
    for (let j = 0; j < n; j++) if (keys[j] > keys[i]) ahead++
    ranks[i] = ahead
  }
  let mask = 0
  plan.checks.forEach((c, k) => {
    const f = plan.fighters[plan.rollers[c.roller]]
    const r = actionWorks(c, () => THREE_D6_TOTAL_OF_INDEX[rng.below(216)])
    if (r.works) mask |= 1 << k
    const skill = `${f.combatant.skillName} ${c.skill}`
    const ok = gurpsSucceeds(r.roll, c.skill)
    let text = `If ${f.combatant.name} gets to act (${f.tactic.action}): ${r.roll} against ${skill}, ${ok ? 'a success' : 'a failure'}`
    if (ok && r.defenseRoll > 0) text += `; his target defends (${c.defense}) and rolls ${r.defenseRoll}, ${gurpsSucceeds(r.defenseRoll, c.defense) ? 'a success' : 'a failure'}`
    else if (ok && c.defense >= 0) text += ', critical: no defence'
    events.push({ at: 0, kind: 'roll', who: [f.combatant.id], text: `${text} — ${r.works ? 'it would work' : 'it would not work and prevent nothing'}.` })
  })
  const o = plan.outcomes[plan.outcomeOfCode[rankCode(ranks, n) * plan.masks + mask]]
  o.slots.forEach((slot, k) => tellSlot(plan, o, slot, k + 1, events))
  o.fate.forEach((fate, v) => {
    if (fate === 'not-triggered') events.push({ at: o.slots.length + 1, kind: 'note', who: [plan.fighters[v].combatant.id], text: `${plan.fighters[v].combatant.name}'s trigger never came; he is still waiting.` })
  })
  return events
}
