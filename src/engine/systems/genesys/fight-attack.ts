import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { packedAdv, packedDespairs, packedNet, packedTriumphs, poolLabel } from '../../dice/narrative-dice'
import { compilePool, facesRolled, type CompiledPool } from '../../dice/narrative-roll'
import { attackPool, isMelee, RANGE_BANDS } from './combat-check'
import { advantageAfterCrit, critTriggers, hitDamage, isHit, soakAgainst, woundsAfterSoak } from './damage'
import { criticalInjury, spendAdvantage } from './fight-aftermath'
import { exactCheck, forEachResult } from '../../dice/narrative-exact'
import { MAX_WEAPONS } from './schema'
import { ammoAt, attackSkill, COUNTERS_PER_FIGHTER, EMPTY, FC, held, soakNow, standingMinions, strainState, sufferStrain, weaponDamage, woundThresholdNow, WOUND_BINS, type FighterWeapon, type FightPlan } from './fight-plan'
import { allyEngagedWith, bandBetween, distance, engagedOtherThan, engagedWithEnemy } from './fight-geometry'
import { bandAfterStep, type Maneuver } from './maneuvers'

/**
 * One attack inside a fight: the situation, the pool (compiled once per situation), the roll, damage
 * past soak, critical injuries, and advantage and threat spent.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) "Perform a combat check" steps 1–4; docs/rules/genesys.md sections 4 and 6
 */

/** Whether f can attack t now with a weapon he may use: reach, melee engaged, Gunnery not while engaged, the weapon in hand and loaded. */
export function attackPossible(plan: FightPlan, f: number, t: number): boolean {
  const s = plan.state
  return reachable(plan, f, s.band[f * plan.fighters.length + t], engagedWithEnemy(plan, f), s.noAmmo[f * MAX_WEAPONS + s.weapon[f]])
}

/** Whether a weapon reaches a target in band index `band` (RANGE_BANDS order), its wielder engaged with an enemy or not (worked out once, `FighterWeapon.reach`). */
function weaponReaches(w: FighterWeapon, band: number, engaged: boolean): boolean {
  return w.reach[band * 2 + (engaged ? 1 : 0)] === 1
}

/**
 * Whether f has a weapon he may use that is ready and reaches band index `band`: the one his plan names,
 * or under "his best against this foe" any of his (the one in hand with the ammunition bits `heldBits`).
 */
function reachable(plan: FightPlan, f: number, band: number, engaged: boolean, heldBits: number): boolean {
  const fp = plan.fighters[f]
  const s = plan.state
  if (fp.using >= 0) return heldBits === 0 && weaponReaches(fp.weapons[s.weapon[f]], band, engaged)
  for (let w = 0; w < fp.weapons.length; w++) {
    const bits = w === s.weapon[f] ? heldBits : s.noAmmo[ammoAt(f, w)]
    if (bits === 0 && weaponReaches(fp.weapons[w], band, engaged)) return true
  }
  return false
}

/** P(net successes = k) for k = 1.. of a compiled pool (index k), worked out once per pool from its exact distribution. */
function hitDistribution(plan: FightPlan, cp: CompiledPool): Float64Array {
  let d = plan.hitDists.get(cp)
  if (d) return d
  const dist = exactCheck(cp.pool)
  let most = 0
  forEachResult(dist, (net) => {
    if (net > most) most = net
  })
  d = new Float64Array(most + 1)
  const out = d
  forEachResult(dist, (net, _adv, _tr, _de, count) => {
    if (isHit(net)) out[net] += count
  })
  for (let k = 0; k < out.length; k++) out[k] /= dist.total
  plan.hitDists.set(cp, d)
  return d
}

/**
 * Expected damage past soak of one attack of f on t with his weapon w as they stand: P(hit) × the mean of
 * (damage + net successes − soak, Pierce and Breach taken off)+, worked out from the dice without sampling.
 */
export function expectedDamage(plan: FightPlan, f: number, t: number, w: number): number {
  const fw = plan.fighters[f].weapons[w]
  const d = hitDistribution(plan, poolFor(plan, f, t, w))
  const soak = soakAgainst(soakNow(plan, t), fw.w.qualities.pierce, fw.w.qualities.breach)
  const base = weaponDamage(plan, f, fw)
  let e = 0
  for (let k = 1; k < d.length; k++) e += d[k] * woundsAfterSoak(hitDamage(base, k), soak)
  return e
}

/**
 * "His best against this foe": among his ready weapons that can attack t now, the one with the highest
 * expected damage past soak (ties to the earlier listed) goes in his hand. Returns whether one can. The
 * trace tells which and why, with the expected damage of each other weapon or why it cannot be used.
 */
export function chooseBest(plan: FightPlan, f: number, t: number, at: number, log?: TraceEvent[]): boolean {
  const fp = plan.fighters[f]
  const s = plan.state
  const band = s.band[f * plan.fighters.length + t]
  const engaged = engagedWithEnemy(plan, f)
  let best = -1
  let bestE = -1
  for (let w = 0; w < fp.weapons.length; w++) {
    if (s.noAmmo[ammoAt(f, w)] !== 0 || !weaponReaches(fp.weapons[w], band, engaged)) continue
    const e = expectedDamage(plan, f, t, w)
    if (e > bestE) {
      best = w
      bestE = e
    }
  }
  if (best < 0) return false
  if (log && fp.weapons.length > 1) {
    const others = fp.weapons.flatMap((x, w) => {
      if (w === best) return []
      if (s.noAmmo[ammoAt(f, w)] !== 0) return [`his ${x.w.name} is ${(s.noAmmo[ammoAt(f, w)] & EMPTY) !== 0 ? 'out of ammunition' : 'on the ground'}`]
      if (!weaponReaches(x, band, engaged)) return [`his ${x.w.name} cannot be used at ${RANGE_BANDS[band]} range`]
      return [`${expectedDamage(plan, f, t, w).toFixed(1)} for his ${x.w.name}`]
    })
    const tn = plan.fighters[t].c.name
    log.push({ at, kind: 'note', who: [fp.c.id], text: `${fp.c.name} ${best === s.weapon[f] ? 'keeps' : 'takes'} his ${fp.weapons[best].w.name}: his best against ${tn}, ${bestE.toFixed(1)} expected damage an attack${others.length ? ` (${others.join('; ')})` : ''}.` })
  }
  s.weapon[f] = best
  return true
}

/** Whether f can get his weapon back into action with the Manage Gear maneuver: it is empty (not dropped) and he has a reload. */
export function canReload(plan: FightPlan, f: number, noAmmo: number): boolean {
  return noAmmo === EMPTY && (plan.endlessReloads || plan.state.reloads[f] > 0)
}

/**
 * Whether f could attack t after the maneuvers `seq[from..to)` of this turn, each taken as planned: a
 * Move closes one step on t (none once engaged), a Retreat opens one, Interact picks up a dropped weapon,
 * Manage Gear reloads an empty one if he has a reload. Used to buy no maneuver with strain for an attack
 * that cannot happen, and to pick a target he can reach this turn. Allocates nothing.
 */
export function attackAfter(plan: FightPlan, f: number, t: number, seq: readonly Maneuver[], from: number, to: number): boolean {
  const s = plan.state
  const n = plan.fighters.length
  let ammo = s.noAmmo[f * MAX_WEAPONS + s.weapon[f]]
  let band = s.band[f * n + t]
  let step = 0
  // the first Move only disengages him from another enemy engaged with him
  let disengage = s.disengaged[f] === 0 && engagedOtherThan(plan, f, t) >= 0
  for (let i = from; i < to; i++) {
    const m = seq[i]
    const d = Math.max(0, plan.startPair[f * n + t] - s.advance[f] - step - s.advance[t])
    if (m === 'interact') ammo &= EMPTY
    else if (m === 'manage-gear' && canReload(plan, f, ammo)) ammo = 0
    else if (m === 'move' && d > 0 && disengage) disengage = false
    else if (m === 'move' && d > 0) {
      step++
      band = bandAfterStep(band, d - 1)
    } else if (m === 'retreat') {
      step--
      band = bandAfterStep(band, Math.max(0, plan.startPair[f * n + t] - s.advance[f] - step - s.advance[t]))
    }
  }
  if (step === 0) return reachable(plan, f, band, engagedWithEnemy(plan, f), ammo)
  let engaged = false
  for (const o of plan.fighters) if (o.side !== plan.fighters[f].side && s.down[o.index] === 0 && plan.startPair[f * n + o.index] - s.advance[f] - step - s.advance[o.index] <= 0) engaged = true
  return reachable(plan, f, band, engaged, ammo)
}

/** Whether this is a ranged shot with weapon w into an engagement of the target with one of the shooter's allies. */
function intoMelee(plan: FightPlan, f: number, t: number, w: number): boolean {
  return !plan.fighters[f].weapons[w].onBrawn && distance(plan, f, t) > 0 && allyEngagedWith(plan, f, t) >= 0
}

/** Boost dice from allies on f's next check: one per ally who assisted him, plus advantage allies spent on him (at most 7). */
function extraBoost(plan: FightPlan, f: number): number {
  let bits = plan.state.assisted[f]
  let assists = 0
  while (bits !== 0) {
    bits &= bits - 1
    assists++
  }
  return Math.min(7, plan.state.boost[f] + assists)
}

function situationKey(plan: FightPlan, f: number, t: number, w: number): number {
  const s = plan.state
  // band index as kept by settleBands; one bit each below, written out (no array: this runs every attack)
  const band = s.band[f * plan.fighters.length + t]
  let k = ((f * 8 + t) * 8 + band) * 3 + Math.min(2, s.aims[f])
  k = k * 2 + (engagedWithEnemy(plan, f) ? 1 : 0)
  k = k * 2 + (s.guarded[f] > 0 ? 1 : 0)
  k = (k * 2 + s.cover[t]) * 2 + s.prone[t]
  k = k * 2 + (s.guarded[t] > 0 ? 1 : 0)
  k = k * 2 + (s.defended[t] > 0 ? 1 : 0)
  k = (k * 2 + s.nextSetback[f]) * 2 + s.nextIncrease[f]
  k = k * 2 + (intoMelee(plan, f, t, w) ? 1 : 0)
  k = k * 8 + extraBoost(plan, f)
  // lasting Critical Injuries of the attacker: Difficulty dice, Setback, upgrades, no Boost
  k = ((k * 8 + Math.min(7, s.hurtIncrease[f])) * 2 + s.hurtSetback[f]) * 4 + s.hurtUpgrade[f]
  // the weapon, a crippled fighting arm, limbs lost, and the characteristic of its skill as it stands
  k = (((k * 8 + w) * 2 + s.crippled[f]) * 5 + Math.min(4, s.maimed[f])) * 8 + attackCharacteristic(plan, f, w)
  // a minion group's skill follows the minions standing
  return (k * 2 + s.noBoost[f]) * 16 + (plan.fighters[f].minions > 1 ? standingMinions(plan, f) : 0)
}

/** The characteristic of f's checks with weapon w: Brawn's or Agility's, less what Horrific and Gruesome Injuries took (never below 1). */
function attackCharacteristic(plan: FightPlan, f: number, w: number): number {
  const fw = plan.fighters[f].weapons[w]
  return Math.max(1, fw.characteristic - (fw.onBrawn ? plan.state.brawnLost[f] : plan.state.agilityLost[f]))
}

/** The compiled pool for this attacker with his weapon w (the one in hand unless told), target and situation (built once, then reused). */
function poolFor(plan: FightPlan, f: number, t: number, w = plan.state.weapon[f]): CompiledPool {
  const key = situationKey(plan, f, t, w)
  let cp = plan.pools.get(key)
  if (cp) return cp
  const s = plan.state
  const a = plan.fighters[f].weapons[w]
  const d = plan.fighters[t].c
  const melee = isMelee(a.w.skill)
  const pool = attackPool(
    {
      characteristic: attackCharacteristic(plan, f, w),
      skill: attackSkill(plan, f, w),
      combatSkill: a.w.skill,
      band: bandBetween(plan, f, t),
      shooterEngaged: engagedWithEnemy(plan, f),
      aims: s.aims[f],
      ownGuarded: s.guarded[f] > 0,
      targetCover: s.cover[t] === 1,
      targetProne: s.prone[t] === 1,
      targetGuarded: s.guarded[t] > 0,
      targetDefense: melee ? d.meleeDefense : d.rangedDefense,
      // Accurate and Inaccurate dice, Auto-fire's harder check: fixed for the attacker's weapon
      extraBoost: extraBoost(plan, f) + a.w.qualities.accurate,
      // 3 advantage the target spent: a Setback die on attacks against him; a Setback die per limb lost (Maimed)
      extraSetback: s.nextSetback[f] + s.hurtSetback[f] + a.w.qualities.inaccurate + (s.defended[t] > 0 ? 1 : 0) + Math.min(4, s.maimed[f]),
      // a crippled fighting arm: one Difficulty die more
      extraIncrease: s.nextIncrease[f] + Math.min(7, s.hurtIncrease[f]) + (a.w.qualities.autoFire ? 1 : 0) + s.crippled[f],
      targetEngagedWithAlly: intoMelee(plan, f, t, w),
      upgradeAbility: 0,
      upgradeDifficulty: d.adversary + s.hurtUpgrade[f],
      downgradeAbility: 0,
      downgradeDifficulty: 0,
    },
    plan.stacking,
    plan.order,
  )
  // Scattered Senses: all Boost dice removed from his checks
  if (s.noBoost[f] === 1) pool.boost = 0
  cp = compilePool(pool)
  plan.pools.set(key, cp)
  return cp
}

/** Marks f defeated when wounds or strain exceed a threshold (or a crit of 151+ killed him). */
export function checkDefeat(plan: FightPlan, f: number, tally: Tally, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  if (s.down[f] === 1) return
  const c = plan.fighters[f].c
  // a rival has no strain threshold (his strain is suffered as wounds); Brawn and Willpower lost lower the thresholds
  const wt = c.woundThreshold - s.brawnLost[f]
  const st = c.strainThreshold - s.willLost[f]
  if (s.wounds[f] <= wt && (c.rival || s.strain[f] <= st)) return
  s.down[f] = 1
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Defeated]++
  if (log) {
    const why = s.wounds[f] > wt ? `wounds ${s.wounds[f]} exceed his threshold ${wt}` : `strain ${s.strain[f]} exceeds his threshold ${st}`
    log.push({ at, kind: 'down', who: [c.id], text: `${c.name} is out of the fight: ${why}.` })
  }
}

/**
 * The attack of f on t; same draws with or without `log`. A Despair on a ranged shot empties the weapon
 * ('out-of-ammo'); a shot into an engagement with an ally that succeeds with a Despair hits that ally
 * instead (docs/rules/genesys.md section 4; EotE p.219).
 */
export function attack(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, at: number, log?: TraceEvent[], same?: CompiledPool): void {
  const s = plan.state
  const fp = plan.fighters[f]
  const cp = same ?? poolFor(plan, f, t)
  if (!same && s.brink[f] === 1) brinkStrain(plan, f, at, log)
  const drawn: number[] | undefined = log ? [] : undefined
  const v = plan.roll(rng, cp, drawn)
  const net = packedNet(v)
  const de = packedDespairs(v)
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Attacks]++
  const fw = held(plan, f)
  const ally = intoMelee(plan, f, t, s.weapon[f]) ? allyEngagedWith(plan, f, t) : -1
  s.aims[f] = 0
  s.boost[f] = 0
  s.assisted[f] = 0
  s.nextSetback[f] = 0
  s.nextIncrease[f] = 0
  if (log && drawn) {
    const faces = facesRolled(cp, drawn).map((x) => `${x.kind} ${x.label}`)
    const into = ally >= 0 ? `, engaged with ${plan.fighters[ally].c.name}` : ''
    log.push({ at, kind: 'roll', who: [fp.c.id, plan.fighters[t].c.id], text: `${fp.c.name} ${isMelee(fw.w.skill) ? 'attacks' : 'fires'} with ${fw.w.name} at ${plan.fighters[t].c.name} (${bandBetween(plan, f, t)}${into}): ${poolLabel(cp.pool)} → ${faces.join(', ')}; net ${net} ${net === 1 || net === -1 ? 'success' : 'successes'}, ${packedAdv(v)} advantage${packedTriumphs(v) ? `, ${packedTriumphs(v)} Triumph` : ''}${de ? `, ${de} Despair` : ''}.` })
  }
  const victim = isHit(net) && de > 0 && ally >= 0 ? ally : t
  if (victim !== t && log) log.push({ at, kind: 'note', who: [fp.c.id, plan.fighters[victim].c.id], text: `Despair: the shot hits ${plan.fighters[victim].c.name} instead.` })
  let adv = packedAdv(v)
  if (isHit(net)) adv = resolveHit(plan, rng, tally, f, victim, net, adv, packedTriumphs(v), at, log)
  else {
    tally.bins[plan.layout.woundsOffset(f)]++
    if (log) log.push({ at, kind: 'miss', who: [fp.c.id, plan.fighters[t].c.id], text: `${fp.c.name} misses.` })
  }
  if (de > (victim !== t ? 1 : 0) && plan.despairAmmo && !isMelee(fw.w.skill)) {
    s.noAmmo[ammoAt(f, s.weapon[f])] |= EMPTY
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `Despair: ${fp.c.name}'s ${fw.w.name} runs out of ammunition.` })
  }
  spendAdvantage(plan, f, t, adv, at, log)
  checkDefeat(plan, victim, tally, at, log)
  checkDefeat(plan, f, tally, at, log)
  if (s.freeAttack[f] === 1) {
    // the exact whole fight follows the free attack as a part of the slot of its own (exact-fight.ts)
    if (plan.deferFreeAttack) throw FREE_ATTACK_DEFERRED
    freeAttack(plan, rng, tally, f, t, cp, at, log)
  }
}

/** Thrown by `attack` instead of making an Overpowered free attack when the plan defers it (`plan.deferFreeAttack`). */
export const FREE_ATTACK_DEFERRED = { deferred: 'free attack' } as const

/** Overpowered: f attacks t again with the same pool, right after his attack, if both still stand. */
export function freeAttack(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, cp: CompiledPool, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  s.freeAttack[f] = 0
  if (s.down[t] === 0 && s.down[f] === 0) {
    if (log) log.push({ at, kind: 'note', who: [plan.fighters[f].c.id, plan.fighters[t].c.id], text: `Overpowered: ${plan.fighters[f].c.name} attacks ${plan.fighters[t].c.name} again with the same dice.` })
    attack(plan, rng, tally, f, t, at, log, cp)
  }
}

/** At the Brink: 1 strain for each action he performs (his attack; a free attack is no action). */
function brinkStrain(plan: FightPlan, f: number, at: number, log?: TraceEvent[]): void {
  const c = plan.fighters[f].c
  sufferStrain(plan, f, 1)
  if (log) log.push({ at, kind: 'note', who: [c.id], text: `At the Brink: ${c.name} suffers 1 strain for his action ${strainState(plan, f)}.` })
}

/** One hit's damage past soak on t (Pierce and Breach taken off his soak): wounds, or strain for Stun Damage. Returns it. */
function dealHit(plan: FightPlan, f: number, t: number, damage: number, what: string, at: number, log?: TraceEvent[]): number {
  const s = plan.state
  const q = held(plan, f).w.qualities
  const tn = plan.fighters[t].c
  const soakNowT = soakNow(plan, t)
  const soak = soakAgainst(soakNowT, q.pierce, q.breach)
  const past = woundsAfterSoak(damage, soak)
  if (q.stunDamage) sufferStrain(plan, t, past)
  else {
    s.wounds[t] += past
    if (past > 0) s.aims[t] = 0
  }
  if (log) {
    const soakText = soak === soakNowT ? `soak ${soakNowT}` : `soak ${soakNowT} less ${soakNowT - soak} (Pierce/Breach)`
    const took = q.stunDamage ? `${past} strain ${strainState(plan, t).slice(0, -1)}, Stun Damage)` : `${past} ${past === 1 ? 'wound' : 'wounds'} (${s.wounds[t]}/${woundThresholdNow(plan, t)}${plan.fighters[t].minions > 1 ? `, ${standingMinions(plan, t)} of ${plan.fighters[t].minions} minions standing` : ''})`
    log.push({ at, kind: 'hit', who: [plan.fighters[f].c.id, tn.id], text: `${what} ${damage} damage, ${soakText}: ${tn.name} takes ${took}.` })
  }
  return past
}

/**
 * Damage past soak on the victim, then the Critical Injury, then the weapon qualities advantage pays for
 * (extra hits of Linked or Auto-fire, Blast, Knockdown for 2 advantage); returns the advantage left to spend.
 */
function resolveHit(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, net: number, adv: number, tr: number, at: number, log?: TraceEvent[]): number {
  const s = plan.state
  const fw = held(plan, f)
  const q = fw.w.qualities
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Hits]++
  const base = weaponDamage(plan, f, fw)
  const damage = hitDamage(base, net)
  const past = dealHit(plan, f, t, damage, `Hit: ${base} + ${net} =`, at, log)
  let dealt = q.stunDamage ? 0 : past
  // Knockdown for a Triumph: the first Triumph knocks him down, the others trigger criticals
  let triumphs = tr
  if (q.knockdown && plan.knockdownTriumph && triumphs > 0 && s.prone[t] === 0) {
    triumphs--
    knockDown(plan, t, 'a Triumph', at, log)
  }
  // Stun Damage deals no wounds, so it triggers no Critical Injury
  const triggers = critTriggers(q.stunDamage ? 0 : past, adv, triumphs, fw.w.crit)
  if (triggers > 0) criticalInjury(plan, rng, tally, f, t, triggers, at, log)
  let left = triggers > 0 ? advantageAfterCrit(adv, triumphs, triggers, fw.w.crit) : adv
  // Linked (up to its rating) or Auto-fire (no limit): 2 advantage per extra hit on the same target
  const most = q.autoFire ? Number.MAX_SAFE_INTEGER : q.linked
  for (let k = 0; k < most && left >= 2 && s.wounds[t] <= woundThresholdNow(plan, t); k++) {
    left -= 2
    const extra = dealHit(plan, f, t, damage, `${q.autoFire ? 'Auto-fire' : 'Linked'} (2 advantage), another hit:`, at, log)
    if (!q.stunDamage) dealt += extra
  }
  if (q.blast > 0 && left >= 2 && allyEngagedWith(plan, f, t) < 0) left = blast(plan, tally, f, t, q.blast + net, left, at, log)
  if (q.knockdown && !plan.knockdownTriumph && left >= 2 && s.prone[t] === 0) {
    left -= 2
    knockDown(plan, t, '2 advantage', at, log)
  }
  tally.bins[plan.layout.woundsOffset(f) + Math.min(WOUND_BINS - 1, dealt)]++
  return left
}

/** Knockdown: the target is knocked prone (he stands up with a maneuver, as after Bowled Over). */
function knockDown(plan: FightPlan, t: number, paid: string, at: number, log?: TraceEvent[]): void {
  plan.state.prone[t] = 1
  plan.state.knockedDown[t] = 1
  if (log) log.push({ at, kind: 'note', who: [plan.fighters[t].c.id], text: `Knockdown (${paid}): ${plan.fighters[t].c.name} is knocked prone.` })
}

/** Blast for 2 advantage: everyone standing beside the target on his side suffers a hit of the rating + net successes. */
function blast(plan: FightPlan, tally: Tally, f: number, t: number, damage: number, adv: number, at: number, log?: TraceEvent[]): number {
  const s = plan.state
  let hit = false
  for (const o of plan.fighters) {
    if (o.index === t || o.side !== plan.fighters[t].side || s.down[o.index] === 1 || s.advance[o.index] !== s.advance[t]) continue
    hit = true
    dealHit(plan, f, o.index, damage, `Blast (2 advantage) on ${plan.fighters[o.index].c.name}:`, at, log)
    checkDefeat(plan, o.index, tally, at, log)
  }
  return hit ? adv - 2 : adv
}
