import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { packedAdv, packedDespairs, packedNet, packedTriumphs, poolLabel } from '../../dice/narrative-dice'
import { compilePool, facesRolled, rollPool, type CompiledPool } from '../../dice/narrative-roll'
import { attackPool, canAttack, isMelee, RANGE_BANDS } from './combat-check'
import { advantageAfterCrit, CRIT_DEAD, critRoll, critTriggers, hitDamage, isHit, woundsAfterSoak } from './damage'
import { COUNTERS_PER_FIGHTER, FC, WOUND_BINS, type FightPlan } from './fight-plan'
import { bandAt } from './maneuvers'

/**
 * One attack inside a fight: the situation, the pool (compiled once per situation), the roll, damage
 * past soak, critical injuries, and advantage and threat spent.
 * @see seed 003 "Perform a combat check" steps 1–4; rules.md §5.4, §5.6
 */

/** Distance in maneuver units between two opponents. */
export function distance(plan: FightPlan, a: number, b: number): number {
  return Math.max(0, plan.startUnits - plan.state.advance[a] - plan.state.advance[b])
}

export function engagedWithEnemy(plan: FightPlan, f: number): boolean {
  const side = plan.fighters[f].side
  for (const o of plan.fighters) if (o.side !== side && plan.state.down[o.index] === 0 && distance(plan, f, o.index) === 0) return true
  return false
}

/** Whether f can attack t now: weapon reach, melee engaged, Gunnery not while engaged. */
export function attackPossible(plan: FightPlan, f: number, t: number): boolean {
  const w = plan.fighters[f].c.weapon
  const band = bandAt(distance(plan, f, t))
  if (RANGE_BANDS.indexOf(band) > RANGE_BANDS.indexOf(w.range) && !isMelee(w.skill)) return false
  return canAttack({ combatSkill: w.skill, band, shooterEngaged: engagedWithEnemy(plan, f) })
}

function situationKey(plan: FightPlan, f: number, t: number): number {
  const s = plan.state
  const band = RANGE_BANDS.indexOf(bandAt(distance(plan, f, t)))
  const bits = [engagedWithEnemy(plan, f) ? 1 : 0, s.guarded[f] > 0 ? 1 : 0, s.cover[t], s.prone[t], s.guarded[t] > 0 ? 1 : 0]
  let k = ((f * 8 + t) * 8 + band) * 3 + Math.min(2, s.aims[f])
  for (const b of bits) k = k * 2 + b
  return k * 8 + Math.min(7, s.boost[f])
}

/** The compiled pool for this attacker, target and situation (built once, then reused). */
function poolFor(plan: FightPlan, f: number, t: number): CompiledPool {
  const key = situationKey(plan, f, t)
  let cp = plan.pools.get(key)
  if (cp) return cp
  const s = plan.state
  const a = plan.fighters[f].c
  const d = plan.fighters[t].c
  const melee = isMelee(a.weapon.skill)
  const pool = attackPool(
    {
      characteristic: a.attack.characteristic,
      skill: a.attack.skill,
      combatSkill: a.weapon.skill,
      band: bandAt(distance(plan, f, t)),
      shooterEngaged: engagedWithEnemy(plan, f),
      aims: s.aims[f],
      ownGuarded: s.guarded[f] > 0,
      targetCover: s.cover[t] === 1,
      targetProne: s.prone[t] === 1,
      targetGuarded: s.guarded[t] > 0,
      targetDefense: melee ? d.meleeDefense : d.rangedDefense,
      extraBoost: Math.min(7, s.boost[f]),
      extraSetback: 0,
      upgradeAbility: 0,
      upgradeDifficulty: 0,
      downgradeAbility: 0,
      downgradeDifficulty: 0,
    },
    plan.stacking,
    plan.order,
  )
  cp = compilePool(pool)
  plan.pools.set(key, cp)
  return cp
}

/** Marks f defeated when wounds or strain exceed a threshold (or a crit of 151+ killed him). */
export function checkDefeat(plan: FightPlan, f: number, tally: Tally, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const c = plan.fighters[f].c
  if (s.down[f] === 1 || (s.wounds[f] <= c.woundThreshold && s.strain[f] <= c.strainThreshold)) return
  s.down[f] = 1
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Defeated]++
  if (log) {
    const why = s.wounds[f] > c.woundThreshold ? `wounds ${s.wounds[f]} exceed his threshold ${c.woundThreshold}` : `strain ${s.strain[f]} exceeds his threshold ${c.strainThreshold}`
    log.push({ at, kind: 'down', who: [c.id], text: `${c.name} is out of the fight: ${why}.` })
  }
}

/** The attack of f on t; same draws with or without `log`. */
export function attack(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  const cp = poolFor(plan, f, t)
  const drawn: number[] | undefined = log ? [] : undefined
  const v = rollPool(rng, cp, drawn)
  const net = packedNet(v)
  const base = 3 + f * COUNTERS_PER_FIGHTER
  tally.counts[base + FC.Attacks]++
  s.aims[f] = 0
  s.boost[f] = 0
  const tn = plan.fighters[t].c
  if (log && drawn) {
    const faces = facesRolled(cp, drawn).map((x) => `${x.kind} ${x.label}`)
    log.push({ at, kind: 'roll', who: [fp.c.id, tn.id], text: `${fp.c.name} ${isMelee(fp.c.weapon.skill) ? 'attacks' : 'fires'} with ${fp.c.weapon.name} at ${tn.name} (${bandAt(distance(plan, f, t))}): ${poolLabel(cp.pool)} → ${faces.join(', ')}; net ${net} success, ${packedAdv(v)} advantage${packedTriumphs(v) ? `, ${packedTriumphs(v)} Triumph` : ''}${packedDespairs(v) ? `, ${packedDespairs(v)} Despair` : ''}.` })
  }
  let adv = packedAdv(v)
  const tr = packedTriumphs(v)
  if (isHit(net)) {
    tally.counts[base + FC.Hits]++
    const wounds = woundsAfterSoak(hitDamage(fp.damage, net), tn.soak)
    tally.bins[plan.layout.woundsOffset(f) + Math.min(WOUND_BINS - 1, wounds)]++
    s.wounds[t] += wounds
    if (wounds > 0) s.aims[t] = 0
    if (log) log.push({ at, kind: 'hit', who: [fp.c.id, tn.id], text: `Hit: ${fp.damage} + ${net} = ${fp.damage + net} damage, soak ${tn.soak}: ${tn.name} takes ${wounds} wounds (${s.wounds[t]}/${tn.woundThreshold}).` })
    const triggers = critTriggers(wounds, adv, tr, fp.c.weapon.crit)
    if (triggers > 0) {
      adv = advantageAfterCrit(adv, tr, triggers, fp.c.weapon.crit)
      criticalInjury(plan, rng, tally, f, t, triggers, at, log)
    }
  } else {
    tally.bins[plan.layout.woundsOffset(f)]++
    if (log) log.push({ at, kind: 'miss', who: [fp.c.id, tn.id], text: `${fp.c.name} misses.` })
  }
  spendAdvantage(plan, f, adv, at, log)
  checkDefeat(plan, t, tally, at, log)
  checkDefeat(plan, f, tally, at, log)
}

function criticalInjury(plan: FightPlan, rng: Rng, tally: Tally, f: number, t: number, triggers: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const roll = critRoll(rng.die(100), s.injuries[t], triggers)
  s.injuries[t]++
  tally.counts[3 + f * COUNTERS_PER_FIGHTER + FC.Crits]++
  const tn = plan.fighters[t].c
  if (roll >= CRIT_DEAD) s.wounds[t] = Math.max(s.wounds[t], tn.woundThreshold + 1)
  if (log) log.push({ at, kind: 'crit', who: [tn.id], text: `Critical Injury on ${tn.name}: rolls ${roll}${roll >= CRIT_DEAD ? ' — dead' : ''}.` })
}

/**
 * Advantage left after the critical: one may Boost the next allied check ('boost-ally'), the rest
 * recovers 1 strain each. Net threat: the GM makes the attacker suffer 1 strain per threat.
 */
function spendAdvantage(plan: FightPlan, f: number, adv: number, at: number, log?: TraceEvent[]): void {
  const s = plan.state
  const fp = plan.fighters[f]
  if (adv < 0) {
    s.strain[f] -= adv
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${-adv} threat: ${fp.c.name} suffers ${-adv} strain (${s.strain[f]}/${fp.c.strainThreshold}).` })
    return
  }
  if (adv > 0 && fp.plan.advantage === 'boost-ally') {
    const ally = plan.fighters.find((o) => o.side === fp.side && o.index !== f && s.down[o.index] === 0)
    if (ally) {
      s.boost[ally.index] = 1
      adv--
      if (log) log.push({ at, kind: 'note', who: [fp.c.id, ally.c.id], text: `1 advantage: Boost die to ${ally.c.name}'s next check.` })
    }
  }
  if (adv > 0 && s.strain[f] > 0) {
    const rec = Math.min(adv, s.strain[f])
    s.strain[f] -= rec
    if (log) log.push({ at, kind: 'note', who: [fp.c.id], text: `${rec} advantage: ${fp.c.name} recovers ${rec} strain.` })
  }
}
