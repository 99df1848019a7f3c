import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the L5R skirmish: the open questions of rules.md §8 (A17–A20) and rules-combat.md
 * §C5 (A37, A39), plus readings the sources leave open; each with its documented default and source.
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
    source: 'rules.md §8 A17, §6.2 [S L2 text; L2 code and salt-and-iron summary give +2]',
  },
  {
    key: 'keptOverRolled',
    label: 'More kept than rolled dice (3k4)',
    default: 'cap',
    values: [
      { value: 'cap', label: 'keep what was rolled (3k4 → 3k3)' },
      { value: 'move-to-rolled', label: 'excess kept dice become rolled dice (3k4 → 4k3, 3e habit)' },
    ],
    source: 'rules.md §8 A18, §6.2',
  },
  {
    key: 'initiativeTies',
    label: 'Equal Initiative Scores',
    default: 'traits-then-random',
    values: [
      { value: 'traits-then-random', label: 'higher initiative trait first, then higher rank, then a random order kept for the skirmish' },
      { value: 'simultaneous', label: 'tied characters act at once: their attacks land together at the end of the tie' },
    ],
    source: 'rules.md §8 A19, §6.3 (no source gives a tie rule)',
  },
  {
    key: 'damageExplodes',
    label: 'Damage dice explode on 10s',
    default: 'yes',
    values: [
      { value: 'yes', label: 'yes: every roll but an unskilled one explodes' },
      { value: 'no', label: 'no: damage dice never explode' },
    ],
    source: 'rules.md §8 A20, rules-combat.md §C3.2 [I L6, S L8]',
  },
  {
    key: 'everyoneDelays',
    label: 'When every participant delays',
    default: 'round-ends',
    values: [
      { value: 'round-ends', label: 'the lowest must act, then the Round ends: the others lose their Turns (seed text)' },
      { value: 'delayers-act', label: 'the lowest must act, then the delayers get their chance again' },
    ],
    source: 'seed 004 Stage 2 ("he must take his Turn, then the Round ends"); rules.md §6.3',
  },
  {
    key: 'voidPerRound',
    label: 'Void Points a character may spend in one Round',
    default: 'one',
    values: [
      { value: 'one', label: 'one per Round (rules.md §6.1 "normally one per Round"; rules-combat.md §C3.1 "once per Round")' },
      { value: 'one-per-effect', label: 'one per roll or per source of wounds, any number per Round (the limit is read as per effect)' },
    ],
    source: 'rules.md §6.1, rules-combat.md §C3.1, §C3.2',
  },
  {
    key: 'defenseMastery',
    label: 'Defense skill Mastery Abilities in the defensive Stances',
    default: 'yes',
    values: [
      { value: 'yes', label: 'Defense 3: may keep the last Full Defense roll while staying in Full Defense (kept when at least average); Defense 5: +3 Armor TN in Defense and Full Defense' },
      { value: 'no', label: 'no Mastery Abilities' },
    ],
    source: 'rules.md §6.4 (Full Defense row) [S L3 stance guide]',
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
    source: 'rules-combat.md §C5 A37, §C3.3',
  },
  {
    key: 'strengthInDamage',
    label: 'Strength in melee damage',
    default: 'added',
    values: [
      { value: 'added', label: 'Strength adds rolled dice: katana 3k2 with Strength 3 rolls 6k2 (bows: the lower of bow strength and Strength)' },
      { value: 'weapon-only', label: 'the weapon entry is the whole damage roll (enter 6k2 yourself), as the L6 character sheet stores it' },
    ],
    source: 'rules-combat.md §C5 A39, §C3.2; rules.md §6.5',
  },
  {
    key: 'initiativeSwap',
    label: 'Void "swap Initiative with a willing character": how long the exchange lasts',
    default: 'skirmish',
    values: [
      { value: 'skirmish', label: 'the two exchange Initiative Scores for the rest of the skirmish (the score is kept for the skirmish), bought once' },
      { value: 'round', label: 'only for the Round it is declared in; a Round planning it again spends again' },
    ],
    source: 'rules.md §6.1 (the sources give the swap, not its duration)',
  },
]
