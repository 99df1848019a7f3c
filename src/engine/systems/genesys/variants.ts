import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the narrative-dice system: the open questions of docs/rules/genesys.md section 8 (order of
 * upgrades, initiative, Aim), how defensive sources stack (the maneuvers' wording in docs/rules/genesys.md section 5
 * vs the book's Defense rules), critical effects and Despair.
 * User-visible texts (labels, sources) speak a GM's language and cite the books only.
 */
export const variants: readonly VariantDoc[] = [
  {
    key: 'modifierOrder',
    label: 'Order of increases, upgrades and downgrades',
    default: 'sequential',
    values: [
      { value: 'sequential', label: 'increase, then every upgrade, then every downgrade; Boost and Setback last' },
      { value: 'cancel-first', label: 'upgrades and downgrades of the same pool cancel one for one first' },
    ],
    source: 'Edge of the Empire core rulebook pp.26-29 (upgrading and downgrading dice); the order is common table practice',
  },
  {
    key: 'initiativeTies',
    label: 'Initiative ties (same successes and advantages)',
    default: 'pc-first',
    values: [
      { value: 'pc-first', label: 'player characters before NPCs, then roster order' },
      { value: 'roll-off', label: 'tied characters are ordered at random' },
    ],
    source: 'Edge of the Empire core rulebook (Initiative: Cool or Vigilance, successes then advantage, player characters win ties)',
  },
  {
    key: 'initiativeSlots',
    label: 'Who fills an initiative slot',
    default: 'side-slots',
    values: [
      { value: 'side-slots', label: 'slots belong to a side; the next ready member of that side fills each one' },
      { value: 'individual', label: 'each character keeps his own place in the order' },
    ],
    source: 'Edge of the Empire core rulebook (Initiative: the results are slots any character of that side may fill)',
  },
  {
    key: 'aimCarry',
    label: 'Aim carried into a later turn',
    default: 'consecutive',
    values: [
      { value: 'consecutive', label: 'kept until the check if nothing else is done in between and no damage gets past soak' },
      { value: 'same-turn', label: 'lost at the end of the turn in which it was taken' },
    ],
    source: 'Edge of the Empire core rulebook p.210 (Aim)',
  },
  {
    key: 'defenseStacking',
    label: 'Cover, Guarded Stance and armour defense together',
    default: 'best',
    values: [
      { value: 'best', label: 'they all "provide defense": only the best counts (max 4 Setback)' },
      { value: 'add', label: 'each adds its own Setback die, as the Guarded Stance and Take Cover maneuvers are worded' },
    ],
    source: 'Edge of the Empire core rulebook (Defense; the Guarded Stance and Take Cover maneuvers)',
  },
  {
    key: 'criticalEffects',
    label: 'Critical Injury results in a fight',
    default: 'table',
    values: [
      { value: 'table', label: 'apply the table rows that matter in a fight (Minor Nick, Slowed Down, Sudden Jolt, Distracted, Off-Balance, Stunned, Stinger, Bowled Over, Agonizing Wound, Slightly Dazed, Scattered Senses, Hamstrung, Overpowered, Winded, Compromised, At the Brink, Crippled, Maimed, Horrific Injury, Temporarily Lame, Blinded, Knocked Senseless, Gruesome Injury, Bleeding Out, The End is Nigh, Dead)' },
      { value: 'severity-only', label: 'only a result of 151+ (Dead) changes the fight' },
    ],
    source: 'Edge of the Empire core rulebook p.215 (Critical Injuries) and its Critical Injury table (Table 6-10); Genesys Core Rulebook Table I.6-10',
  },
  {
    key: 'crippledLimb',
    label: 'Which limb a Crippled injury takes',
    default: 'fighting-arm',
    values: [
      { value: 'fighting-arm', label: 'the GM cripples the arm he fights with: his attacks are one Difficulty die harder until healed (a second Crippled takes a limb no attack uses)' },
      { value: 'random-limb', label: 'a d4 picks the limb: on a 1 it is the arm he fights with (his attacks one Difficulty die harder), else his other arm or a leg, which no check in a fight uses' },
      { value: 'other-limb', label: 'the GM spares the arm he fights with: the crippled limb is used by no check in a fight' },
    ],
    source: 'Edge of the Empire core rulebook p.218, Table 6-10 (Crippled: one limb selected by the GM, checks that use it one step harder); Genesys Core Rulebook p.115, Table I.6-10',
  },
  {
    key: 'knockdownCost',
    label: 'What a Knockdown weapon spends to knock the target prone',
    default: 'triumph',
    values: [
      { value: 'triumph', label: 'a Triumph (the first Triumph of a hit knocks him down; the others trigger criticals)' },
      { value: 'two-advantage', label: '2 advantage, after the critical and any extra hits' },
    ],
    source: 'Edge of the Empire core rulebook (item qualities: Knockdown); Genesys Core Rulebook (item qualities: Knockdown)',
  },
  {
    key: 'threatSpend',
    label: 'How the GM spends threat on an attack',
    default: 'strain',
    values: [
      { value: 'strain', label: 'each threat makes the attacker suffer 1 strain' },
      { value: 'tactical', label: '3 threat knock the attacker prone, 2 threat give the target a free maneuver (take cover, else Aim); the rest is strain' },
    ],
    source: 'Edge of the Empire core rulebook (spending Threat and Despair in combat)',
  },
  {
    key: 'despair',
    label: 'Despair on an attack',
    default: 'out-of-ammo',
    values: [
      { value: 'out-of-ammo', label: 'a ranged weapon runs out of ammunition for the rest of the fight, unless he carries reloads: each Manage Gear maneuver uses one' },
      { value: 'reload', label: 'a ranged weapon runs out of ammunition; one Manage Gear maneuver always reloads it, however often it happens' },
      { value: 'ignore', label: 'no effect beyond shooting into an engagement' },
    ],
    source: 'Edge of the Empire core rulebook (spending Threat and Despair in combat: the weapon runs out of ammunition for the rest of the encounter; extra reloads)',
  },
]
