import { gurpsCritical, gurpsSucceeds } from '../../dice/three-d6'
import { Aod, Defense } from './codes'
import { basicDamage, Crit, CRIT_TEXT, drAgainst, injuryAgainst, rollCritical } from './damage'
import { bestDefense, rollDefense, type DefenseChoice } from './defense'
import { applyInjury, consciousnessRoll } from './injury'
import { rangePenalty } from './range'
import { F } from './layout'
import { nameOf, roll3, RollUse, rollText, say } from './log'
import { MAX_ARMS } from './fighter'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'

/**
 * One attack: the attack roll against effective skill with criticals, one active defence (none after a
 * critical hit), then damage and injury.
 * @see docs/rules/gurps.md section 3, docs/rules/gurps.md section 3
 */
export const enum Mode {
  Normal = 0,
  /** All-Out Attack (Determined): +4 melee, +1 ranged. */
  Determined = 1,
  /** Move and Attack: melee −4 and effective skill at most 9; ranged −2 (B365; Bulk not modelled). */
  MoveAndAttack = 2,
  /**
   * The second attack of an All-Out Attack (Double) made with the off hand: −4 unless Ambidextrous
   * (FighterStats.offHandPenalty). @see variants.ts aoaDouble (GURPS Basic Set p.B365, p.B39)
   */
  OffHand = 3,
}

const choice: DefenseChoice = { kind: Defense.None, score: 0, retreat: false }

/** Shock in force for `a`: frozen at the start of a simultaneous slot, else current. */
export function shockOf(st: FightState, a: number): number {
  return st.frozenShock[a] >= 0 ? st.frozenShock[a] : st.shock[a]
}

/** Skill for `a`'s attack on `d`: shock, prone −4, range for ranged attacks, then the maneuver's modifier. */
export function effectiveSkill(plan: Plan, st: FightState, a: number, d: number, mode: Mode): number {
  const f = armOf(plan, st, a)
  let eff = f.skill - shockOf(st, a)
  if (st.prone[a]) eff -= 4
  if (f.ranged && plan.rules.rangePenalties) eff += rangePenalty(st.dist[a * st.n + d])
  if (mode === Mode.Determined) eff += f.ranged ? 1 : 4
  else if (mode === Mode.MoveAndAttack) eff = f.ranged ? eff - 2 : Math.min(eff - 4, 9)
  else if (mode === Mode.OffHand) eff -= f.offHandPenalty
  return eff
}

/** "with the sword (skill 12" or "with the sword in his off hand (skill 8: off hand −4" for the log. */
function weaponText(plan: Plan, st: FightState, a: number, mode: Mode, eff: number): string {
  const f = armOf(plan, st, a)
  if (mode !== Mode.OffHand) return `with the ${f.weapon} (skill ${eff}`
  const note = f.offHandPenalty > 0 ? `off hand −${f.offHandPenalty}` : plan.fighters[a].ambidextrous ? 'Ambidextrous, no off-hand penalty' : 'no off-hand penalty under the two-weapons reading'
  return `with the ${f.weapon} in his off hand (skill ${eff}: ${note}`
}

function noteStrike(st: FightState, a: number, fromWait: boolean): void {
  const moment = st.slotMoment >= 0 ? st.slotMoment : ++st.moment
  if (st.firstStriker < 0) {
    st.firstStriker = a
    st.firstMoment = moment
    st.firstFromWait = fromWait
  } else if (st.firstMoment === moment && st.firstStriker !== a) st.firstTied = true
}

function noteHit(st: FightState, a: number): void {
  const moment = st.slotMoment >= 0 ? st.slotMoment : st.moment
  if (st.firstHitter < 0) {
    st.firstHitter = a
    st.firstHitMoment = moment
  } else if (st.firstHitMoment === moment && st.firstHitter !== a) st.firstHitTied = true
}

/** Rolls d's active defence(s); true if the attack is stopped. All-Out Defense (Double) gives a second, different one. */
function defends(plan: Plan, st: FightState, a: number, d: number): boolean {
  bestDefense(plan, st, d, a, Defense.None, choice)
  if (choice.kind === Defense.None) return false
  // his Do Nothing turn skipped the consciousness roll at 0 HP or less; a defence roll calls for it now
  if (st.koRollPending[d]) {
    st.koRollPending[d] = 0
    if (!consciousnessRoll(plan, st, d)) return false
  }
  const counts = st.tally.counts
  const D = plan.layout.fighter[d]
  counts[D + F.DefenseRolls]++
  if (rollDefense(plan, st, d, a, choice)) {
    counts[D + F.DefenseSuccesses]++
    return true
  }
  if (st.aod[d] !== Aod.Double) return false
  bestDefense(plan, st, d, a, choice.kind, choice)
  if ((choice.kind as Defense) === Defense.None) return false
  counts[D + F.DefenseRolls]++
  if (!rollDefense(plan, st, d, a, choice)) return false
  counts[D + F.DefenseSuccesses]++
  return true
}

/** Counts the attack, notes the strike and rolls 3d6 to hit; logs it. */
function rollToHit(plan: Plan, st: FightState, a: number, d: number, mode: Mode, eff: number, fromWait: boolean, margin = false): number {
  st.tally.counts[plan.layout.fighter[a] + F.Attacks]++
  noteStrike(st, a, fromWait)
  const r = roll3(st, margin ? RollUse.Total : RollUse.ToHit, eff)
  if (st.log) logToHit(plan, st, a, d, mode, eff, r)
  return r
}

// The trace's lines live in functions of their own, out of the hot functions: a smaller hot function is
// one the compiler can take whole into its caller.
function logToHit(plan: Plan, st: FightState, a: number, d: number, mode: Mode, eff: number, r: number): void {
  const ok = gurpsSucceeds(r, eff)
  const crit = ok && gurpsCritical(r, eff) === 'success'
  say(st, 'roll', [a, d], plan, `${nameOf(plan, a)} attacks ${nameOf(plan, d)} ${weaponText(plan, st, a, mode, eff)}): ${rollText(r, eff, ok)}${crit ? ' — a critical hit, no defence allowed' : ok ? '' : ' — a miss'}.`)
}

/**
 * What the roll `r` against `eff` does: −1 if it misses or is defended, else the critical-hit effect
 * (Crit.Normal for an ordinary hit). Rolls the critical-hit table and the defence.
 */
function decide(plan: Plan, st: FightState, a: number, d: number, r: number, eff: number, fromWait: boolean): number {
  const counts = st.tally.counts
  const L = plan.layout.fighter[a]
  const b0 = plan.layout.attackBins[a]
  if (!gurpsSucceeds(r, eff)) {
    st.tally.bins[b0]++
    return -1
  }
  counts[L + F.AttackSuccesses]++
  const crit = gurpsCritical(r, eff) === 'success'
  const effect = crit ? criticalEffect(plan, st, a) : Crit.Normal
  st.attackFromWait = fromWait
  const stopped = !crit && defends(plan, st, a, d)
  st.attackFromWait = false
  if (stopped) {
    counts[L + F.Defended]++
    st.tally.bins[b0]++
    return -1
  }
  counts[L + F.Hits]++
  if (st.slotMoment >= 0) st.slotHit[a] = 1
  return effect
}

/** A critical hit: counted, and its effect rolled on the critical-hit table unless the rules leave it out. */
function criticalEffect(plan: Plan, st: FightState, a: number): Crit {
  st.tally.counts[plan.layout.fighter[a] + F.Crits]++
  if (!plan.rules.criticalTable) return Crit.Normal
  const effect = rollCritical(st)
  if (st.log) logCritical(plan, st, a, effect)
  return effect
}

function logCritical(plan: Plan, st: FightState, a: number, effect: Crit): void {
  say(st, 'roll', [a], plan, `Critical hit table: ${CRIT_TEXT[effect]}.`)
}

/** Damage and injury of a blow that landed with critical-hit effect `effect`. */
function hurt(plan: Plan, st: FightState, a: number, d: number, effect: Crit, strong: boolean): void {
  const dmg = basicDamage(plan, st, a, strong, effect)
  const injury = injuryAgainst(plan, st, a, d, dmg, effect)
  if (st.log) logDamage(plan, st, a, d, dmg, effect, injury)
  st.tally.bins[plan.layout.attackBins[a] + Math.min(injury, plan.layout.attackLen[a] - 1)]++
  if (injury > 0) noteHit(st, a)
  if (effect === Crit.DropWeapon) st.ready[d] = 0
  if (st.deferInjury) return holdInjury(st, a, d, injury, effect === Crit.DoubleShock, effect === Crit.MajorIfPenetrates && injury > 0)
  applyInjury(plan, st, a, d, injury, effect === Crit.DoubleShock, effect === Crit.MajorIfPenetrates && injury > 0)
}

function logDamage(plan: Plan, st: FightState, a: number, d: number, dmg: number, effect: Crit, injury: number): void {
  say(st, 'damage', [a, d], plan, `${dmg} ${armOf(plan, st, a).type} damage against DR ${drAgainst(plan, st, a, d)}${effect === Crit.HalfDr ? ' (halved)' : ''}: ${injury} injury.`)
}

/** Exact solve only: keeps the injury `applyInjury` would apply now for the solver to apply (FightState.deferInjury). */
function holdInjury(st: FightState, a: number, d: number, injury: number, doubledShock: boolean, major: boolean): void {
  // no injury does nothing (injury.ts applyInjury)
  if (injury <= 0) return
  st.heldCount++
  st.heldAttacker = a
  st.heldVictim = d
  st.heldInjury = injury
  st.heldDoubledShock = doubledShock
  st.heldMajor = major
}

/**
 * A missile weapon's shot is spent: a thrown weapon is gone (a Ready takes up the next one), a bow or gun
 * with no shots left must be reloaded (its Ready turns). @see docs/rules/gurps.md (Missiles), B269 Shots
 */
export function spendShot(plan: Plan, st: FightState, a: number): void {
  const w = armOf(plan, st, a)
  if (w.shots === 0) return
  const k = a * MAX_ARMS + w.index
  if (--st.shotsLeft[k] > 0) return
  st.ready[a] = 0
  st.readyLeft[a] = w.readyTurns
}

/** Resolves one attack of `a` on `d`; returns whether it landed. */
export function attack(plan: Plan, st: FightState, a: number, d: number, mode: Mode, strong: boolean, fromWait: boolean): boolean {
  const eff = effectiveSkill(plan, st, a, d, mode)
  const feinted = st.feintOn[a] === d
  const r = rollToHit(plan, st, a, d, mode, eff, fromWait)
  spendShot(plan, st, a)
  const effect = decide(plan, st, a, d, r, eff, fromWait)
  if (effect >= 0) hurt(plan, st, a, d, effect, strong)
  if (feinted) st.feintOn[a] = -1
  return effect >= 0
}

/**
 * A Stop Hit (GURPS Martial Arts, Stop Hits): `s`, waiting to attack into his foe's attack, strikes as
 * `a` attacks him. Both roll to hit; if both miss nothing happens. One who is struck while his own roll
 * missed defends at −1, or −3 parrying with the weapon he attacked with; if both hit, the larger margin
 * of success defends normally and the other at that penalty, both on a tie. The stop-hitter may parry
 * `a`'s blow (even with an unbalanced weapon) but not again until his next turn. Both blows land together.
 */
export function stopHit(plan: Plan, st: FightState, a: number, s: number, mode: Mode, strong: boolean, fromWait: boolean): void {
  const effA = effectiveSkill(plan, st, a, s, mode)
  const effS = effectiveSkill(plan, st, s, a, Mode.Normal)
  const feinted = st.feintOn[a] === s
  const savedMoment = st.slotMoment
  if (savedMoment < 0) st.slotMoment = ++st.moment
  const rA = rollToHit(plan, st, a, s, mode, effA, fromWait, true)
  const rS = rollToHit(plan, st, s, a, Mode.Normal, effS, true, true)
  const okA = gurpsSucceeds(rA, effA)
  const okS = gurpsSucceeds(rS, effS)
  const marginA = effA - rA
  const marginS = effS - rS
  // the fighter struck defends at the penalty unless his own roll hit with the larger margin
  st.stopHitPenalty[s] = okA && (!okS || marginS <= marginA) ? 1 : 0
  st.stopHitPenalty[a] = okS && (!okA || marginA <= marginS) ? 1 : 0
  if (st.log) {
    const pen = (f: number): string => `${nameOf(plan, f)} defends at −1 (−3 parrying with the weapon he attacks with)`
    const who = [a, s].filter((f) => st.stopHitPenalty[f]).map(pen)
    say(st, 'note', [s, a], plan, !okA && !okS ? 'Stop Hit: both miss; nothing happens.' : `Stop Hit: ${who.length > 0 ? who.join('; ') : 'defences as usual'}.`)
  }
  const effectA = decide(plan, st, a, s, rA, effA, fromWait)
  const effectS = decide(plan, st, s, a, rS, effS, true)
  st.stopHitPenalty[a] = 0
  st.stopHitPenalty[s] = 0
  st.noParry[s] = 1
  if (effectA >= 0) hurt(plan, st, a, s, effectA, strong)
  if (effectS >= 0) hurt(plan, st, s, a, effectS, false)
  if (effectA >= 0 && effectS >= 0) st.mutualHit = true
  if (feinted) st.feintOn[a] = -1
  st.slotMoment = savedMoment
}

/**
 * Feint: a Quick Contest of weapon skill against the foe's best of weapon skill and DX. If the feinter
 * wins, his margin (of success if the foe failed, of victory if both succeeded) comes off the foe's
 * defence against his next attack.
 * @see docs/rules/gurps.md section 3 (B365 Feint)
 */
export function feint(plan: Plan, st: FightState, a: number, d: number): void {
  const effA = armOf(plan, st, a).skill - shockOf(st, a)
  const effD = Math.max(armOf(plan, st, d).skill, plan.fighters[d].dx) - shockOf(st, d)
  const rA = roll3(st)
  const rD = roll3(st)
  const okA = gurpsSucceeds(rA, effA)
  const okD = gurpsSucceeds(rD, effD)
  const margin = !okA ? 0 : okD ? effA - rA - (effD - rD) : effA - rA
  if (margin > 0) {
    st.feintOn[a] = d
    st.feintMargin[a] = margin
    st.feintTurn[a] = st.ownTurns[a]
  }
  if (st.log) {
    const result = margin > 0 ? `${nameOf(plan, d)} defends at −${margin} against the next attack` : 'the feint fails'
    say(st, 'roll', [a, d], plan, `${nameOf(plan, a)} feints: ${rollText(rA, effA, okA)}; ${nameOf(plan, d)} ${rollText(rD, effD, okD)} — ${result}.`)
  }
}

