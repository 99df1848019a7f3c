import { BothFail } from './contest'
import type { VariantDoc } from '../../core/scenario'

/**
 * Rule variants of the HERO system: the rule set (the campaign's house rules, the campaign house rules (docs/rules/hero.md), or the 6e book)
 * and every open question of the HERO rules (docs/rules/hero.md section 9): equal DEX, DEX Roll contests,
 * held and delayed actions, Aborts, Teamwork, the STUN Multiplier edition (docs/rules/hero.md section 6),
 * whether a Block carries on against further attacks in the Segment, END, waking from a knockout, the
 * minimum-damage rule, the rounding of a Stunned DCV, BODY from a normal half die, the timing of
 * bleeding, an interrupted Haymaker, the Turn-cap verdict and the target options.
 * The rule set is a preset: every variant whose value is "ruleset" follows it (see RULESET_PRESETS);
 * a value set explicitly overrides it. User-visible texts here speak a GM's language and cite books
 * (docs/rules/hero.md#9-rule-variants).
 */

/** The campaign's house-rules page, as a source. */
const HOUSE_RULES = 'Campaign house rules (Delayed and Held actions)'

/** What each rule set sets, for every variant left at "ruleset". */
export const RULESET_PRESETS: Record<'tlot3-house' | 'hero6e-raw', Record<string, string>> = {
  'tlot3-house': { tieRule: 'd6', holdExpiry: 'holder-dex', bothFail: 'nobody', abortAfterActing: 'allowed' },
  'hero6e-raw': { tieRule: 'dex-roll', holdExpiry: 'segment-start', bothFail: 'smaller-failure', abortAfterActing: 'refused' },
}

export const variants: readonly VariantDoc[] = [
  {
    key: 'ruleset',
    label: 'Rule set',
    default: 'tlot3-house',
    values: [
      {
        value: 'tlot3-house',
        label: 'The campaign\'s house rules: Delayed and Held actions apart; equal DEX by a 1d6 roll-off; an unused hold lasts until his DEX in his next Phase; if both fail the DEX Roll to interrupt, nobody interrupts; he may Abort his next Phase even after acting',
      },
      {
        value: 'hero6e-raw',
        label: 'HERO 6th Edition as written: one "Holding an Action" rule; equal DEX by a contested DEX Roll; an unused hold is lost when the Segment of his next Phase begins; if both fail the DEX Roll to interrupt, the smaller failure goes first; no Abort after acting in the Segment',
      },
    ],
    source: `${HOUSE_RULES}; HERO System 6th Edition vol. 2 p.21; HERO System 5th Edition p.235`,
  },
  {
    key: 'tieRule',
    label: 'Who goes first on equal DEX',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: 1d6 roll-off (house rules) or contested DEX Roll (book)' },
      { value: 'dex-roll', label: 'each makes a DEX Roll; the one who makes it by the most goes first' },
      { value: 'd6', label: 'each rolls 1d6, highest first, reroll ties' },
      { value: 'int-pre', label: 'highest INT first, then PRE, then a DEX Roll (GM option)' },
      { value: 'fast-draw', label: 'a character with Fast Draw first; if both have it, the better Fast Draw roll (GM option)' },
      { value: 'holder-first', label: 'a character acting from a held or delayed action first (GM option)' },
      { value: 'fixed', label: 'one 1d6 roll-off at the start of the fight, kept for every Segment' },
    ],
    source: `HERO System 6th Edition vol. 2 p.21; ${HOUSE_RULES}`,
  },
  {
    key: 'contestTie',
    label: 'Equal margins in a DEX Roll contest',
    default: 'reroll',
    values: [
      { value: 'reroll', label: 'roll again until the margins differ' },
      { value: 'simultaneous', label: 'both act at the same instant' },
    ],
    source: `${HOUSE_RULES}; HERO System 6th Edition vol. 2 p.21 (neither says what equal margins do)`,
  },
  {
    key: 'bothFail',
    label: 'Both fail the DEX Roll contest to interrupt',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: nobody interrupts (house rules) or the smaller failure goes first (book)' },
      { value: 'nobody', label: 'nobody interrupts: the awaited action resolves first, and the holder may act after it if he still can (on equal DEX someone must go first: the smaller failure)' },
      { value: 'smaller-failure', label: 'the smaller failure still goes first' },
      { value: 'dex-order', label: 'the contest decides nothing: higher DEX first, equal DEX as equal margins' },
    ],
    source: `${HOUSE_RULES} ("whoever makes their roll by the most"); HERO System 6th Edition vol. 2 p.21`,
  },
  {
    key: 'severalHolders',
    label: 'Several characters holding to interrupt the same action',
    default: 'one-roll',
    values: [
      { value: 'one-roll', label: 'the mover makes one DEX Roll for his action; those who beat it act in order of their margins' },
      { value: 'per-holder', label: 'the mover rolls against each holder separately; those who beat him act in the order of the list' },
    ],
    source: `${HOUSE_RULES} (Interrupting an anticipated event)`,
  },
  {
    key: 'holdExpiry',
    label: 'When an unused held action is lost',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: at his DEX in his next Phase (house rules) or when that Segment begins (book)' },
      { value: 'segment-start', label: 'when the Segment of his next Phase begins' },
      { value: 'holder-dex', label: 'when his DEX comes up in the Segment of his next Phase' },
    ],
    source: `HERO System 5th Edition p.235; ${HOUSE_RULES}`,
  },
  {
    key: 'abortAfterActing',
    label: 'Abort in a Segment in which he has already acted',
    default: 'ruleset',
    values: [
      { value: 'ruleset', label: 'as the rule set says: allowed (house rules) or refused (book)' },
      { value: 'allowed', label: 'allowed: he may always Abort his next Phase to a defensive action, even after a full Phase of actions' },
      { value: 'refused', label: 'refused: no Abort in a Segment in which he has already acted' },
    ],
    source: `${HOUSE_RULES} (Holding for Defense); HERO System 6th Edition vol. 2 p.24 (Aborting an action)`,
  },
  {
    key: 'holdAcrossTurn',
    label: 'Held actions across Segment 12 and the Post-Segment 12 Recovery',
    default: 'persist',
    values: [
      { value: 'persist', label: 'a held action lasts until his next Phase, into the next Turn' },
      { value: 'cancel', label: 'every held action is lost at the end of the Turn (a GM ruling, no rule found)' },
    ],
    source: `HERO System 5th Edition p.235; ${HOUSE_RULES}`,
  },
  {
    key: 'tandemFail',
    label: 'A failed roll to act in tandem',
    default: 'after',
    values: [
      { value: 'after', label: 'he acts right after the event, as if he had held to act after it' },
      { value: 'lose', label: 'he loses the held action' },
    ],
    source: `${HOUSE_RULES} (it does not say what a failure does)`,
  },
  {
    key: 'teamworkPenalty',
    label: 'Teamwork Roll with a partner he has not trained with',
    default: 'none',
    values: [
      { value: 'none', label: 'no modifier' },
      { value: 'minus-2', label: '−2 to the Teamwork Roll' },
      { value: 'minus-4', label: '−4 to the Teamwork Roll' },
    ],
    source: `${HOUSE_RULES}; HERO System 6th Edition vol. 1 (Teamwork skill)`,
  },
  {
    key: 'blockFirst',
    label: 'A successful Block acts first next time',
    default: 'off',
    values: [
      { value: 'off', label: 'no: DEX order as usual' },
      { value: 'on', label: 'the blocker acts before that attacker in the next Segment in which both have a Phase, whatever their DEX' },
    ],
    source: 'HERO System 6th Edition vol. 2 p.60',
  },
  {
    key: 'multipleBlocks',
    label: 'Blocking several attacks in one Segment',
    default: 'continue',
    values: [
      { value: 'continue', label: 'after a Block he may keep Blocking further hand-to-hand attacks that Segment while his Blocks succeed, at −2 for each Block after the first, with no further action' },
      { value: 'one', label: 'one Block per action: a further attack needs another held action or Abort (none is left that Segment)' },
    ],
    source: 'HERO System 6th Edition vol. 2 pp.59–60 (Block)',
  },
  {
    key: 'stunMultiplier',
    label: 'STUN Multiplier of killing attacks',
    default: '6e-half-d6',
    values: [
      { value: '6e-half-d6', label: '6th Edition: ½d6 (1–3), rolled once per attack' },
      { value: '5e-d6-minus-1', label: '5th Edition: 1d6−1, minimum 1' },
    ],
    source: 'HERO System 6th Edition vol. 2 p.98; HERO System 5th Edition, revised p.405',
  },
  {
    key: 'endurance',
    label: 'END for attacks, and running short of it',
    default: 'recover',
    values: [
      { value: 'recover', label: 'each attack costs 1 END per 10 Active Points (minimum 1); short of END, he takes a Recovery instead' },
      { value: 'stun-for-end', label: 'the same cost; the END he lacks is paid with STUN, 1d6 per 2 END (rounded up)' },
      { value: 'off', label: 'END not counted (a simplification, not a rule)' },
    ],
    source: 'HERO System 6th Edition vol. 1 (Endurance; using STUN for END)',
  },
  {
    key: 'koRecovery',
    label: 'Knocked-out characters come to',
    default: 'stay-out',
    values: [
      { value: 'stay-out', label: 'no: Knocked Out means out of the fight' },
      {
        value: 'bands',
        label: 'yes, by how far below 0 STUN he is: 0 to −10, a Recovery every Phase and after Segment 12; −11 to −20, after Segment 12 only; −21 to −30, once a minute; lower, not within a fight',
      },
    ],
    source: 'HERO System 6th Edition vol. 2 p.131 (Recovery; recovering from unconsciousness)',
  },
  {
    key: 'minStunEqualsBody',
    label: 'STUN taken is never less than BODY taken',
    default: 'on',
    values: [
      { value: 'on', label: 'on: the STUN he takes is raised to the BODY he takes' },
      { value: 'off', label: 'off: STUN and BODY are reduced by defenses separately' },
    ],
    source: 'HERO System 6th Edition vol. 2 (Taking damage)',
  },
  {
    key: 'stunnedDcv',
    label: 'Halving DCV when Stunned',
    default: 'round-up',
    values: [
      { value: 'round-up', label: 'a half rounds up, in the defender\'s favour' },
      { value: 'round-down', label: 'a half rounds down' },
    ],
    source: 'HERO System 6th Edition vol. 2 p.105 (Stunned; the rounding is not stated)',
  },
  {
    key: 'halfDieBody',
    label: 'BODY from a half die of normal damage',
    default: 'raw-4-6',
    values: [
      { value: 'raw-4-6', label: '1 BODY when the half die shows 4–6, none on 1–3' },
      { value: 'none', label: 'never any BODY (the half die adds STUN only)' },
    ],
    source: 'HERO System 6th Edition vol. 2 (Normal Damage: counting BODY)',
  },
  {
    key: 'bleeding',
    label: 'When a character at 0 BODY or less bleeds',
    default: 'post-12',
    values: [
      { value: 'post-12', label: '−1 BODY after every Segment 12' },
      { value: 'first-phase', label: '−1 BODY every Turn when his first Phase of the Turn comes up' },
    ],
    source: 'HERO System 6th Edition vol. 2 p.107',
  },
  {
    key: 'haymakerInterrupted',
    label: 'Haymaker of an attacker Stunned or Knocked Out before it lands',
    default: 'lost',
    values: [
      { value: 'lost', label: 'lost: he can take no action, and the Phase it would use is his again' },
      { value: 'lands', label: 'it still lands at the end of the next Segment (a knocked-out attacker at 0 OCV); a dead one\'s is lost' },
    ],
    source: 'HERO System 6th Edition vol. 2 pp.68–69 (Haymaker; the case is not covered)',
  },
  {
    key: 'haymakerLanding',
    label: 'Several Haymakers landing at the end of the same Segment',
    default: 'dex-order',
    values: [
      { value: 'dex-order', label: 'one after the other, highest DEX first, equal DEX by the rule for who goes first on equal DEX; a Haymaker whose attacker is Stunned or Knocked Out by an earlier one is lost (or lands, as the rule for an interrupted Haymaker says)' },
      { value: 'simultaneous', label: 'all at the same instant: each is rolled before any of them takes effect, so both fighters can go down together' },
    ],
    source: 'HERO System 6th Edition vol. 2 p.19 (highest DEX acts first), p.21 (equal DEX) and pp.68–69 (Haymaker: it lands at the end of the next Segment; the order of two is not covered)',
  },
  {
    key: 'onCap',
    label: 'Result when the fight reaches the Turn limit',
    default: 'draw',
    values: [
      { value: 'draw', label: 'a draw' },
      { value: 'most-health', label: 'the side with the larger share of its STUN + BODY left wins (equal shares: a draw)' },
    ],
    source: 'No rule in the books: how Quickdraw ends a fight cut short',
  },
  {
    key: 'targeting',
    label: 'Whom a fighter set to "first" attacks',
    default: 'sticky-first',
    values: [
      { value: 'sticky-first', label: 'the first enemy still standing in the list, until he is down' },
      { value: 'random', label: 'an enemy still standing, picked at random, until he is down' },
      { value: 'highest-threat', label: 'the enemy who has dealt the most STUN so far (equal: first in the list), chosen afresh each attack' },
    ],
    source: 'No rule in the books: how Quickdraw\'s fighters pick targets (plans naming "weakest" or an enemy keep their choice)',
  },
]

/** The tie rule and hold expiry actually in force once "ruleset" is resolved. */
export interface ResolvedRules {
  house: boolean
  tieRule: 'dex-roll' | 'd6' | 'int-pre' | 'fast-draw' | 'holder-first' | 'fixed'
  contestSimultaneous: boolean
  /** Several holders: the mover rolls once per event; winners act in order of their margins. */
  moverRollsOnce: boolean
  /** variants.bothFail: a contest round in which neither makes his roll. */
  bothFail: BothFail
  expiryAtDex: boolean
  cancelAtTurnEnd: boolean
  tandemFailLoses: boolean
  teamworkPenalty: number
  /** House rules: an Abort of the next Phase is allowed in a Segment in which he already acted. */
  abortAfterActing: boolean
  blockFirst: boolean
  /** multipleBlocks "continue": further Blocks in the same Segment at −2 each, no further action. */
  blockContinues: boolean
  stunMultiplier: '6e-half-d6' | '5e-d6-minus-1'
  /** variants.endurance: END paid per attack; what happens when short. */
  endurance: Endurance
  /** variants.koRecovery "bands": knocked-out characters recover by the HERO 6E2 p.131 schedule and rejoin when STUN is above 0. */
  koWakes: boolean
  /** variants.minStunEqualsBody: STUN taken is never less than BODY taken. */
  minStunEqualsBody: boolean
  /** variants.stunnedDcv: 1 to round a halved DCV up, 0 to round it down. */
  stunnedDcvRoundUp: number
  /** variants.halfDieBody "raw-4-6": a normal half die gives 1 BODY on a raw 4–6. */
  halfDieBody: boolean
  /** variants.bleeding "first-phase": bleeding at his first Phase of each Turn instead of Post-Segment 12. */
  bleedAtFirstPhase: boolean
  /** variants.haymakerInterrupted "lands": a Haymaker survives the attacker being Stunned or Knocked Out. */
  haymakerLands: boolean
  /** variants.haymakerLanding "simultaneous": Haymakers landing in the same Segment all land in one instant. */
  hayTogether: boolean
  /** variants.onCap "most-health". */
  capMostHealth: boolean
  /** variants.targeting: what a plan's target "first" means. */
  targeting: 'sticky-first' | 'random' | 'highest-threat'
}

export const enum Endurance {
  Off = 0,
  Recover = 1,
  StunForEnd = 2,
}

/** The variants in force: each "ruleset" value replaced by what the rule set's preset sets. */
export function presetRules(r: Record<string, string>): Record<string, string> {
  const preset = RULESET_PRESETS[r.ruleset === 'hero6e-raw' ? 'hero6e-raw' : 'tlot3-house']
  const out: Record<string, string> = { ...r }
  for (const [k, v] of Object.entries(preset)) if (out[k] === undefined || out[k] === 'ruleset') out[k] = v
  return out
}

export function resolveRules(rules: Record<string, string>): ResolvedRules {
  const house = rules.ruleset !== 'hero6e-raw'
  const r = presetRules(rules)
  return {
    house,
    tieRule: r.tieRule as ResolvedRules['tieRule'],
    contestSimultaneous: r.contestTie === 'simultaneous',
    moverRollsOnce: r.severalHolders !== 'per-holder',
    bothFail: r.bothFail === 'nobody' ? BothFail.Nobody : r.bothFail === 'dex-order' ? BothFail.DexOrder : BothFail.SmallerFailure,
    expiryAtDex: r.holdExpiry === 'holder-dex',
    cancelAtTurnEnd: r.holdAcrossTurn === 'cancel',
    tandemFailLoses: r.tandemFail === 'lose',
    teamworkPenalty: r.teamworkPenalty === 'minus-2' ? 2 : r.teamworkPenalty === 'minus-4' ? 4 : 0,
    abortAfterActing: r.abortAfterActing === 'allowed',
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
    hayTogether: r.haymakerLanding === 'simultaneous',
    capMostHealth: r.onCap === 'most-health',
    targeting: (r.targeting ?? 'sticky-first') as ResolvedRules['targeting'],
  }
}
