import type { Rng } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { challengePool, codeFinal } from '../../dice/bushido-d6'
import { damageRoll, fixedStrategy, mixedStrategy, MIX_TOTAL, playExchange, rollGroup, withMod, type Fighter, type Strategy } from './exchange'
import { ruleAttack } from './fighters'
import { AUTOMATIC, initiativeCell, type GamePlan } from './game-plan'
import { spendBoosts } from './game-ki'
import { opposedPart } from './exchange-pools'
import { applySpecials, releaseByExchange, releaseHeld } from './game-states'
import { brutalText } from './shot'
import { bestReplyTo, splitMatrix } from './split-matrix'
import { quantize } from '../../core/zero-sum'

/**
 * The actions a model takes during a game: Melee (Simple, with movement into contact), Charge (Complex,
 * +2 on its Damage Roll), Ranged Attack (Simple, not in base contact) and Wait (Simple, removes one
 * Reloading marker). @see the Bushido reference card (docs/rules/bushido.md) "ACTIONS", "MOUVEMENT"; docs/rules/bushido.md sections 3 and 5
 */

function say(log: TraceEvent[] | undefined, at: number, who: string[], text: string, kind = 'act'): void {
  if (log) log.push({ at, kind, who, text })
}

export function applyWounds(p: GamePlan, victim: number, w: number, at: number, log?: TraceEvent[]): void {
  const taken = w < p.woundsLeft[victim] ? w : p.woundsLeft[victim]
  p.woundsLeft[victim] -= taken
  p.woundsThisTurn[victim] += taken
  if (p.woundsLeft[victim] > 0) return
  // a removed model leaves the table: every model in base contact with it is free of it
  // (it engaged them, or they engaged it); they fight on only with another enemy still in contact
  for (let k = 0; k < p.n; k++) if (p.engaged[k] === victim) p.engaged[k] = -1
  p.engaged[victim] = -1
  p.counters[victim] = 0
  if (log) say(log, at, [p.models[victim].id], `${p.models[victim].name} is Killed and removed.`, 'remove')
}

function strategyFor(p: GamePlan, self: number, enemy: number, pool: number, key: number, actIsFirst: boolean, which: 0 | 1): Strategy {
  const split = p.split[self]
  // a Prone model whose specials are barred plays its fixed split without the special (options = plain splits)
  if (typeof split === 'object') return p.proneBarsSpecials && p.prone[self] === 1 ? p.fixed[pool][split.attack < pool ? split.attack : pool] : (p.planned[self][pool] as Strategy)
  if (split === 'recommended' || split === 'best-reply') return mixFor(p, key, actIsFirst)[which]
  const m = p.models
  return p.fixed[pool][ruleAttack(split, pool, p.woundsLeft[self] < m[self].wounds, p.woundsLeft[enemy] < m[enemy].wounds)]
}

/**
 * Fills a fighter for model i at this pool: its card specials are on offer, as in a single exchange,
 * except while it is Prone under the variant proneSpecials "none" (modifiers.ts specialsBarred).
 */
function fill(p: GamePlan, f: Fighter, i: number, pool: number, damage: number, active: boolean): void {
  const m = p.models[i]
  f.id = m.id
  f.name = m.name
  f.pool = pool
  f.options = p.proneBarsSpecials && p.prone[i] === 1 ? p.plain[pool] : p.options[i][pool]
  f.specialDamage = p.meleeSpecial[damage]
  f.brutal = m.brutal
  f.parry = m.parry
  f.unblockable = m.unblockable
  f.damage = p.melee[damage]
  f.woundsLeft = p.woundsLeft[i]
  f.activePlayer = active
}

/** The best reply of the activating model (which 0) or its opponent (1) to the other's strategy here, cached by situation. */
function replyFor(p: GamePlan, key: number, actIsFirst: boolean, which: 0 | 1, other: Strategy): Strategy {
  const k = key * 2 + which
  let hit = p.replyCache.get(k)
  if (!hit) {
    const m = splitMatrix(p.setup, actIsFirst)
    const f = which === 0 ? (actIsFirst ? p.setup.first : p.setup.second) : actIsFirst ? p.setup.second : p.setup.first
    hit = fixedStrategy(f.options.count, bestReplyTo(m, other, which === 0 ? 'row' : 'col'))
    p.replyCache.set(k, hit)
  }
  return hit
}

/** Equilibrium strategies for this exact situation, solved once and cached (numeric key: no allocation on a hit). */
function mixFor(p: GamePlan, key: number, actIsFirst: boolean): [Strategy, Strategy] {
  let hit = p.mixCache.get(key)
  if (!hit) {
    const mix = splitMatrix(p.setup, actIsFirst).mix
    hit = [mixedStrategy(quantize(mix.row, MIX_TOTAL)), mixedStrategy(quantize(mix.col, MIX_TOTAL))]
    p.mixCache.set(key, hit)
  }
  return hit
}

/**
 * Melee Assist (Assistance en Mêlée) against model i fighting j: each other living enemy in base contact
 * with i that is not itself in base contact with another model friendly to i. A model is in base
 * contact with the one it engaged and with every model that engaged it. @see docs/rules/bushido.md section 2 Melee Assist
 */
export function assists(p: GamePlan, i: number, j: number): number {
  let count = 0
  for (let k = 0; k < p.n; k++) {
    if (k === j || p.side[k] === p.side[i] || p.woundsLeft[k] <= 0) continue
    if (p.engaged[k] !== i && p.engaged[i] !== k) continue
    let tied = false
    for (let f = 0; f < p.n && !tied; f++) {
      if (f === i || p.side[f] !== p.side[i] || p.woundsLeft[f] <= 0) continue
      tied = p.engaged[f] === k || p.engaged[k] === f
    }
    if (!tied) count++
  }
  return count
}

/** How an exchange comes about: a Charge, the opponent Surprised, the activating model Standing Up. */
export const CHARGE = 1
export const SURPRISE = 2
export const STAND_UP = 4
/** The activating model Disengages from the model holding it: all its dice go into Defence. */
export const DISENGAGE = 8

/**
 * Melee Pools of a (activating) and b: the static pool, then Exhausted (b only: a paid for its action),
 * Melee Assist, Prone and Held (−1 each), Surprised (b), Se Relever / Stand Up (a); opposed fix last.
 */
function pools(p: GamePlan, a: number, b: number, how: number, at: number, out: Int32Array): void {
  let pa = p.basePool[a] - assists(p, a, b) - lasting(p, a, at) - ((how & STAND_UP) !== 0 ? 1 : 0)
  let pb = p.basePool[b] - (p.counters[b] === 0 ? 1 : 0) - assists(p, b, a) - lasting(p, b, at) - ((how & SURPRISE) !== 0 ? 1 : 0)
  // Ki Boosts: the opponent declares first, then the activating model (docs/rules/bushido.md section 1)
  BOOSTS[1] = spendBoosts(p, b, pb, (how & SURPRISE) !== 0)
  BOOSTS[0] = spendBoosts(p, a, pa, false)
  pa += BOOSTS[0]
  pb += BOOSTS[1]
  const add = Math.max(0, 1 - Math.min(pa, pb))
  TOPUP[0] = add
  pa += add
  pb += add
  out[0] = pa
  out[1] = pb
}

/**
 * The Melee Pool penalties of the states model i is in now (Prone, Held, Blind, Stunned, Frightened: −1
 * each) and, in the first Game Turn only, of the card's "ran this turn" and "declared Stand Up".
 */
function lasting(p: GamePlan, i: number, at: number): number {
  return p.prone[i] + p.held[i] + p.blind[i] + p.stunned[i] + p.frightened[i] + (at === 1 ? p.ranFirstTurn[i] + p.standUpFirstTurn[i] : 0)
}

/** Ki Boosts (dice added) of the activating model and its opponent in the current exchange. */
const BOOSTS = new Int32Array(2)
/** Dice both sides added under the opposed-test rule in the current exchange. */
const TOPUP = new Int32Array(1)
const POOLS = new Int32Array(2)

function poolNotes(p: GamePlan, a: number, b: number, how: number, at: number): string {
  const m = p.models
  const notes: string[] = []
  if (p.counters[b] === 0) notes.push(`${m[b].name} Épuisée / Exhausted −1`)
  const aa = assists(p, a, b)
  const ab = assists(p, b, a)
  if (aa) notes.push(`Assistance en Mêlée / Melee Assist −${aa} on ${m[a].name}`)
  if (ab) notes.push(`Assistance en Mêlée / Melee Assist −${ab} on ${m[b].name}`)
  for (const i of [a, b]) if (p.prone[i]) notes.push(`${m[i].name} Au Sol / Prone −1${p.proneBarsSpecials && m[i].specials.length ? ', no Special Attacks or Defences' : ''}`)
  for (const i of [a, b]) if (p.held[i]) notes.push(`${m[i].name} Paralysée / Held −1`)
  for (const i of [a, b]) {
    if (p.blind[i]) notes.push(`${m[i].name} Aveuglée / Blind −1`)
    if (p.stunned[i]) notes.push(`${m[i].name} Étourdie / Stunned −1`)
    if (p.frightened[i]) notes.push(`${m[i].name} Apeurée / Frightened −1`)
    if (at === 1 && p.ranFirstTurn[i]) notes.push(`${m[i].name} a couru ce Tour-ci / ran this turn −1`)
    if (at === 1 && p.standUpFirstTurn[i]) notes.push(`${m[i].name} Se Relever / declared Stand Up −1`)
  }
  if (how & SURPRISE) notes.push(`${m[b].name} Surprise / Surprised −1`)
  if (how & STAND_UP) notes.push(`${m[a].name} Se Relever / Stand Up −1`)
  if (BOOSTS[0] + BOOSTS[1] > 0) {
    const one = (k: number, i: number): string => (BOOSTS[k] ? `${m[i].name} +${BOOSTS[k]} ${BOOSTS[k] === 1 ? 'die' : 'dice'} for ${BOOSTS[k] * m[i].kiBoostCost} Ki (${p.kiHeld[i]} left)` : `${m[i].name} does not boost`)
    notes.push(`Boosts Ki / Ki Boosts, ${m[b].name} declaring first: ${one(1, b)}; then ${one(0, a)}`)
  }
  if (TOPUP[0] > 0) notes.push(opposedPart(TOPUP[0]).label)
  return notes.map((t) => ` (${t})`).join('')
}

/** A Melee Exchange between the activating model a and b; b loses a counter (a paid for its action). */
export function fight(p: GamePlan, rng: Rng, a: number, b: number, how: number, engagedAtStart: boolean, at: number, log?: TraceEvent[]): boolean {
  const n = p.n
  const charge = (how & CHARGE) !== 0
  releaseHeld(p, at, log)
  pools(p, a, b, how, at, POOLS)
  const pa = POOLS[0]
  const pb = POOLS[1]
  const fa = p.fighters[0]
  const fb = p.fighters[1]
  fill(p, fa, a, pa, (a * n + b) * 2 + (charge ? 1 : 0), true)
  fill(p, fb, b, pb, (b * n + a) * 2, false)
  const cell = initiativeCell(n, a, b, engagedAtStart, (how & SURPRISE) !== 0, p.prone[a], p.prone[b])
  const actIsFirst = p.initiativeFirst[cell] === 1
  p.setup.first = actIsFirst ? fa : fb
  p.setup.second = actIsFirst ? fb : fa
  p.setup.initiativeReason = p.initiativeReason[cell]
  p.setup.secondProne = p.proneNoStrikeBack && p.prone[actIsFirst ? b : a] === 1
  const key = ((((cell * 2 + (charge ? 1 : 0)) * 40 + pa) * 40 + pb) * 32 + fa.woundsLeft) * 32 + fb.woundsLeft
  fa.strategy = strategyFor(p, a, b, pa, key, actIsFirst, 0)
  fb.strategy = strategyFor(p, b, a, pb, key, actIsFirst, 1)
  // best-reply answers the other model's plan in this very situation; two models replying to each other play the mix
  if (p.split[a] === 'best-reply' && p.split[b] !== 'best-reply') fa.strategy = replyFor(p, key, actIsFirst, 0, fb.strategy)
  else if (p.split[b] === 'best-reply' && p.split[a] !== 'best-reply') fb.strategy = replyFor(p, key, actIsFirst, 1, fa.strategy)
  // Disengage: at least as many Defence as Attack dice; the model puts them all in Defence
  if ((how & DISENGAGE) !== 0) fa.strategy = p.fixed[pa][0]
  const before = log ? log.length : 0
  if (log) say(log, at, [fa.id, fb.id], `${p.models[a].name} ${charge ? 'charges' : 'attacks'} ${p.models[b].name}: pools ${pa} vs ${pb}${poolNotes(p, a, b, how, at)}; ${p.setup.first.name} has the Initiative (${p.setup.initiativeReason}).`, 'note')
  playExchange(p.setup, rng, p.result, log)
  if (log) for (let k = before; k < log.length; k++) log[k].at = at
  const r = p.result
  const toB = actIsFirst ? r.woundsToSecond : r.woundsToFirst
  const toA = actIsFirst ? r.woundsToFirst : r.woundsToSecond
  if (p.counters[b] > 0) p.counters[b]--
  applyWounds(p, b, toB, at)
  applyWounds(p, a, toA, at)
  applySpecials(p, actIsFirst ? a : b, actIsFirst ? b : a, r, at, log)
  releaseByExchange(p, a, b, at, log)
  releaseByExchange(p, b, a, at, log)
  if (log && (how & SURPRISE) !== 0 && p.woundsLeft[b] > 0) say(log, at, [p.models[b].id], `The action that Surprised ${p.models[b].name} is resolved: it is no longer Surprised.`, 'note')
  return actIsFirst ? r.hitSecond : r.hitFirst
}

/**
 * A Ranged Attack by a at b (Simple action): Challenge Number, the roll plus the ranged weapon's Brutal (X)
 * (docs/rules/bushido.md section 4: "ranged always"), into-melee check, Damage Roll, Ammo and Reload.
 */
export function shoot(p: GamePlan, rng: Rng, a: number, b: number, surprised: boolean, at: number, log?: TraceEvent[]): void {
  const m = p.models
  // Ran this turn (from the card) counts in the first Game Turn only: target +1, shooter +1 under rule shooterRan "card"
  const ran = at === 1 ? p.ranFirstTurn[b] + (p.shooterRanCounts ? p.ranFirstTurn[a] : 0) : 0
  const cn = p.shotNumber[a * p.n + b] + p.shot[a] - p.prone[b] - (surprised ? 1 : 0) + ran
  // Stunned and Frightened: −1 Ranged Pool each (the publisher's rules reference, states)
  const pool = challengePool(m[a].ranged - p.stunned[a] - p.frightened[a])
  const dice: number[] | undefined = log ? [] : undefined
  const rolled = codeFinal(rollGroup(rng, pool, dice))
  const final = withMod(rolled, m[a].rangedBrutal, p.setup.modsOnAllOnes)
  if (log) say(log, at, [m[a].id, m[b].id], `${m[a].name} shoots ${m[b].name} (Tir): [${dice?.join(', ')}] = ${rolled}${brutalText(m[a].rangedBrutal, rolled, final)} against Challenge Number ${cn}${p.shot[a] ? ' (already shot this turn +1)' : ''}${p.prone[b] ? ' (Cible Au Sol / target Prone −1)' : ''}${surprised ? ' (Cible Surprise / target Surprised −1)' : ''}${ran ? ` (ran this turn +${ran})` : ''}${p.stunned[a] + p.frightened[a] ? ` (Ranged Pool −${p.stunned[a] + p.frightened[a]}: Stunned / Frightened)` : ''}: ${final >= cn ? `success, SL ${final - cn}` : 'miss'}.`, final >= cn ? 'hit' : 'miss')
  if (m[a].ammo !== undefined) p.ammo[a]--
  p.reloading[a] += m[a].reload
  p.shot[a] = 1
  if (final < cn) return
  let victim = b
  const friend = friendInContact(p, a, b)
  if (friend >= 0 && p.intoMelee[b] !== AUTOMATIC) {
    const check = codeFinal(rollGroup(rng, pool, undefined))
    if (check < p.intoMelee[b]) victim = friend
    if (log) say(log, at, [m[a].id], `Défi de Tir (${p.intoMelee[b]}) into the melee: ${check} — ${victim === b ? `${m[b].name} is hit` : `the shot hits ${m[friend].name} instead`}.`)
  }
  const w = damageRoll(rng, p.ranged[a * p.n + victim], final - cn, log, [m[a].id, m[victim].id], m[victim].name)
  if (log) log[log.length - 1].at = at
  applyWounds(p, victim, w, at, log)
}

/**
 * A living model friendly to shooter a, in base contact with target b, checked both ways (b engaged it,
 * or it engaged b), as Melee Assist is: the one b engaged first, else the first in list order; −1 if none.
 * The card: "Si une figurine Cible un Ennemi en CSS avec un Allié du Tireur, effectuez un Défi de Tir (6)".
 * @see docs/rules/bushido.md#3-the-ranged-attack-pp3436
 */
export function friendInContact(p: GamePlan, a: number, b: number): number {
  const first = p.engaged[b]
  if (first >= 0 && first !== a && p.side[first] === p.side[a] && p.woundsLeft[first] > 0) return first
  for (let k = 0; k < p.n; k++) if (k !== a && p.side[k] === p.side[a] && p.woundsLeft[k] > 0 && p.engaged[k] === b) return k
  return -1
}

/** First living enemy of a, preferring its chosen target. */
export function targetOf(p: GamePlan, a: number, wanted: number): number {
  if (wanted >= 0 && p.woundsLeft[wanted] > 0) return wanted
  for (let i = 0; i < p.n; i++) if (p.side[i] !== p.side[a] && p.woundsLeft[i] > 0) return i
  return -1
}
