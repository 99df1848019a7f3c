import type { Rng } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { CHUNK, CHUNK_CODES, codeFinal, codeNonOnes, codeOfDice, diceOfIndex, joinCodes, opposedAWins } from '../../dice/bushido-d6'
import { damageDice, damageTotal, type DamageTable } from './damage'

/**
 * One Melee Exchange (Passe d'armes): secret splits, one roll, comparisons in Initiative order, the
 * second strike if the defender is still able. `simulate` and `trace` both call `playExchange`; the
 * trace only adds a log, so the two make the same draws in the same order.
 * @see ../shared/seeds/002_11de1dfa6a3af03c.txt "PASSE D'ARMES - SÉQUENCE COMPLÈTE"; rules.md §4.5
 */

/** A split strategy: cumulative integer weights over "attack dice = 0..pool" (a fixed split has one). */
export interface Strategy {
  cumulative: Int32Array
  total: number
  /** The attack count when the split is fixed (no draw is made), else −1. */
  fixed: number
}

/** Denominator of mixed strategies: sampling and exact values both use these integer weights. */
export const MIX_TOTAL = 1 << 16

export function fixedStrategy(pool: number, attack: number): Strategy {
  const cumulative = new Int32Array(pool + 1)
  for (let a = attack; a <= pool; a++) cumulative[a] = 1
  return { cumulative, total: 1, fixed: attack }
}

/** A mixed strategy from integer weights (index = attack dice); a single non-zero weight is fixed. */
export function mixedStrategy(weights: readonly number[]): Strategy {
  const cumulative = new Int32Array(weights.length)
  let t = 0
  weights.forEach((w, a) => (cumulative[a] = t += w))
  const nonZero = weights.filter((w) => w > 0).length
  return { cumulative, total: t, fixed: nonZero === 1 ? weights.findIndex((w) => w > 0) : -1 }
}

/** One side of the exchange. */
export interface Fighter {
  id: string
  name: string
  pool: number
  brutal: number
  /** This fighter's Damage Rolls against the other. */
  damage: DamageTable
  /** Wounds it can still take before it is removed. */
  woundsLeft: number
  activePlayer: boolean
  strategy: Strategy
}

/** The pair in Initiative order: `first` compares its Attack first. */
export interface ExchangeSetup {
  first: Fighter
  second: Fighter
  /** rules.md §8 A11: an Attack of 0 (all Attack dice rolled 1) can still win a tie. */
  zeroAttackCanHit: boolean
  /** Why `first` has the Initiative, for the log. */
  initiativeReason: string
}

/** What one exchange did, written into a reusable scratch object. */
export interface ExchangeResult {
  attackFirst: number
  attackSecond: number
  hitFirst: boolean
  hitSecond: boolean
  /** The second fighter's comparison won, whether or not it was still able to strike. */
  secondWinsComparison: boolean
  slFirst: number
  slSecond: number
  woundsToSecond: number
  woundsToFirst: number
}

export function newResult(): ExchangeResult {
  return { attackFirst: 0, attackSecond: 0, hitFirst: false, hitSecond: false, secondWinsComparison: false, slFirst: 0, slSecond: 0, woundsToSecond: 0, woundsToFirst: 0 }
}

export function chooseSplit(rng: Rng, s: Strategy): number {
  if (s.fixed >= 0) return s.fixed
  const r = rng.below(s.total)
  let a = 0
  while (s.cumulative[a] <= r) a++
  return a
}

const POW6 = [1, 6, 36, 216, 1296, 7776]

/** Pools up to this size roll Attack and Defence dice together with one draw. */
export const JOINT_MAX = 5

/**
 * `SIDE_TABLES[pool][attack][i]`: Attack code | Defence code << 8 of the pool-dice roll with index i,
 * the first `attack` dice being the Attack dice. Each of the 6^pool ordered rolls is equally likely,
 * so one unbiased draw stands for the whole side.
 */
export const SIDE_TABLES: readonly (readonly Uint16Array[])[] = (() => {
  const out: Uint16Array[][] = []
  for (let pool = 0; pool <= JOINT_MAX; pool++) {
    const byAttack: Uint16Array[] = []
    for (let a = 0; a <= pool; a++) {
      const t = new Uint16Array(POW6[pool])
      for (let i = 0; i < t.length; i++) {
        const d = diceOfIndex(i, pool)
        t[i] = codeOfDice(d.slice(0, a)) | (codeOfDice(d.slice(a)) << 8)
      }
      byAttack.push(t)
    }
    out.push(byAttack)
  }
  return out
})()

function logSide(i: number, pool: number, attack: number, dice: number[][], slot: number): void {
  const d = diceOfIndex(i, pool)
  dice[slot].push(...d.slice(0, attack))
  dice[slot + 1].push(...d.slice(attack))
}

/** Both sides together fit one draw (6^(pf + pg) ≤ 6^8 < 2^21, the range of `rng.below`). */
export const BOTH_MAX = 8

/**
 * Rolls both sides' dice: Attack code | Defence code << 8 for each, in `out[0]` and `out[1]`. One draw
 * for both when the pools add up to 8 or less, one per side up to 5 dice, chunks beyond.
 */
export function rollBoth(rng: Rng, pf: number, af: number, pg: number, ag: number, out: Int32Array, dice?: number[][]): void {
  if (pf + pg <= BOTH_MAX && pf <= JOINT_MAX && pg <= JOINT_MAX) {
    const i = rng.below(POW6[pf] * POW6[pg])
    const fi = i % POW6[pf]
    const gi = (i - fi) / POW6[pf]
    if (dice) {
      logSide(fi, pf, af, dice, 0)
      logSide(gi, pg, ag, dice, 2)
    }
    out[0] = SIDE_TABLES[pf][af][fi]
    out[1] = SIDE_TABLES[pg][ag][gi]
    return
  }
  out[0] = rollSide(rng, pf, af, dice, 0)
  out[1] = rollSide(rng, pg, ag, dice, 2)
}

/** Rolls one side's Attack and Defence dice: returns Attack code | Defence code << 8; logs [attack, defence] dice. */
export function rollSide(rng: Rng, pool: number, attack: number, dice?: number[][], slot = 0): number {
  if (pool <= JOINT_MAX) {
    const i = rng.below(POW6[pool])
    if (dice) logSide(i, pool, attack, dice, slot)
    return SIDE_TABLES[pool][attack][i]
  }
  const att = rollGroup(rng, attack, dice?.[slot])
  return att | (rollGroup(rng, pool - attack, dice?.[slot + 1]) << 8)
}

/** Rolls n dice in chunks of up to four (one draw each) and returns the summary code; logs the dice. */
export function rollGroup(rng: Rng, n: number, dice?: number[]): number {
  let code = 0
  let left = n
  while (left > 0) {
    const m = left > CHUNK ? CHUNK : left
    const index = rng.below(POW6[m])
    code = joinCodes(code, CHUNK_CODES[m][index])
    if (dice) dice.push(...diceOfIndex(index, m))
    left -= m
  }
  return code
}

/** One Damage Roll at a Success Level: a single draw over the 36 (2D6) or 216 (3D6) ordered rolls. */
export function damageRoll(rng: Rng, table: DamageTable, sl: number, log?: TraceEvent[], who?: string[], target?: string): number {
  const i = rng.below(table.faces)
  const w = table.wounds[(sl > table.maxSl ? table.maxSl : sl) * table.faces + i]
  if (log) {
    const dice = damageDice(table.dice, i)
    const kind = table.dice === 'normal' ? '2D6' : table.dice === 'strong' ? '3D6 keep 2 highest (Strong)' : '3D6 keep 2 lowest (Weak)'
    log.push({ at: 0, kind: 'damage', who: who ?? [], text: `Jet de Dégâts / Damage Roll at SL ${sl}: ${kind} [${dice.join(', ')}] = ${damageTotal(table.dice, i)} → ${w} wound${w === 1 ? '' : 's'} to ${target}.` })
  }
  return w
}

/** Scratch for the two sides' codes (module-level: the engine is single-threaded per worker). */
const SCRATCH = new Int32Array(2)

const s = (xs: number[]): string => (xs.length ? xs.join(', ') : '—')
const notOnes = (n: number): string => `${n} ${n === 1 ? 'die' : 'dice'} not 1`

/**
 * Plays one exchange. Draw order: first's split (if mixed), second's split, both sides' dice (one draw when
 * the pools add up to 8 or less, see `rollBoth`), then one Damage Roll per strike that lands, in Initiative order.
 */
export function playExchange(ex: ExchangeSetup, rng: Rng, out: ExchangeResult, log?: TraceEvent[]): void {
  const f = ex.first
  const g = ex.second
  const af = chooseSplit(rng, f.strategy)
  const ag = chooseSplit(rng, g.strategy)
  const dice: number[][] | undefined = log ? [[], [], [], []] : undefined
  rollBoth(rng, f.pool, af, g.pool, ag, SCRATCH, dice)
  const fs = SCRATCH[0]
  const gs = SCRATCH[1]
  const fAtt = fs & 255
  const fDef = fs >> 8
  const gAtt = gs & 255
  const gDef = gs >> 8
  const fA = af > 0 ? codeFinal(fAtt) + f.brutal : 0
  const gA = ag > 0 ? codeFinal(gAtt) + g.brutal : 0
  const fD = codeFinal(fDef)
  const gD = codeFinal(gDef)
  const fN = codeNonOnes(fAtt) + codeNonOnes(fDef)
  const gN = codeNonOnes(gAtt) + codeNonOnes(gDef)
  out.attackFirst = af
  out.attackSecond = ag
  out.hitFirst = af > 0 && (ex.zeroAttackCanHit || codeNonOnes(fAtt) > 0) && opposedAWins(fA, gD, fN, gN, f.activePlayer)
  out.secondWinsComparison = ag > 0 && (ex.zeroAttackCanHit || codeNonOnes(gAtt) > 0) && opposedAWins(gA, fD, gN, fN, g.activePlayer)
  out.slFirst = out.hitFirst ? Math.max(0, fA - gD) : 0
  out.slSecond = out.secondWinsComparison ? Math.max(0, gA - fD) : 0
  if (log && dice) {
    log.push({ at: 0, kind: 'split', who: [f.id, g.id], text: `Répartition secrète / secret split: ${f.name} ${af} Attack / ${f.pool - af} Defence; ${g.name} ${ag} Attack / ${g.pool - ag} Defence.` })
    log.push({ at: 0, kind: 'roll', who: [f.id], text: `${f.name} rolls Attack [${s(dice[0])}] = ${fA}${f.brutal && af ? ` (Brutal +${f.brutal})` : ''}, Defence [${s(dice[1])}] = ${fD}; ${notOnes(fN)}.` })
    log.push({ at: 0, kind: 'roll', who: [g.id], text: `${g.name} rolls Attack [${s(dice[2])}] = ${gA}${g.brutal && ag ? ` (Brutal +${g.brutal})` : ''}, Defence [${s(dice[3])}] = ${gD}; ${notOnes(gN)}.` })
    log.push(compareEvent(f, g, af, fA, gD, out.hitFirst, out.slFirst, fN, gN))
  }
  out.woundsToSecond = out.hitFirst ? damageRoll(rng, f.damage, out.slFirst, log, [f.id, g.id], g.name) : 0
  const secondAble = out.woundsToSecond < g.woundsLeft
  out.hitSecond = out.secondWinsComparison && secondAble
  if (log) {
    if (secondAble) log.push(compareEvent(g, f, ag, gA, fD, out.secondWinsComparison, out.slSecond, gN, fN))
    else log.push({ at: 0, kind: 'remove', who: [g.id], text: `${g.name} is removed before it can strike back.` })
  }
  out.woundsToFirst = out.hitSecond ? damageRoll(rng, g.damage, out.slSecond, log, [g.id, f.id], f.name) : 0
  if (log && out.woundsToFirst >= f.woundsLeft) log.push({ at: 0, kind: 'remove', who: [f.id], text: `${f.name} is removed.` })
  if (log) log.push({ at: 0, kind: 'note', who: [f.id, g.id], text: 'Exchange over: each model involved removes one Activation Counter (compteur d\'Activation).' })
}

function compareEvent(x: Fighter, y: Fighter, ax: number, att: number, def: number, hit: boolean, sl: number, nx: number, ny: number): TraceEvent {
  let why: string
  if (ax === 0) why = `${x.name} put no dice in Attack: no strike`
  else if (att !== def) why = hit ? `Attack ${att} beats Defence ${def}: hit at SL ${sl}` : `Attack ${att} fails against Defence ${def}`
  else if (nx !== ny) why = `Attack ${att} ties Defence ${def}; ${hit ? x.name : y.name} rolled more dice that were not 1 (${Math.max(nx, ny)} vs ${Math.min(nx, ny)})${hit ? ': hit at SL 0' : ''}`
  else why = `Attack ${att} ties Defence ${def} and both rolled ${nx} dice not 1; the Active Player (${x.activePlayer ? x.name : y.name}'s side) wins the tie${hit ? ': hit at SL 0' : ''}`
  return { at: 0, kind: hit ? 'hit' : 'miss', who: [x.id, y.id], text: `${x.name} strikes ${y.name}: ${why}.` }
}
