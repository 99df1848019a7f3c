import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the L5R skirmish (docs/rules/l5r.md section 7): the Ten Dice Rule's open cases, Initiative
 * ties, exploding damage, Down and Strength in damage, plus other readings the sources leave open; each with its documented default and source.
 */
export const variants: readonly VariantDoc[] = [
  {
    key: 'oddExcessRolled',
    label: 'Ten Dice Rule: a single leftover rolled die while kept < 10 (11k4)',
    default: 'discard',
    values: [
      { value: 'discard', label: 'the die is lost (11k4 → 10k4), as the quoted 4e text reads' },
      { value: 'plus2', label: 'the die is worth +2 (11k4 → 10k4 +2), as several implementations do' },
    ],
    source: 'L5R 4th Edition core rulebook, the Ten Dice Rule (the book\'s wording; several dice rollers give +2)',
  },
  {
    key: 'keptOverRolled',
    label: 'More kept than rolled dice (3k4)',
    default: 'cap',
    values: [
      { value: 'cap', label: 'keep what was rolled (3k4 → 3k3)' },
      { value: 'move-to-rolled', label: 'excess kept dice become rolled dice (3k4 → 4k3, 3e habit)' },
    ],
    source: 'L5R 4th Edition core rulebook, the Ten Dice Rule; Legend of the Five Rings 3rd Edition habit for the alternative',
  },
  {
    key: 'initiativeTies',
    label: 'Equal Initiative Scores',
    default: 'traits-then-random',
    values: [
      { value: 'traits-then-random', label: 'higher initiative trait first, then higher rank, then a random order kept for the skirmish' },
      { value: 'simultaneous', label: 'tied characters act at once: their attacks land together at the end of the tie' },
    ],
    source: 'L5R 4th Edition core rulebook, Initiative (the book gives no tie rule)',
  },
  {
    key: 'damageExplodes',
    label: 'Damage dice explode on 10s',
    default: 'yes',
    values: [
      { value: 'yes', label: 'yes: every roll but an unskilled one explodes' },
      { value: 'no', label: 'no: damage dice never explode' },
    ],
    source: 'L5R 4th Edition core rulebook, damage rolls (tens explode on every roll but an unskilled one)',
  },
  {
    key: 'everyoneDelays',
    label: 'When every participant delays',
    default: 'round-ends',
    values: [
      { value: 'round-ends', label: 'the lowest must act, then the Round ends: the others lose their Turns (the skirmish text)' },
      { value: 'delayers-act', label: 'the lowest must act, then the delayers get their chance again' },
    ],
    source: 'L5R 4th Edition core rulebook, the skirmish Round, Turns ("he must take his Turn, then the Round ends")',
  },
  {
    key: 'voidPerRound',
    label: 'Void Points a character may spend in one Round',
    default: 'one',
    values: [
      { value: 'one', label: 'one per Round ("normally one per Round")' },
      { value: 'one-per-effect', label: 'one per roll or per source of wounds, any number per Round (the limit is read as per effect)' },
    ],
    source: 'L5R 4th Edition core rulebook, Void Points',
  },
  {
    key: 'defenseMastery',
    label: 'Defense skill Mastery Abilities in the defensive Stances',
    default: 'yes',
    values: [
      { value: 'yes', label: 'Defense 3: may keep the last Full Defense roll while staying in Full Defense (kept when at least average); Defense 5: +3 Armor TN in Defense and Full Defense' },
      { value: 'no', label: 'no Mastery Abilities' },
    ],
    source: 'L5R 4th Edition core rulebook pp.81–84 (Full Defense Stance, Defense skill Mastery Abilities)',
  },
  {
    key: 'down',
    label: 'A character at Down',
    default: 'defeated',
    values: [
      { value: 'defeated', label: 'counts as defeated: his side may lose, and nobody attacks him further' },
      { value: 'fights-on', label: 'still in the fight (Free actions only, so no attacks) until Out; foes keep attacking him' },
      { value: 'void-to-act', label: 'may act by spending a Void Point per Turn (Free actions only, so no attacks); in the fight while he has Void Points left, defeated when they run out' },
    ],
    source: 'L5R 4th Edition core rulebook p.86 (wound ranks: Down)',
  },
  {
    key: 'strengthInDamage',
    label: 'Strength in melee damage',
    default: 'added',
    values: [
      { value: 'added', label: 'Strength adds rolled dice: katana 3k2 with Strength 3 rolls 6k2 (bows: the lower of bow strength and Strength)' },
      { value: 'weapon-only', label: 'the weapon entry is the whole damage roll (enter 6k2 yourself), as some character sheets store it' },
    ],
    source: 'L5R 4th Edition core rulebook, weapons and damage',
  },
  {
    key: 'initiativeSwap',
    label: 'Void "swap Initiative with a willing character": how long the exchange lasts',
    default: 'skirmish',
    values: [
      { value: 'skirmish', label: 'the two exchange Initiative Scores for the rest of the skirmish (the score is kept for the skirmish), bought once' },
      { value: 'round', label: 'only for the Round it is declared in; a Round planning it again spends again' },
    ],
    source: 'L5R 4th Edition core rulebook, Void Points (the book gives the swap, not how long it lasts)',
  },
]
