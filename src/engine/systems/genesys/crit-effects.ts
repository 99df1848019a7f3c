/**
 * The Critical Injury table (d100 + 10 per existing injury + 10 per extra trigger) and the few results
 * that change a fight: strain, Setback or a harder next check, staggered, knocked prone, bleeding out,
 * a delayed or outright death, and the rows that limit maneuvers (no free maneuver next turn or until
 * healed, no strain for maneuvers, at most one maneuver a turn). Other rows only name the injury (they
 * touch checks this simulator does not make, e.g. Intellect or Presence checks, or healing).
 * @see docs/rules/genesys.md section 6 (roll, +10 stacking, 151+ dead). The row ranges and effects are the EotE core
 * Table 6-10 / Genesys Table I.6-10 as a GM recalls them (our reading): the project's sources name the roll but
 * not the rows, so the whole table is behind the `criticalEffects` variant ('severity-only' keeps the
 * previous reading: only death counts).
 */

/**
 * The maneuver rows, as a GM recalls EotE Table 6-10 / Genesys Table I.6-10: Distracted (16–20) "cannot
 * perform a free maneuver during his next turn"; Hamstrung (71–75) "loses his free maneuver until healed";
 * Winded (81–85) "cannot voluntarily suffer strain to activate abilities or gain additional maneuvers until
 * healed"; Temporarily Lame (111–115) "cannot perform more than one maneuver during his turn until healed".
 * Without the free maneuver every maneuver must be bought, with the idle action or 2 strain (the price of a
 * second maneuver), still at most two a turn: the rows take the free one away, not the right to pay.
 */
export type CritEffect =
  | 'none'
  | 'minor-nick'
  | 'slowed-down'
  | 'sudden-jolt'
  | 'agonizing-wound'
  | 'slightly-dazed'
  | 'scattered-senses'
  | 'overpowered'
  | 'compromised'
  | 'at-the-brink'
  | 'blinded'
  | 'distracted'
  | 'off-balance'
  | 'stunned'
  | 'stinger'
  | 'bowled-over'
  | 'hamstrung'
  | 'winded'
  | 'temporarily-lame'
  | 'crippled'
  | 'maimed'
  | 'characteristic-loss'
  | 'knocked-senseless'
  | 'bleeding-out'
  | 'end-is-nigh'
  | 'dead'

export interface CritRow {
  /** Lowest result of the row (the row runs to the next row's `from` − 1). */
  from: number
  name: string
  effect: CritEffect
}

/**
 * The rows that touch every later check or the turn, as a GM recalls the same tables: Slowed Down
 * (6–10) "can only act during the last allied Initiative slot on his next turn"; Sudden Jolt (11–15)
 * "drops whatever is in hand" (the Star Wars turn rules (docs/rules/genesys.md section 5) lists grabbing a stray blaster under Interact, so one Interact
 * maneuver picks it up; a Brawl fighter's fists are not dropped, and a weapon a Despair emptied stays empty); Agonizing Wound (56–60) "increase the difficulty of all Brawn and Agility checks by
 * one until healed" (every combat skill here runs on Brawn or Agility); Slightly Dazed (61–65)
 * "disoriented until healed" (one Setback on every check); Scattered Senses (66–70) "removes all Boost dice
 * from all skill checks until healed"; Overpowered (76–80) "the attacker may immediately attempt another free
 * attack against him, using the exact same pool"; Compromised (86–90) "increase the difficulty of all skill
 * checks by one until healed"; At the Brink (91–95) "suffers 1 strain each time he performs an action" (his
 * attacks; an action exchanged for a maneuver is not performed as an action); Blinded (116–120) "upgrade the
 * difficulty of all checks twice". Discouraging Wound, Head Ringer and Fearsome Wound touch no check a
 * fight makes: they stay name-only.
 *
 * The limb and characteristic rows (EotE p.218 Table 6-10): Crippled (96–100) "one of the target's limbs
 * (selected by the GM) is crippled until healed or replaced; increase the difficulty of all checks that
 * require use of that limb by one" (which limb: rule `crippledLimb`; only the arm he fights with is used by
 * a check in a fight); Maimed (101–105) "one of the target's limbs is permanently lost ... all other actions
 * gain a Setback die" (one Setback on his checks per limb lost); Horrific Injury (106–110, until healed) and
 * Gruesome Injury (126–130, permanently, to a minimum of 1): a d10 picks a characteristic, 1–3 Brawn, 4–6
 * Agility, 7 Intellect, 8 Cunning, 9 Presence, 10 Willpower, and it is one lower (`CHARACTERISTIC_BY_D10`).
 */

/** The characteristic a Horrific or Gruesome Injury's d10 (1–10) lowers. */
export const CHARACTERISTIC_BY_D10 = ['brawn', 'brawn', 'brawn', 'agility', 'agility', 'agility', 'intellect', 'cunning', 'presence', 'willpower'] as const
export type Characteristic = (typeof CHARACTERISTIC_BY_D10)[number]

/** Rows in ascending order. */
export const CRIT_TABLE: readonly CritRow[] = [
  { from: 1, name: 'Minor Nick', effect: 'minor-nick' },
  { from: 6, name: 'Slowed Down', effect: 'slowed-down' },
  { from: 11, name: 'Sudden Jolt', effect: 'sudden-jolt' },
  { from: 16, name: 'Distracted', effect: 'distracted' },
  { from: 21, name: 'Off-Balance', effect: 'off-balance' },
  { from: 26, name: 'Discouraging Wound', effect: 'none' },
  { from: 31, name: 'Stunned', effect: 'stunned' },
  { from: 36, name: 'Stinger', effect: 'stinger' },
  { from: 41, name: 'Bowled Over', effect: 'bowled-over' },
  { from: 46, name: 'Head Ringer', effect: 'none' },
  { from: 51, name: 'Fearsome Wound', effect: 'none' },
  { from: 56, name: 'Agonizing Wound', effect: 'agonizing-wound' },
  { from: 61, name: 'Slightly Dazed', effect: 'slightly-dazed' },
  { from: 66, name: 'Scattered Senses', effect: 'scattered-senses' },
  { from: 71, name: 'Hamstrung', effect: 'hamstrung' },
  { from: 76, name: 'Overpowered', effect: 'overpowered' },
  { from: 81, name: 'Winded', effect: 'winded' },
  { from: 86, name: 'Compromised', effect: 'compromised' },
  { from: 91, name: 'At the Brink', effect: 'at-the-brink' },
  { from: 96, name: 'Crippled', effect: 'crippled' },
  { from: 101, name: 'Maimed', effect: 'maimed' },
  { from: 106, name: 'Horrific Injury', effect: 'characteristic-loss' },
  { from: 111, name: 'Temporarily Lame', effect: 'temporarily-lame' },
  { from: 116, name: 'Blinded', effect: 'blinded' },
  { from: 121, name: 'Knocked Senseless', effect: 'knocked-senseless' },
  { from: 126, name: 'Gruesome Injury', effect: 'characteristic-loss' },
  { from: 131, name: 'Bleeding Out', effect: 'bleeding-out' },
  { from: 141, name: 'The End is Nigh', effect: 'end-is-nigh' },
  { from: 151, name: 'Dead', effect: 'dead' },
]

/** The row of a Critical Injury result (results below 1 read as the first row). */
export function critRow(result: number): CritRow {
  let row = CRIT_TABLE[0]
  for (const r of CRIT_TABLE) if (result >= r.from) row = r
  return row
}

/** What the fight applies for a result: the table's effect, or only death under 'severity-only'. */
export function critEffectOf(result: number, tableEffects: boolean): CritEffect {
  const e = critRow(result).effect
  return tableEffects || e === 'dead' ? e : 'none'
}

/** "Until healed" (Knocked Senseless staggered, Hamstrung without a free maneuver): longer than any fight. */
export const STAGGERED_FOR_GOOD = 1 << 20

