import type { FighterOptionSet } from '../rule-system'
import { isMelee } from './combat-check'
import type { Maneuver } from './maneuvers'
import { BEST, type GenesysScenario, type TurnConfig } from './schema'

/**
 * The ready-made choices of one fighter's player, for Tactics (rule-system.ts `optionSets`): which of his
 * weapons he attacks with (each by name, and his best against this foe) when he carries two or more, and
 * his defence (none, Guarded Stance every turn, or taking cover first when a foe shoots). Each option is
 * a merge patch of the scenario that changes only his plan.
 * @see docs/rules/genesys.md (several weapons; Guarded Stance and Take Cover)
 */
export function genesysOptionSets(s: GenesysScenario, fighterId: string): FighterOptionSet[] {
  if (s.mode !== 'fight') return []
  const c = s.combatants.find((x) => x.id === fighterId)
  const plan = s.plans.find((p) => p.combatant === fighterId)
  if (!c || !plan) return []
  const sets: FighterOptionSet[] = []
  const patch = (fields: Record<string, unknown>): unknown => ({ plans: [{ combatant: fighterId, ...fields }] })
  if (c.weapons && c.weapons.length >= 2) {
    sets.push({
      kind: 'attacks',
      label: `each of ${c.name}'s weapons`,
      options: [...c.weapons.map((w) => ({ name: w.name, patch: patch({ using: w.name }) })), { name: 'his best against this foe', patch: patch({ using: BEST }) }],
    })
  }
  const foesShoot = s.combatants.some((o) => o.side !== c.side && (o.weapons ?? (o.weapon ? [o.weapon] : [])).some((w) => !isMelee(w.skill)))
  const without = plan.turns.map((t) => ({ ...t, maneuvers: t.maneuvers.filter((m) => m !== 'guarded-stance' && m !== 'take-cover') }))
  const defences = [
    { name: 'no defensive maneuver', patch: patch({ turns: without }) },
    { name: 'Guarded Stance every turn', patch: patch({ turns: without.map((t) => withManeuver(t, 'guarded-stance')) }) },
  ]
  if (foesShoot) defences.push({ name: 'take cover on his first turn', patch: patch({ turns: [withManeuver(without[0], 'take-cover'), ...(without.length > 1 ? without.slice(1) : [without[0]])] }) })
  sets.push({ kind: 'defences', label: `${c.name}'s defence`, options: defences })
  return sets
}

/** The turn with a maneuver added last (in place of his second maneuver when he already plans two). */
function withManeuver(t: TurnConfig, m: Maneuver): TurnConfig {
  return { ...t, maneuvers: [...t.maneuvers.slice(0, 1), m] }
}
