import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { isMelee } from './combat-check'
import { CHARACTERISTIC_BY_D10, critEffectOf, critRow, STAGGERED_FOR_GOOD } from './crit-effects'
import { critRoll } from './damage'
import { standingAlly } from './fight-geometry'
import { maneuver, maneuverCap } from './fight-maneuver'
import { ammoAt, brawnNow, COUNTERS_PER_FIGHTER, DROPPED, FC, held, soakNow, standingMinions, strainState, strainThresholdNow, sufferStrain, woundThresholdNow, type FightPlan } from './fight-plan'

/**
 * What follows a roll: the Critical Injury and its effect, then advantage and threat spent.
 * @see docs/rules/genesys.md section 6 (crit roll, spending advantage) and crit-effects.ts (the table rows)
 */

/** Rolls the Critical Injury of a hit on t and applies its effect; `round` dates The End is Nigh. */
export function criticalInjury(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, triggers: number, round: number, log?: TraceEvent[]): void {
  const s = plan.state
  // Vicious: +10 per rank on the roll; what the d100 is added to is told to the exact whole fight first
  // (plan.critBonus, read by exact-fight.ts to follow the roll row by row), a plain number: nothing allocated
  const bonus = critRoll(0, s.injuries[t], triggers) + 10 * held(plan, f).w.qualities.vicious
  plan.critBonus = bonus
  plan.critOn = t
  const roll = rng.die(100) + bonus
  s.injuries[t]++
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Crits]++
  const tn = plan.fighters[t].c
  const tp = plan.fighters[t]
  if (tp.minions > 1) {
    // a Critical Injury on a minion group defeats one minion: the wounds pass the next minion's share
    s.wounds[t] = Math.max(s.wounds[t], (tp.minions - standingMinions(plan, t) + 1) * tp.minionWounds + 1)
    if (log) log.push({ at: round, kind: 'crit', who: [tn.id], text: `Critical Injury on ${tn.name}: one minion is defeated (${standingMinions(plan, t)} of ${tp.minions} standing).` })
    return
  }
  const effect = critEffectOf(roll, plan.critTable)
  let what = ''
  if (effect === 'minor-nick') {
    sufferStrain(plan, t, 1)
    what = 'suffers 1 strain'
  } else if (effect === 'off-balance') {
    s.nextSetback[t] = 1
    what = 'a Setback die on his next check'
  } else if (effect === 'stinger') {
    s.nextIncrease[t] = 1
    what = 'his next check is one step harder'
  } else if (effect === 'stunned') {
    s.staggered[t] = Math.max(s.staggered[t], 1)
    what = 'staggered until the end of his next turn'
  } else if (effect === 'knocked-senseless') {
    s.staggered[t] = STAGGERED_FOR_GOOD
    what = 'staggered for the rest of the fight'
  } else if (effect === 'bowled-over') {
    s.prone[t] = 1
    s.knockedDown[t] = 1
    sufferStrain(plan, t, 1)
    what = 'knocked prone, suffers 1 strain'
  } else if (effect === 'bleeding-out') {
    s.bleeding[t] = 1
    what = '1 wound and 1 strain at the start of each of his turns'
  } else if (effect === 'end-is-nigh') {
    if (s.doom[t] === 0) s.doom[t] = round + 1
    what = `dies after the last slot of round ${s.doom[t]}`
  } else if (effect === 'distracted' || effect === 'hamstrung' || effect === 'winded' || effect === 'temporarily-lame') {
    what = maneuverInjury(plan, t, effect)
  } else if (effect === 'crippled') what = crippled(plan, rng, t)
  else if (effect === 'maimed') {
    s.maimed[t]++
    what = `a limb lost: a Setback die on his checks for the rest of the fight (${s.maimed[t]} in all)`
  } else if (effect === 'characteristic-loss') what = characteristicLoss(plan, rng, t)
  else if (effect in LASTING) {
    what = lastingInjury(plan, f, t, effect as keyof typeof LASTING)
  } else if (effect === 'dead') {
    s.wounds[t] = Math.max(s.wounds[t], woundThresholdNow(plan, t) + 1)
    what = 'dead'
  }
  if (log) log.push({ at: round, kind: 'crit', who: [tn.id], text: `Critical Injury on ${tn.name}: rolls ${roll}, ${critRow(roll).name}${what ? ` — ${what}` : ''}.` })
}

/**
 * Crippled (rule `crippledLimb`): the arm he fights with, a limb a d4 picks (1: that arm), or another
 * limb. Only the arm he fights with is used by a check in a fight, and only once: one Difficulty die.
 */
function crippled(plan: FightPlan, rng: Rng, t: number): string {
  const s = plan.state
  const arm = plan.crippledLimb === 0 || (plan.crippledLimb === 1 && rng.die(4) === 1)
  if (!arm) return 'a limb he does not fight with is crippled (no check in the fight uses it)'
  if (s.crippled[t] === 1) return 'another limb is crippled (his fighting arm already is; no other check in the fight uses it)'
  s.crippled[t] = 1
  return 'the arm he fights with is crippled: his attacks are one Difficulty die harder'
}

/**
 * Horrific or Gruesome Injury: a d10 picks the characteristic (1–3 Brawn, 4–6 Agility, 7 Intellect,
 * 8 Cunning, 9 Presence, 10 Willpower), one lower, never below 1. What is worked out from it follows:
 * Brawn's checks (Melee, Brawl), soak, wound threshold and "+X" damage; Agility's checks (Ranged, Gunnery);
 * Willpower's strain threshold. Initiative was rolled at the start, and no other check is made in a fight.
 */
function characteristicLoss(plan: FightPlan, rng: Rng, t: number): string {
  const s = plan.state
  const c = CHARACTERISTIC_BY_D10[rng.die(10) - 1]
  if (c === 'brawn') {
    if (brawnNow(plan, t) === 1) return 'Brawn, already 1, cannot go lower'
    const soak = soakNow(plan, t)
    const wt = woundThresholdNow(plan, t)
    s.brawnLost[t]++
    return `Brawn ${brawnNow(plan, t) + 1} → ${brawnNow(plan, t)}: soak ${soak} → ${soakNow(plan, t)}, wound threshold ${wt} → ${woundThresholdNow(plan, t)}, his Brawl and Melee checks and "+" damage one lower`
  }
  if (c === 'agility') {
    if (s.agilityLost[t] < 6) s.agilityLost[t]++
    return 'Agility one lower: his Ranged and Gunnery checks one die weaker'
  }
  if (c === 'willpower') {
    if (plan.fighters[t].c.rival || s.willLost[t] >= 5) return 'Willpower one lower (no strain threshold it lowers)'
    const st = strainThresholdNow(plan, t)
    s.willLost[t]++
    return `Willpower one lower: strain threshold ${st} → ${strainThresholdNow(plan, t)}`
  }
  return `${c[0].toUpperCase()}${c.slice(1)} one lower (no check in the fight uses it)`
}

/** The rows that touch his later checks or turns (crit-effects.ts), with what the trace says. */
const LASTING = {
  'slowed-down': 'acts only in his side\'s last initiative slot on his next turn',
  'sudden-jolt': 'drops his weapon (an Interact maneuver picks it up)',
  'agonizing-wound': 'his combat checks are one Difficulty die harder until healed',
  'slightly-dazed': 'disoriented: a Setback die on his checks until healed',
  'scattered-senses': 'no Boost dice on his checks until healed',
  overpowered: 'left open: the attacker makes another free attack with the same pool',
  compromised: 'his checks are one Difficulty die harder until healed',
  'at-the-brink': '1 strain each time he performs an action',
  blinded: 'the difficulty of his checks is upgraded twice until healed',
} as const

function lastingInjury(plan: FightPlan, f: number, t: number, effect: keyof typeof LASTING): string {
  const s = plan.state
  if (effect === 'slowed-down') s.slowed[t] = 1
  else if (effect === 'sudden-jolt') {
    // "drops whatever is in hand": a Brawl fighter's fists are not dropped (our reading); an emptied weapon stays empty
    if (held(plan, t).w.skill === 'brawl') return 'nothing in hand to drop (Brawl)'
    s.noAmmo[ammoAt(t, s.weapon[t])] |= DROPPED
  }
  else if (effect === 'agonizing-wound' || effect === 'compromised') s.hurtIncrease[t]++
  else if (effect === 'slightly-dazed') s.hurtSetback[t] = 1
  else if (effect === 'scattered-senses') s.noBoost[t] = 1
  else if (effect === 'at-the-brink') s.brink[t] = 1
  else if (effect === 'blinded') s.hurtUpgrade[t] = 2
  // only against an enemy (not an ally hit by a Despair in an engagement)
  else if (effect === 'overpowered' && plan.fighters[f].side !== plan.fighters[t].side) s.freeAttack[f] = 1
  return LASTING[effect]
}

/** The rows that limit his maneuvers (crit-effects.ts); returns what the trace says. */
function maneuverInjury(plan: FightPlan, t: number, effect: 'distracted' | 'hamstrung' | 'winded' | 'temporarily-lame'): string {
  const s = plan.state
  if (effect === 'distracted') {
    s.noFree[t] = Math.max(s.noFree[t], 1)
    return 'no free maneuver on his next turn'
  }
  if (effect === 'hamstrung') {
    s.noFree[t] = STAGGERED_FOR_GOOD
    return 'no free maneuver for the rest of the fight'
  }
  if (effect === 'winded') {
    s.winded[t] = 1
    return 'cannot suffer strain for maneuvers for the rest of the fight'
  }
  s.lame[t] = 1
  return 'at most one maneuver a turn for the rest of the fight'
}

/**
 * Threat spent by the GM ('threatSpend' = 'tactical'): 3 threat knock the attacker prone (if he is not),
 * then 2 threat give the target a free maneuver (take cover if he shoots and is out of cover, else Aim);
 * returns the threat left (negative), which costs strain as usual.
 */
function tacticalThreat(plan: FightPlan, f: number, t: number, adv: number, at: number, log?: TraceEvent[]): number {
  const s = plan.state
  const fp = plan.fighters[f]
  if (-adv >= 3 && s.prone[f] === 0) {
    adv += 3
    s.prone[f] = 1
    s.knockedDown[f] = 1
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `3 threat: ${fp.c.name} falls prone.` })
  }
  if (-adv >= 2 && s.down[t] === 0) {
    adv += 2
    const tp = plan.fighters[t]
    if (log) log.push({ at, kind: 'note', who: [tp.c.id], text: `2 threat: ${tp.c.name} takes a free maneuver.` })
    maneuver(plan, t, -1, !isMelee(held(plan, t).w.skill) && s.cover[t] === 0 ? 'take-cover' : 'aim', at, log)
  }
  return adv
}

/**
 * Advantage left after the critical, by plan: 'free-maneuver' spends 2 for a maneuver within the cap of
 * two a turn (take cover if a shooter is out of it, else Aim for the next shot); 'boost-ally' adds one
 * Boost die to the next ally's check (on top of any Assist dice); the rest recovers 1 strain each. Net threat: the GM makes the
 * attacker suffer 1 strain per threat.
 */
export function spendAdvantage(plan: FightPlan, f: number, t: number, adv: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  if (adv < 0 && plan.threatTactical) adv = tacticalThreat(plan, f, t, adv, at, log)
  if (adv < 0) {
    sufferStrain(plan, f, -adv)
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${-adv} threat: ${fp.c.name} suffers ${-adv} strain ${strainState(plan, f)}.` })
    return
  }
  if (adv >= 2 && fp.plan.advantage === 'free-maneuver' && s.turnManeuvers[f] < maneuverCap(plan, f)) {
    adv -= 2
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `2 advantage: ${fp.c.name} takes a free maneuver.` })
    maneuver(plan, f, t, !isMelee(held(plan, f).w.skill) && s.cover[f] === 0 ? 'take-cover' : 'aim', at, log)
  }
  if (adv >= 3 && fp.plan.advantage === 'defense') {
    adv -= 3
    s.defended[f] = 2
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `3 advantage: a Setback die on attacks against ${fp.c.name} until the end of his next turn.` })
  }
  if (adv > 0 && fp.plan.advantage === 'boost-ally') {
    const ally = standingAlly(plan, f, false)
    if (ally >= 0) {
      // adds to the Boost dice he already has from Assist (it used to overwrite them with 1)
      s.boost[ally]++
      adv--
      if (log) log.push({ at, kind: 'note', who: [fp.c.id, plan.fighters[ally].c.id], text: `1 advantage: Boost die to ${plan.fighters[ally].c.name}'s next check.` })
    }
  }
  if (adv > 0 && s.strain[f] > 0) {
    const rec = Math.min(adv, s.strain[f])
    s.strain[f] -= rec
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${rec} advantage: ${fp.c.name} recovers ${rec} strain.` })
  }
}
