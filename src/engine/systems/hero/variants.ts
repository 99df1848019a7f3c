import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the HERO system: the rule set (6e book vs the seed's campaign house rules) and
 * every open question of rules.md §8 A1–A7, plus the STUN Multiplier edition (rules-combat.md C1.3),
 * whether a Block carries on against further attacks in the Segment (C1.7), and the HERO rows of the
 * rules-combat.md C5 register that change a fight: END (A29), waking from a knockout (A24), the
 * minimum-damage rule (A22), the rounding of a Stunned DCV (A26), BODY from a normal half die (A21),
 * the timing of bleeding (A25), an interrupted Haymaker (A28), the Turn-cap verdict (C4.1 onCap) and
 * the C4.1 target options (A40).
 * Where a variant defaults to "ruleset", the rule set decides: the book's contested DEX Roll and
 * "lost at the start of that Segment", or the seed's 1d6 roll-off and "lost at the holder's DEX".
 */
export const variants: readonly VariantDoc[] = [
  {
    key: 'ruleset',
    label: 'Rule set',
    default: 'hero6e-raw',
    values: [
      { value: 'hero6e-raw', label: 'HERO 6th edition as written: one "Holding an Action" rule, contested DEX Roll for ties' },
      { value: 'tlot3-house', label: 'Campaign house rules (seed 000): Delayed vs Held actions, 1d6 roll-off for ties' },
    ],
    source: 'rules.md §0 (seed 000 is the tlot3.net house-rules page H4, not the book), §2.6',
  },
  {
    key: 'tieRule',
    label: 'Same-DEX tie rule (A1)',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: contested DEX Roll (book) or 1d6 roll-off (house)' },
      { value: 'dex-roll', label: 'contested DEX Roll, largest margin first (6E2 p.21)' },
      { value: 'd6', label: '1d6 each, highest first, reroll ties (seed 000)' },
      { value: 'int-pre', label: 'highest INT first, then PRE, then a DEX Roll (GM alternative)' },
      { value: 'fast-draw', label: 'a character with Fast Draw first; both: best Fast Draw roll (GM alternative)' },
      { value: 'holder-first', label: 'a character acting from a held or delayed action first (GM alternative)' },
      { value: 'fixed', label: 'decided once per combat by a 1d6 roll-off, not every Segment' },
    ],
    source: 'rules.md §8 A1, §2.3 [S H2 quoting 6E2 p.21; Seed 000; I H1 re-rolls every Segment]',
  },
  {
    key: 'contestTie',
    label: 'Equal margins in a DEX Roll contest (A2)',
    default: 'reroll',
    values: [
      { value: 'reroll', label: 'roll again until the margins differ' },
      { value: 'simultaneous', label: 'both act at the same instant' },
    ],
    source: 'rules.md §8 A2, §2.3 item 4 (no text found)',
  },
  {
    key: 'bothFail',
    label: 'Both fail the DEX Roll contest (A3)',
    default: 'smaller-failure',
    values: [
      { value: 'smaller-failure', label: 'the smaller failure still goes first (margins decide)' },
      { value: 'dex-order', label: 'the contest is void: higher DEX first, equal DEX as equal margins' },
    ],
    source: 'rules.md §8 A3, §2.4 (consistent reading, no contrary rule found)',
  },
  {
    key: 'holdExpiry',
    label: 'When an unused hold is lost (A4)',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: start of the Segment (book) or at the holder\'s DEX (house)' },
      { value: 'segment-start', label: 'at the start of the Segment of the holder\'s next Phase (5E p.235)' },
      { value: 'holder-dex', label: 'when the holder\'s DEX comes up in that Segment (seed 000)' },
    ],
    source: 'rules.md §8 A4, §2.6 [S H3; Seed 000]',
  },
  {
    key: 'holdAcrossTurn',
    label: 'Holds across Segment 12 and Post-Segment 12 Recovery (A5)',
    default: 'persist',
    values: [
      { value: 'persist', label: 'a hold lasts until the holder\'s next Phase, across the Turn boundary' },
      { value: 'cancel', label: 'every hold is lost at the end of the Turn (no source)' },
    ],
    source: 'rules.md §8 A5, §2.6 "Held actions across the Segment 12 / Turn boundary"',
  },
  {
    key: 'tandemFail',
    label: 'Failed "in tandem" roll (A6)',
    default: 'after',
    values: [
      { value: 'after', label: 'acts right after the event, as "act after"' },
      { value: 'lose', label: 'loses the held action' },
    ],
    source: 'rules.md §8 A6 (seed 000 does not say)',
  },
  {
    key: 'teamworkPenalty',
    label: 'Teamwork penalty when not trained together (A7)',
    default: 'none',
    values: [
      { value: 'none', label: 'no modifier' },
      { value: 'minus-2', label: '−2 to the Teamwork Roll' },
      { value: 'minus-4', label: '−4 to the Teamwork Roll' },
    ],
    source: 'rules.md §8 A7, §2.5 (exact 6e penalty not found)',
  },
  {
    key: 'blockFirst',
    label: 'A successful Block acts first next time (optional)',
    default: 'off',
    values: [
      { value: 'off', label: 'no: DEX order as usual' },
      { value: 'on', label: 'the blocker acts before that attacker in the next Segment in which both have a Phase, regardless of DEX' },
    ],
    source: 'rules.md §2.3 item 5 [I H2 citing 6E2 p.60], rules-combat.md C1.7',
  },
  {
    key: 'multipleBlocks',
    label: 'Blocking several attacks in one Segment',
    default: 'continue',
    values: [
      { value: 'continue', label: 'after a Block he keeps Blocking further HTH attacks that Segment while his Blocks succeed, at a cumulative −2 per Block after the first, with no further action' },
      { value: 'one', label: 'one Block per action: a further attack needs another held action or Abort (none is left that Segment)' },
    ],
    source: 'rules-combat.md C1.7, C1.8 [S H10: "can continue to Block as long as they continue succeeding, but with a cumulative −2 penalty for each attempted Block after the first"]',
  },
  {
    key: 'stunMultiplier',
    label: 'Killing attack STUN Multiplier',
    default: '6e-half-d6',
    values: [
      { value: '6e-half-d6', label: '6e: ½d6 (1–3), rolled once per attack' },
      { value: '5e-d6-minus-1', label: '5e: 1d6−1, minimum 1' },
    ],
    source: 'rules-combat.md §C1.3 [S H7 6E2 p.98; S H9]',
  },
  {
    key: 'endurance',
    label: 'END for attacks, and running short of it (A29)',
    default: 'recover',
    values: [
      { value: 'recover', label: 'each attack costs 1 END per 10 Active Points (minimum 1); short of END, he takes a Recovery instead' },
      { value: 'stun-for-end', label: 'the same cost; the END he lacks is paid with STUN, 1d6 per 2 END (rounded up)' },
      { value: 'off', label: 'END not tracked (a simplification, not a rule)' },
    ],
    source: 'rules-combat.md §C1.6 [I H1 getBaseEndCost, STUN for END], C1.8 payEnd, C4.2, C5 A29',
  },
  {
    key: 'koRecovery',
    label: 'Knocked-out characters wake up (A24)',
    default: 'stay-out',
    values: [
      { value: 'stay-out', label: 'no: Knocked Out means out of the fight' },
      { value: 'bands', label: 'yes, by the rules.md §2.1 bands: 0 to −10 STUN a Recovery every Phase and Post-12; −11 to −20 Post-12 only; −21 to −30 once a minute (5 Turns); below that not within a fight' },
    ],
    source: 'rules-combat.md C5 A24, C1.5; rules.md §2.1 Post-Segment 12 [I H1 combat-single.mjs]',
  },
  {
    key: 'minStunEqualsBody',
    label: 'STUN taken is never less than BODY taken (A22)',
    default: 'on',
    values: [
      { value: 'on', label: 'on: STUN taken is raised to the BODY taken (H1)' },
      { value: 'off', label: 'off: STUN and BODY are reduced separately' },
    ],
    source: 'rules-combat.md §C1.4, C5 A22 [I H1]',
  },
  {
    key: 'stunnedDcv',
    label: 'Halving DCV when Stunned (A26)',
    default: 'round-up',
    values: [
      { value: 'round-up', label: 'x.5 rounds up, in the defender\'s favour' },
      { value: 'round-down', label: 'x.5 rounds down' },
    ],
    source: 'rules-combat.md §C1.5, C5 A26 (rounding unstated)',
  },
  {
    key: 'halfDieBody',
    label: 'BODY from a normal-damage ½d6 (A21)',
    default: 'raw-4-6',
    values: [
      { value: 'raw-4-6', label: '0 BODY on a raw 1–3, 1 BODY on a raw 4–6 (H1)' },
      { value: 'none', label: 'always 0 BODY (the half die adds STUN only)' },
    ],
    source: 'rules-combat.md §C1.3, C5 A21 [I H1]',
  },
  {
    key: 'bleeding',
    label: 'When a character at BODY ≤ 0 bleeds (A25)',
    default: 'post-12',
    values: [
      { value: 'post-12', label: '−1 BODY at each Post-Segment 12 (6E2 p.107)' },
      { value: 'first-phase', label: '−1 BODY every Turn when his first Phase of the Turn comes up' },
    ],
    source: 'rules-combat.md §C1.5, C4.2, C5 A25 [S H7 6E2 p.107, H8]',
  },
  {
    key: 'haymakerInterrupted',
    label: 'Haymaker of an attacker Stunned or Knocked Out before it lands (A28)',
    default: 'lost',
    values: [
      { value: 'lost', label: 'lost: he can take no action, and the Phase it would use is his again' },
      { value: 'lands', label: 'still lands at the end of the next Segment (a knocked-out attacker at 0 OCV); a dead one\'s is lost' },
    ],
    source: 'rules-combat.md §C1.7, C5 A28 (no text found)',
  },
  {
    key: 'onCap',
    label: 'Result at the Turn cap',
    default: 'draw',
    values: [
      { value: 'draw', label: 'a draw' },
      { value: 'most-health', label: 'the side with the larger share of its STUN + BODY left wins (equal shares: a draw)' },
    ],
    source: 'rules-combat.md §C4.1 Cap, C5 A40',
  },
  {
    key: 'targeting',
    label: 'Target choice of "first" plans (A40)',
    default: 'sticky-first',
    values: [
      { value: 'sticky-first', label: 'the first living enemy in roster order, kept until defeated' },
      { value: 'random', label: 'a living enemy picked at random, kept until defeated' },
      { value: 'highest-threat', label: 'the enemy who has dealt the most STUN so far (ties: roster order), chosen afresh each attack' },
    ],
    source: 'rules-combat.md §C4.1 Target choice, C5 A40 ([A] plans naming "weakest" or an enemy keep their choice)',
  },
]

/** The tie rule and hold expiry actually in force once "ruleset" is resolved. */
export interface ResolvedRules {
  house: boolean
  tieRule: 'dex-roll' | 'd6' | 'int-pre' | 'fast-draw' | 'holder-first' | 'fixed'
  contestSimultaneous: boolean
  bothFailDexOrder: boolean
  expiryAtDex: boolean
  cancelAtTurnEnd: boolean
  tandemFailLoses: boolean
  teamworkPenalty: number
  blockFirst: boolean
  /** multipleBlocks "continue": further Blocks in the same Segment at −2 each, no further action. */
  blockContinues: boolean
  stunMultiplier: '6e-half-d6' | '5e-d6-minus-1'
  /** A29: END paid per attack; what happens when short. */
  endurance: Endurance
  /** A24 "bands": knocked-out characters recover by the §2.1 schedule and rejoin when STUN is above 0. */
  koWakes: boolean
  /** A22 */
  minStunEqualsBody: boolean
  /** A26: 1 to round a halved DCV up, 0 to round it down. */
  stunnedDcvRoundUp: number
  /** A21 "raw-4-6": a normal half die gives 1 BODY on a raw 4–6. */
  halfDieBody: boolean
  /** A25 "first-phase": bleeding at his first Phase of each Turn instead of Post-Segment 12. */
  bleedAtFirstPhase: boolean
  /** A28 "lands": a Haymaker survives the attacker being Stunned or Knocked Out. */
  haymakerLands: boolean
  /** C4.1 onCap "most-health". */
  capMostHealth: boolean
  /** A40: what a plan's target "first" means. */
  targeting: 'sticky-first' | 'random' | 'highest-threat'
}

export const enum Endurance {
  Off = 0,
  Recover = 1,
  StunForEnd = 2,
}

export function resolveRules(r: Record<string, string>): ResolvedRules {
  const house = r.ruleset === 'tlot3-house'
  return {
    house,
    tieRule: (r.tieRule === 'ruleset' ? (house ? 'd6' : 'dex-roll') : r.tieRule) as ResolvedRules['tieRule'],
    contestSimultaneous: r.contestTie === 'simultaneous',
    bothFailDexOrder: r.bothFail === 'dex-order',
    expiryAtDex: r.holdExpiry === 'ruleset' ? house : r.holdExpiry === 'holder-dex',
    cancelAtTurnEnd: r.holdAcrossTurn === 'cancel',
    tandemFailLoses: r.tandemFail === 'lose',
    teamworkPenalty: r.teamworkPenalty === 'minus-2' ? 2 : r.teamworkPenalty === 'minus-4' ? 4 : 0,
    blockFirst: r.blockFirst === 'on',
    blockContinues: r.multipleBlocks !== 'one',
    stunMultiplier: r.stunMultiplier as ResolvedRules['stunMultiplier'],
    endurance: r.endurance === 'off' ? Endurance.Off : r.endurance === 'stun-for-end' ? Endurance.StunForEnd : Endurance.Recover,
    koWakes: r.koRecovery === 'bands',
    minStunEqualsBody: r.minStunEqualsBody !== 'off',
    stunnedDcvRoundUp: r.stunnedDcv === 'round-down' ? 0 : 1,
    halfDieBody: r.halfDieBody !== 'none',
    bleedAtFirstPhase: r.bleeding === 'first-phase',
    haymakerLands: r.haymakerInterrupted === 'lands',
    capMostHealth: r.onCap === 'most-health',
    targeting: (r.targeting ?? 'sticky-first') as ResolvedRules['targeting'],
  }
}
