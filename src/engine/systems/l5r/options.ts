import type { FighterOptionSet } from '../rule-system'
import { BEST, weaponsOf, type L5rScenario, type RoundPlan } from './schema'

/**
 * The ready-made choices of one character's player, for Tactics (rule-system.ts `optionSets`): which of
 * his weapons he attacks with (each by name, and his best against this foe) when he carries two or more,
 * and his Stance, held every Round: Full Attack (not with bows only), Attack, Defense or Full Defense.
 * Each option is a merge patch of the scenario that changes only his tactic.
 * @see docs/rules/l5r.md section 3 (Stances) and section 4 (several weapons)
 */
export function l5rOptionSets(s: L5rScenario, fighterId: string): FighterOptionSet[] {
  const c = s.combatants.find((x) => x.id === fighterId)
  const t = s.tactics.find((x) => x.combatant === fighterId)
  if (!c || !t) return []
  const sets: FighterOptionSet[] = []
  const patch = (fields: Record<string, unknown>): unknown => ({ tactics: [{ combatant: fighterId, ...fields }] })
  const weapons = weaponsOf(c)
  if (weapons.length >= 2) {
    sets.push({
      kind: 'attacks',
      label: `each of ${c.name}'s weapons`,
      options: [...weapons.map((w) => ({ name: w.name, patch: patch({ using: w.name }) })), { name: 'his best against this foe', patch: patch({ using: BEST }) }],
    })
  }
  // Full Attack needs a melee weapon he may use under his tactic
  const used = t.using === undefined ? [weapons[0]] : t.using === BEST ? weapons : weapons.filter((w) => w.name === t.using)
  const stances: { name: string; stance: RoundPlan['stance'] }[] = [
    ...(used.some((w) => w.kind !== 'bow') ? [{ name: 'Full Attack every Round', stance: 'full-attack' as const }] : []),
    { name: 'Attack Stance every Round', stance: 'attack' },
    { name: 'Defense Stance every Round', stance: 'defense' },
    { name: 'Full Defense every Round', stance: 'full-defense' },
  ]
  sets.push({
    kind: 'defences',
    label: `${c.name}'s Stance`,
    options: stances.map((o) => ({ name: o.name, patch: patch({ rounds: t.rounds.map((r) => inStance(r, o.stance)), hurtStance: null }) })),
  })
  return sets
}

/** The Round's plan in another Stance; a Void Point planned for the Full Defense roll goes unspent outside Full Defense. */
function inStance(r: RoundPlan, stance: RoundPlan['stance']): RoundPlan {
  return { ...r, stance, void: r.void === 'full-defense' && stance !== 'full-defense' ? 'none' : r.void }
}
