import type { Rng } from '../../core/rng'
import { rollKillingBody, rollNormalDamage, rollStunMultiplier, formatHeroDice } from '../../dice/hero-damage'
import { heroSucceeds, THREE_D6_TOTAL_OF_INDEX, THREE_D6_WAYS } from '../../dice/three-d6'
import { count, name, say } from './common'
import { Defended, react } from './defense'
import { BODY_HIT_BINS, C, STUN_HIT_BINS } from './layout'
import type { Plan } from './plan'
import { HIT_LOCATIONS } from './schema'
import { Pending, Skip, type FightState } from './state'

/**
 * One attack: defensive reaction, Attack Roll 11 + OCV − DCV on 3d6, damage, defences, Stunned, KO.
 * @see docs/rules/hero.md section 6
 */

/** Chance that an Attack Roll against `target`- hits (3 always hits, 18 always misses). */
export function hitChance(target: number): number {
  return HIT_CHANCE[target < 2 ? 0 : target > 18 ? 16 : target - 2]
}
const HIT_CHANCE = Float64Array.from({ length: 17 }, (_, i) => {
  let ways = 0
  for (let roll = 3; roll <= 18; roll++) if (heroSucceeds(roll, i + 2)) ways += THREE_D6_WAYS[roll - 3]
  return ways / 216
})

/** DCV now: +3 while Dodging, his attack's DCV modifier until his next Phase, −5 while winding up a Haymaker, halved (rounded up by default, variants.stunnedDcv) when Stunned, 0 when out. */
export function currentDcv(p: Plan, st: FightState, d: number): number {
  if (st.ko[d]) return 0
  let dcv = p.dcv[d]
  if (st.dodgeUntil[d] !== 0) dcv += p.dodgeDcv[d]
  // an attack's DCV modifier holds until his next Phase begins
  const until = st.atkDcvUntil[d]
  if (until !== 0 && (until > st.abs || (until === st.abs && st.phaseDoneAbs[d] !== st.abs))) dcv += st.atkDcv[d]
  if (st.hayLandAbs[d] !== 0) dcv -= 5
  if (dcv < 0) dcv = 0
  return st.stunned[d] ? (dcv + p.rules.stunnedDcvRoundUp) >> 1 : dcv
}

function attackName(p: Plan, st: FightState, a: number, haymaker: boolean): string {
  const w = p.attacks[st.weapon[a]].name
  return haymaker ? `a Haymaker (${w})` : w
}

/**
 * `hold`: roll the attack and its damage but take no effect yet (Haymakers landing together); the hit is
 * kept in `st.heldHitOn`/`heldStun`/`heldBody` for `applyHeldHit`.
 */
export function resolveAttack(p: Plan, st: FightState, rng: Rng, a: number, d: number, haymaker: boolean, hold = false): void {
  if (hold) st.heldHitOn[a] = -1
  count(p, st, a, C.attacks)
  if (react(p, st, rng, a, d) === Defended.Blocked) return
  // Only a variants.haymakerInterrupted "lands" Haymaker is made while Knocked Out: his OCV is then 0 (docs/rules/hero.md section 6), attack modifiers still apply.
  const w = st.weapon[a]
  const target = 11 + (st.ko[a] ? 0 : p.ocv[a]) + p.atkOcv[w] - currentDcv(p, st, d)
  st.attackTarget = target
  const roll = THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
  st.attackTarget = null
  if (!heroSucceeds(roll, target)) {
    if (st.log) say(p, st, 'miss', [a, d], `${name(p, a)} attacks ${name(p, d)} with ${attackName(p, st, a, haymaker)}: rolls ${roll} against ${target}- — misses.`)
    return
  }
  count(p, st, a, C.hits)
  const dice = haymaker ? p.hayDice[w] : p.dice[w]
  let stun: number
  let body: number
  let mult = 0
  if (st.exactHit) {
    st.exactHit(rng, a, haymaker, st.dmg)
    stun = st.dmg.stun
    body = st.dmg.body
  } else if (p.killing[w]) {
    body = rollKillingBody(rng, dice)
    mult = rollStunMultiplier(rng, p.rules.stunMultiplier)
    stun = body * mult
  } else {
    rollNormalDamage(rng, dice, st.dmg, p.rules.halfDieBody)
    stun = st.dmg.stun
    body = st.dmg.body
  }
  // armour that counts only on some hits (it covers some locations, or needs its activation roll)
  const worn = p.armourChance[d] > 0 && armourCounts(p, st, rng, d) ? (p.energy[w] ? p.armourEd[d] : p.armourPd[d]) : 0
  const bodyT = bodyAfterDefences(p, w, d, body, worn)
  const stunT = stunAfterDefences(p, w, d, stun, bodyT, worn)
  if (st.log) {
    const rolled = p.killing[w] ? `${body} BODY ×${mult} = ${stun} STUN` : `${stun} STUN, ${body} BODY`
    say(p, st, 'hit', [a, d], `${name(p, a)} attacks ${name(p, d)} with ${attackName(p, st, a, haymaker)}: rolls ${roll} against ${target}- — hits for ${formatHeroDice(dice)}: ${rolled}; after defences ${stunT} STUN, ${bodyT} BODY.`)
  }
  if (hold) {
    st.heldHitOn[a] = d
    st.heldStun[a] = stunT
    st.heldBody[a] = bodyT
    return
  }
  applyDamage(p, st, a, d, stunT, bodyT)
}

/** A hit rolled with `hold` takes effect now. */
export function applyHeldHit(p: Plan, st: FightState, a: number): void {
  const d = st.heldHitOn[a]
  if (d >= 0) applyDamage(p, st, a, d, st.heldStun[a], st.heldBody[a])
  st.heldHitOn[a] = -1
}

/**
 * Whether his partial armour counts on this hit: the hit location roll (3d6 on the HERO table) falls on a
 * location it covers, and its activation roll is made. Says so in the log.
 */
function armourCounts(p: Plan, st: FightState, rng: Rng, d: number): boolean {
  const covers = p.armourCovers[d]
  const loc = covers === 0 ? 0 : THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
  const act = p.armourRoll[d]
  const roll = act === 0 || (covers !== 0 && (covers & (1 << loc)) === 0) ? 0 : THREE_D6_TOTAL_OF_INDEX[rng.below(216)]
  const counts = (covers === 0 || (covers & (1 << loc)) !== 0) && (act === 0 || heroSucceeds(roll, act))
  if (st.log) {
    const where = covers === 0 ? '' : `the hit location roll is ${loc} (${locationOf(loc)}), ${(covers & (1 << loc)) !== 0 ? 'under' : 'not under'} his armour`
    const activation = roll === 0 ? '' : `its activation roll ${roll} against ${act}- ${heroSucceeds(roll, act) ? 'is made' : 'fails'}`
    say(p, st, 'note', [d], `${name(p, d)}: ${[where, activation].filter((x) => x !== '').join('; ')} — the armour ${counts ? 'counts' : 'does not count'}.`)
  }
  return counts
}

function locationOf(roll: number): string {
  for (const [loc, rolls] of Object.entries(HIT_LOCATIONS)) if (rolls.includes(roll)) return loc
  return ''
}

/** BODY the defender takes from a hit's rolled BODY (attack `k`): killing damage past resistant defence, normal past total defence. */
export function bodyAfterDefences(p: Plan, k: number, d: number, body: number, worn = 0): number {
  const stopBody = (p.killing[k] ? (p.energy[k] ? p.red[d] : p.rpd[d]) : p.energy[k] ? p.ed[d] : p.pd[d]) + worn
  return body > stopBody ? body - stopBody : 0
}

/** STUN the defender takes from a hit's rolled STUN (attack `k`): past total defence, and (variants.minStunEqualsBody) never below the BODY taken. */
export function stunAfterDefences(p: Plan, k: number, d: number, stun: number, bodyT: number, worn = 0): number {
  const total = (p.energy[k] ? p.ed[d] : p.pd[d]) + worn
  const stunT = stun > total ? stun - total : 0
  return stunT < bodyT && p.rules.minStunEqualsBody ? bodyT : stunT
}

function applyDamage(p: Plan, st: FightState, a: number, d: number, stunT: number, bodyT: number): void {
  const t = st.tally
  if (t) {
    t.bins[p.layout.stunPerHit(a) + (stunT < STUN_HIT_BINS ? stunT : STUN_HIT_BINS - 1)]++
    t.bins[p.layout.bodyPerHit(a) + (bodyT < BODY_HIT_BINS ? bodyT : BODY_HIT_BINS - 1)]++
  }
  st.stun[d] -= stunT
  st.body[d] -= bodyT
  st.stunTaken[d] += stunT
  st.stunDealt[a] += stunT
  st.bodyTaken[d] += bodyT
  // Coordinated (simultaneous) attacks add their STUN for the Stunned check.
  if (st.hitSlot[d] !== st.slot) st.slotStun[d] = 0
  st.hitSlot[d] = st.slot
  st.slotStun[d] += stunT
  if (stunT + bodyT > 0 && st.stunned[d]) st.stunBlockedAbs[d] = st.abs
  if (!st.ko[d] && !st.stunned[d] && st.slotStun[d] > p.con[d]) {
    st.stunned[d] = 1
    st.statusSlot[d] = st.slot
    if (st.log) say(p, st, 'status', [d], `${name(p, d)} is Stunned (${st.slotStun[d]} STUN in one blow against CON ${p.con[d]}).`)
    if (st.hayLandAbs[d] !== 0 && !p.rules.haymakerLands) loseHaymaker(p, st, d)
  }
  if (!st.ko[d] && st.stun[d] <= 0) knockOut(p, st, d)
  if (!st.dead[d] && st.body[d] <= -p.bodyMax[d]) {
    st.dead[d] = 1
    st.falls++
    st.statusSlot[d] = st.slot
    count(p, st, d, C.dead)
    if (st.log) say(p, st, 'status', [d], `${name(p, d)} is dead (BODY ${st.body[d]}).`)
  }
}

/**
 * A Stunned character takes no actions, so the Haymaker he is winding up is lost at once (variants.haymakerInterrupted default "lost")
 * and the Phase it would have used in the landing Segment is his again (to recover from Stunned).
 */
function loseHaymaker(p: Plan, st: FightState, d: number): void {
  if (st.skipPhaseAbs[d] === st.hayLandAbs[d] && st.skipReason[d] === Skip.Haymaker) {
    st.skipPhaseAbs[d] = 0
    st.skipReason[d] = Skip.None
  }
  st.hayLandAbs[d] = 0
  if (st.log) say(p, st, 'lose', [d], `${name(p, d)}'s Haymaker is lost (he is Stunned).`)
}

export function knockOut(p: Plan, st: FightState, d: number): void {
  st.ko[d] = 1
  st.falls++
  st.stunned[d] = 0
  st.statusSlot[d] = st.slot
  if (st.koAbs[d] < 0) st.koAbs[d] = st.abs
  st.koMinuteAbs[d] = st.abs
  if (!p.rules.haymakerLands) st.hayLandAbs[d] = 0
  st.recoverAbs[d] = 0
  st.dodgeUntil[d] = 0
  st.atkDcvUntil[d] = 0
  if (st.pending[d] !== Pending.None) st.pending[d] = Pending.None
  count(p, st, d, C.ko)
  if (st.log) say(p, st, 'status', [d], `${name(p, d)} is Knocked Out (STUN ${st.stun[d]}).`)
}
