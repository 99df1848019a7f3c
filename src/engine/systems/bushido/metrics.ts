import type { MetricDoc } from '../../core/metrics'

/** The metrics this system reports; per-model ones get `:<model id>` appended (and `:t<N>` per turn). */
export const metricDocs: readonly MetricDoc[] = [
  { id: 'exchange-win', label: 'Wins the exchange', kind: 'probability', per: 'combatant', description: 'In one Melee Exchange (Passe d\'armes), the model deals more wounds than it takes.' },
  { id: 'hits', label: 'Strike lands', kind: 'probability', per: 'combatant', description: 'The model wins its comparison (Attack against Defence) and is still able to strike.' },
  { id: 'wins-comparison', label: 'Wins its comparison', kind: 'probability', per: 'combatant', description: 'The model\'s Attack beats the enemy Defence, whether or not it was removed before striking back (so an upper bound on its strikes).' },
  { id: 'removed', label: 'Removed', kind: 'probability', per: 'combatant', description: 'The model is Killed and removed in this exchange or shot.' },
  { id: 'wounds-dealt', label: 'Wounds dealt', kind: 'distribution', per: 'combatant', description: 'Wounds the model deals in one exchange or shot (Table des Dégâts), up to the wounds the target has left: wounds beyond those do not count.' },
  { id: 'split', label: 'Split used (Attack/Defence)', kind: 'order', per: 'combatant', description: 'How often each secret split (Répartition secrète) was played.' },
  { id: 'special-triggers', label: 'Special Attack/Defence triggers', kind: 'probability', per: 'combatant', description: 'The model declared a Special Attack or Defence (Attaque / Défense Spéciale) and it took effect: its Attack won, or the enemy Attack failed against its Defence.' },
  { id: 'shot-hits', label: 'Shot hits', kind: 'probability', per: 'combatant', description: 'A Ranged Attack (Tir) succeeds against its Challenge Number and hits this model.' },
  { id: 'removed-by-turn', label: 'Removed by turn N', kind: 'probability', per: 'combatant', description: 'The model has been removed by the End Phase of Game Turn N.' },
  { id: 'wounds-in-turn', label: 'Wounds taken in turn N', kind: 'distribution', per: 'combatant', description: 'Wounds the model takes during Game Turn N (0 once removed).' },
  { id: 'exchanges-in-turn', label: 'Melee Exchanges per turn', kind: 'distribution', per: 'scenario', description: 'Melee Exchanges fought during each Game Turn.' },
  { id: 'side-wins', label: 'Warband wiped out', kind: 'order', per: 'scenario', description: 'Which warband is left standing at the end of the game.' },
  { id: 'ki-spent', label: 'Ki spent', kind: 'mean', per: 'combatant', description: 'Ki tokens the model spends on Ki Boosts (Boosts Ki, +1 Melee die each) in the exchange, or over the whole game.' },
  { id: 'ki-generated', label: 'Ki generated', kind: 'mean', per: 'combatant', description: 'Ki tokens the model gains over the game by Ki Generation (Génération de Ki) in each Starting Phase and by the Focus action (Concentration), after the cap Y of its Ki X/Y.' },
  { id: 'game-length', label: 'Game length (Turns played)', kind: 'distribution', per: 'scenario', description: 'Turns played in a Variable (X) game (Durée Variable): it finishes on a D6 of 4+ from Turn X, after Turn 7 at the latest, or once a warband is wiped out.' },
  { id: 'tactical-test', label: 'Wins the Tactical Test', kind: 'probability', per: 'scenario', description: 'Side A wins the Tactical Test (Test de Tactique) of the first turn.' },
]

export function labelOf(id: string): string {
  return metricDocs.find((d) => d.id === id)?.label ?? id
}
