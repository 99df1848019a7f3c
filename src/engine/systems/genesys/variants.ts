import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the narrative-dice system: the open questions A14–A16 of rules.md §8, and how
 * defensive sources stack (seed 003 wording vs the Defense rules of F3).
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
    source: 'rules.md §8 A14, §5.3 "Order [A, common practice]"',
  },
  {
    key: 'initiativeTies',
    label: 'Initiative ties (same successes and advantages)',
    default: 'pc-first',
    values: [
      { value: 'pc-first', label: 'player characters before NPCs, then roster order' },
      { value: 'roll-off', label: 'tied characters are ordered at random' },
    ],
    source: 'rules.md §8 A15, §5.5 "Initiative" (Cool/Vigilance; successes then advantages; PCs win ties)',
  },
  {
    key: 'initiativeSlots',
    label: 'Who fills an initiative slot',
    default: 'side-slots',
    values: [
      { value: 'side-slots', label: 'slots belong to a side; the next ready member of that side fills each one' },
      { value: 'individual', label: 'each character keeps his own place in the order' },
    ],
    source: 'rules.md §8 A15, §5.5 ("results create slots by side that any character of that side may fill")',
  },
  {
    key: 'aimCarry',
    label: 'Aim carried into a later turn',
    default: 'consecutive',
    values: [
      { value: 'consecutive', label: 'kept until the check if nothing else is done in between and no damage gets past soak' },
      { value: 'same-turn', label: 'lost at the end of the turn in which it was taken' },
    ],
    source: 'rules.md §8 A16, §5.5 Aim [S F2 p.210]',
  },
  {
    key: 'defenseStacking',
    label: 'Cover, Guarded Stance and armour defense together',
    default: 'best',
    values: [
      { value: 'best', label: 'they all "provide defense": only the best counts (max 4 Setback)' },
      { value: 'add', label: 'each adds its own Setback die, as seed 003 words the maneuvers' },
    ],
    source: 'rules.md §5.4 [S F3 Defense] vs seed 003 (Guarded Stance, Taking cover)',
  },
  {
    key: 'criticalEffects',
    label: 'Critical Injury results in a fight',
    default: 'table',
    values: [
      { value: 'table', label: 'apply the table rows that matter in a fight (Minor Nick, Slowed Down, Sudden Jolt, Distracted, Off-Balance, Stunned, Stinger, Bowled Over, Agonizing Wound, Slightly Dazed, Scattered Senses, Hamstrung, Overpowered, Winded, Compromised, At the Brink, Temporarily Lame, Blinded, Knocked Senseless, Bleeding Out, The End is Nigh, Dead)' },
      { value: 'severity-only', label: 'only a result of 151+ (Dead) changes the fight' },
    ],
    source: 'rules.md §5.6 (d100 +10 per injury, 151+ dead); rows recalled from EotE Table 6-10 / Genesys Table I.6-10 [A]',
  },
  {
    key: 'despair',
    label: 'Despair on an attack',
    default: 'out-of-ammo',
    values: [
      { value: 'out-of-ammo', label: 'a ranged weapon runs out of ammunition: one Manage Gear maneuver (an extra reload) before it fires again' },
      { value: 'ignore', label: 'no effect beyond shooting into an engagement' },
    ],
    source: 'rules.md §5.6 "threat/despair options for the GM"; EotE Table 6-4 Despair option recalled [A]; the extra reload is the usual table fix',
  },
]
