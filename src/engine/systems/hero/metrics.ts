import type { MetricDoc } from '../../core/metrics'

/** The metrics this system reports; per-combatant ones get `:<combatant id>` appended. */
export const metricDocs: readonly MetricDoc[] = [
  { id: 'wins', label: 'Who wins', kind: 'order', per: 'scenario', description: 'Side A wins, side B wins, both sides out at once, or a draw at the Turn cap.' },
  { id: 'fight-length', label: 'Fight length (Segments)', kind: 'distribution', per: 'scenario', description: 'Segments from the opening Segment 12 (counted as 1) to the end of the fight.' },
  { id: 'first-actor', label: 'Who acts first', kind: 'order', per: 'scenario', description: 'The combatant who takes the first action of the fight (an interrupter who wins his contest counts).' },
  { id: 'interrupt-odds', label: 'Interrupt odds', kind: 'probability', per: 'combatant', description: 'Per interrupt contest: the holder resolves his action strictly before the mover. Exact from the DEX Roll contest.' },
  { id: 'tandem-success', label: 'Tandem roll made', kind: 'probability', per: 'combatant', description: 'Per tandem attempt: the DEX or Teamwork Roll succeeds, so he acts at the same instant.' },
  { id: 'actions-per-turn', label: 'Actions per Turn', kind: 'distribution', per: 'combatant', description: 'Actions actually taken in each complete Turn while still in the fight, counted in the Turn they are taken (a held action from the previous Turn counts where it is used; an Abort counts where it is made).' },
  { id: 'phases-lost', label: 'Phases lost per fight', kind: 'distribution', per: 'combatant', description: 'Phases lost to Aborts, to holds that expired unused, and to recovering from Stunned.' },
  { id: 'phases-lost-abort', label: 'Phases lost to Aborts', kind: 'distribution', per: 'combatant', description: 'Phases per fight that came up already spent on an Abort of the next Phase (an Abort of a held, delayed or about-to-be-taken action loses no Phase).' },
  { id: 'phases-lost-hold', label: 'Phases lost to expired holds', kind: 'distribution', per: 'combatant', description: 'Held or delayed actions per fight lost unused: the event never came before his next Phase (A4), the Turn ended (A5 "cancel"), or a tandem roll failed (A6 "lose").' },
  { id: 'abort-costs-phase', label: 'Abort costs the next Phase', kind: 'probability', per: 'combatant', description: 'Per Abort: it used up his next Phase (otherwise it used a held or delayed action).' },
  { id: 'hold-used', label: 'Held action used', kind: 'probability', per: 'combatant', description: 'Per hold or delay taken: the held action was used (rather than expiring or being lost).' },
  { id: 'kept-for-defense', label: 'Held action kept for defense', kind: 'probability', per: 'combatant', description: 'Per hold or delay taken: when its event or moment came he took no action and kept it as a hold for defense (plan hold.onEvent / delay.onArrival; seed 000).' },
  { id: 'hit-rate', label: 'Attacks that hit', kind: 'probability', per: 'combatant', description: 'Per attack made: it hit (Blocked attacks count as misses).' },
  { id: 'stun-per-hit', label: 'STUN dealt per hit', kind: 'distribution', per: 'combatant', description: 'STUN the target takes from one hit after defences. Exact when the attacker has a single possible target and no Haymaker.' },
  { id: 'body-per-hit', label: 'BODY dealt per hit', kind: 'distribution', per: 'combatant', description: 'BODY the target takes from one hit after defences.' },
  { id: 'stun-taken', label: 'STUN taken per fight', kind: 'distribution', per: 'combatant', description: 'Total STUN taken in the fight.' },
  { id: 'body-taken', label: 'BODY taken per fight', kind: 'distribution', per: 'combatant', description: 'Total BODY taken in the fight.' },
  { id: 'knocked-out', label: 'Knocked out', kind: 'probability', per: 'combatant', description: 'He ends the fight Knocked Out (STUN ≤ 0) or dead.' },
  { id: 'end-spent', label: 'END spent per fight', kind: 'mean', per: 'combatant', description: 'END paid for attacks: 1 per 10 Active Points, minimum 1 (rules-combat.md C1.6). Not shown when END is off.' },
  { id: 'end-recoveries', label: 'Attacks replaced by a Recovery (out of END)', kind: 'probability', per: 'combatant', description: 'Per attack attempt: he had too little END and took a Recovery instead (A29 "recover").' },
  { id: 'stun-for-end', label: 'STUN paid for END per fight', kind: 'mean', per: 'combatant', description: 'STUN paid for the END he lacked, 1d6 per 2 END (A29 "stun-for-end").' },
  { id: 'wakes', label: 'Times he came to per fight', kind: 'mean', per: 'combatant', description: 'Knocked out, then back in the fight by the Recovery bands of rules.md §2.1 (A24 "bands").' },
  { id: 'guard-blocks', label: 'Blocks made for a protected ally per fight', kind: 'mean', per: 'combatant', description: 'Blocks he made with a held action for defense (or continuing a run of Blocks) against attacks on the ally he protects (seed 000).' },
  { id: 'time-to-knockout', label: 'Time to knockout (Segments)', kind: 'distribution', per: 'combatant', description: 'Segments from the start (opening Segment = 1) to his first knockout, in fights where he is knocked out.' },
]
