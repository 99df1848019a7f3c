import type { VariantDoc } from '../../core/scenario'
import { belowThreeVariant, yardPenaltyVariant } from '../gurps-common/wait-variants'

/**
 * Every open question of the GURPS rules (docs/rules/gurps.md section 5) as a rule variant with its
 * documented default, each citing its source (GURPS Basic Set, GURPS Martial Arts).
 */
export const variants: readonly VariantDoc[] = [
  yardPenaltyVariant,
  belowThreeVariant,
  {
    key: 'unusedWait',
    label: 'A Wait that never triggers',
    default: 'wasted',
    values: [{ value: 'wasted', label: 'the turn is wasted; a fresh maneuver is chosen on his next turn' }],
    source: 'GURPS Basic Set p.B366 (Wait)',
  },
  {
    key: 'retreat',
    label: 'Defender retreats',
    default: 'whenever-allowed',
    values: [
      {
        value: 'whenever-allowed',
        label: 'whenever the Basic Set allows it, which is always except while stunned or lying down, even when a Wait interrupts his turn (+3 Dodge, +1 Parry or Block, +3 Parry with a fencing weapon)',
      },
      {
        value: 'not-against-stop-thrust',
        label: 'as above, but not against a stop thrust (a thrusting attack from a Wait) after he moved more than a step toward that attacker this turn (Martial Arts)',
      },
      {
        value: 'not-while-acting',
        label: 'as above, but never while his own maneuver is under way or his place in a Cascading Waits sequence is still to come (Quickdraw 1.x; no book says so)',
      },
      { value: 'never', label: 'never retreat' },
    ],
    source: 'GURPS Basic Set p.B377 (Retreating); GURPS Martial Arts (stop thrusts)',
  },
  {
    key: 'criticalHits',
    label: 'Critical hits',
    default: 'table',
    values: [
      { value: 'table', label: 'no defence, and roll on the critical-hit table' },
      { value: 'no-defense-only', label: 'no defence, normal damage' },
    ],
    source: 'GURPS Basic Set p.B381 (Critical Hits) and p.B556 (Critical Hit Table)',
  },
  {
    key: 'minimumInjury',
    label: 'Minimum injury when damage penetrates',
    default: 'one',
    values: [
      { value: 'one', label: 'at least 1 HP (Basic Set)' },
      { value: 'none', label: 'rounded down, may be 0' },
    ],
    source: 'GURPS Basic Set p.B379 (Wounding Modifiers and Injury: minimum injury)',
  },
  {
    key: 'knockdown',
    label: 'After a knockdown',
    default: 'stand-then-ready',
    values: [
      { value: 'stand-then-ready', label: 'one turn to stand up, one turn to ready the dropped weapon; prone defends at −3' },
      { value: 'ignore-posture', label: 'ignore posture: only the dropped weapon must be readied' },
    ],
    source: 'GURPS Basic Set p.B420 (Knockdown and Stunning)',
  },
  {
    key: 'failedDeathCheck',
    label: 'Death check failed by 1–2',
    default: 'dead',
    values: [
      { value: 'dead', label: 'dead' },
      { value: 'mortal-wound', label: 'mortally wounded: out of the fight but alive (GURPS Basic Set, Mortal Wounds)' },
    ],
    source: 'GURPS Basic Set p.B419 (death checks) and p.B423 (Mortal Wounds)',
  },
  {
    key: 'shockFrom',
    label: 'When the shock penalty starts',
    default: 'moment-of-injury',
    values: [
      {
        value: 'moment-of-injury',
        label: 'from the moment of injury until the end of his next turn: hurt by a Stop Hit or a waiter\'s blow, he suffers it on his attacks that same turn (fighters acting truly simultaneously still roll without it)',
      },
      { value: 'next-turn', label: 'only from the start of his next turn, through that turn (Quickdraw 1.x)' },
    ],
    source: 'GURPS Basic Set p.B419 (Shock); Sean Punch\'s GURPS Martial Arts answers in Pyramid',
  },
  {
    key: 'shockOnDefense',
    label: 'Shock penalty on active defences',
    default: 'no',
    values: [
      { value: 'no', label: 'no: shock lowers DX and IQ rolls, not defences' },
      { value: 'yes', label: 'yes' },
    ],
    source: 'GURPS Basic Set p.B419 (Shock)',
  },
  {
    key: 'unbalancedWeapon',
    label: 'Unbalanced ("U") weapons',
    default: 'no-parry-after-attack',
    values: [
      { value: 'no-parry-after-attack', label: 'cannot parry on a turn in which it attacked' },
      {
        value: 'both-ways',
        label: 'also the reverse (the Basic Set\'s "or vice versa"): after a parry with it, no attack with it until his next turn, so a Wait cannot turn into an attack',
      },
    ],
    source: 'GURPS Basic Set p.B269 (Parry "U": unbalanced) and the Melee Weapon Table p.B271; GURPS Martial Arts, Unbalanced Parries',
  },
  {
    key: 'aoaDouble',
    label: 'All-Out Attack (Double): which weapons allow it',
    default: 'basic-set',
    values: [
      {
        value: 'basic-set',
        label:
          'two ready weapons, or one that need not be readied after use: a balanced weapon (fists too) makes both attacks with the main hand; an unbalanced pair makes the second with the off hand at −4 unless Ambidextrous; one unbalanced weapon cannot',
      },
      { value: 'two-weapons', label: 'only with two ready weapons (a pair, or barehanded), no off-hand penalty (the short reading of "two ready weapons")' },
    ],
    source: 'GURPS Basic Set p.B365 (All-Out Attack, Double: "two ready weapons or one weapon that does not have to be readied after use") and p.B39 (Ambidexterity)',
  },
  {
    key: 'multipleBlocks',
    label: 'Several Blocks in one turn',
    default: 'one-per-turn',
    values: [
      { value: 'one-per-turn', label: 'one Block per turn (Basic Set); parries −4 cumulative, dodges unlimited' },
      { value: 'martial-arts', label: 'further Blocks at a cumulative −5 each (Martial Arts optional rule)' },
    ],
    source: 'GURPS Basic Set p.B375 (Block); GURPS Martial Arts, Multiple Blocks (optional rule)',
  },
  {
    key: 'painThresholdRolls',
    label: 'Pain Threshold on the major-wound HT roll',
    default: 'basic-set',
    values: [
      { value: 'basic-set', label: 'High Pain Threshold +3, Low Pain Threshold −4 to the HT roll against knockdown and stunning (Basic Set trait texts)' },
      { value: 'shock-only', label: 'no modifier: the traits change shock only, not the HT roll (the shorter reading of GURPS Basic Set p.B59 and p.B142)' },
    ],
    source: 'GURPS Basic Set p.B59 (High Pain Threshold) and p.B142 (Low Pain Threshold)',
  },
  {
    key: 'rangePenalties',
    label: 'Range penalties for ranged attacks',
    default: 'table',
    values: [
      { value: 'table', label: 'Size and Speed/Range Table: 0 to 2 yards, −1 at 3, −2 at 5, −3 at 7, −4 at 10, −5 at 15, −6 at 20…' },
      { value: 'none', label: 'ignore range (point-blank fights)' },
    ],
    source: 'GURPS Basic Set p.B550 (Size and Speed/Range Table; on the attack roll, not in the Wait contest)',
  },
  {
    key: 'onCap',
    label: 'Fight reaching the turn cap',
    default: 'draw',
    values: [
      { value: 'draw', label: 'draw' },
      { value: 'most-health', label: 'the side with the larger share of HP left wins' },
    ],
    source: 'Quickdraw (the books let a fight run until it ends)',
  },
]
