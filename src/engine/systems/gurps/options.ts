import type { FighterOptionSet } from '../rule-system'
import { BEST } from './names'
import type { GurpsScenario } from './schema'

/**
 * The ready-made choices of one fighter's player, for Tactics (multi-attack convention): which of his
 * attacks he uses (each by name, and "his best against this foe") when he has two or more; which defence
 * (his best, or only Dodge, Parry or Block, among those he has); when he retreats. Each option is a JSON
 * Merge Patch of his tactics entry. @see docs/rules/gurps.md (Several attacks; Choosing a defence)
 */
export function optionSets(scenario: GurpsScenario, fighterId: string): FighterOptionSet[] {
  const c = scenario.combatants.find((x) => x.id === fighterId)
  if (!c) return []
  const patch = (entry: Record<string, unknown>): unknown => ({ tactics: [{ combatant: fighterId, ...entry }] })
  const sets: FighterOptionSet[] = []
  const weapons = c.weapons ?? []
  if (weapons.length >= 2) {
    sets.push({
      kind: 'attacks',
      label: `each of ${c.name}'s attacks`,
      options: [...weapons.map((w) => ({ name: w.name, patch: patch({ using: w.name }) })), { name: 'his best against this foe', patch: patch({ using: BEST }) }],
    })
  }
  const all = c.weapons ?? (c.weapon ? [c.weapon] : [])
  const defences = [{ name: 'his best defence', patch: patch({ defence: 'best' }) }, { name: 'dodge only', patch: patch({ defence: 'dodge' }) }]
  if (all.some((w) => w.canParry && w.ranged === 'no')) defences.push({ name: 'parry only', patch: patch({ defence: 'parry' }) })
  if (c.shield) defences.push({ name: 'block only', patch: patch({ defence: 'block' }) })
  if (defences.length > 2) sets.push({ kind: 'defences', label: `which defence ${c.name} uses`, options: defences })
  sets.push({
    kind: 'retreat',
    label: `when ${c.name} retreats`,
    options: [
      { name: 'retreat whenever allowed', patch: patch({ retreat: 'always' }) },
      { name: 'never retreat', patch: patch({ retreat: 'never' }) },
      { name: 'retreat only when it keeps my attack', patch: patch({ retreat: 'keep-my-attack' }) },
    ],
  })
  return sets
}
