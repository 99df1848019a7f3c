import type { FighterOptionSet } from '../rule-system'
import { attacksOf, BEST, type HeroScenario } from './schema'

/**
 * The choices one HERO fighter's player makes that Tactics can compare (docs/rules/hero.md section 6):
 * which attack he makes (each by name, as a Haymaker, or his best against this foe), and how he defends
 * when attacked. Each option is a JSON Merge Patch of his plan (fighters merge by id).
 */
export function heroOptionSets(s: HeroScenario, fighterId: string): FighterOptionSet[] {
  const c = s.combatants.find((x) => x.id === fighterId)
  if (!c) return []
  const plan = (p: Record<string, unknown>): unknown => ({ combatants: [{ id: c.id, plan: p }] })
  const sets: FighterOptionSet[] = []
  const attacks = attacksOf(c)
  // his Phases go to attacking (or Haymakers): the attack and whether to wind it up are his choice
  if (c.plan.onPhase === 'attack' || c.plan.onPhase === 'haymaker') {
    const named = (a: string): string | undefined => (c.attacks ? a : undefined)
    const options = attacks.flatMap((a) => [
      { name: a.name, patch: plan({ onPhase: 'attack', using: named(a.name) ?? null }) },
      { name: `a Haymaker with ${a.name}`, patch: plan({ onPhase: 'haymaker', using: named(a.name) ?? null }) },
    ])
    if (attacks.length > 1) options.push({ name: 'his best against this foe', patch: plan({ onPhase: 'attack', using: BEST }) })
    sets.push({ kind: 'attacks', label: `each of ${c.name}'s attacks`, options })
  }
  const defences = [{ name: 'no Abort to defend', patch: plan({ abort: 'never' }) }]
  // a guard Blocks for his ally, so Dodging is no choice of his
  if (c.plan.protect === undefined) defences.push({ name: 'Abort to Dodge when attacked', patch: plan({ abort: 'when-attacked', defense: 'dodge' }) })
  defences.push({ name: 'Abort to Block when attacked', patch: plan({ abort: 'when-attacked', defense: 'block' }) })
  sets.push({ kind: 'defences', label: `${c.name}'s defence when attacked`, options: defences })
  return sets
}
