import type { Rng } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { CHUNK, CHUNK_CODES, codeFinal, codeNonOnes, codeOfDice, diceOfIndex, joinCodes, opposedAWins } from '../../dice/bushido-d6'
import { rollRemovingTop } from '../../dice/bushido-unblockable'
import { damageRowText, type DamageTable } from './damage'
import { plainOptions, SPECIALS, type SpecialEffect, type SplitOptions } from './specials'

/**
 * One Melee Exchange (Passe d'armes): secret splits, one roll, comparisons in Initiative order, the
 * second strike if the defender is still able. `simulate` and `trace` both call `playExchange`; the
 * trace only adds a log, so the two make the same draws in the same order.
 * @see the Bushido reference card (docs/rules/bushido.md) "PASSE D'ARMES - SÉQUENCE COMPLÈTE"; docs/rules/bushido.md section 2
 */

/** A split strategy: cumulative integer weights over the fighter's split options (a fixed split has one). */
export interface Strategy {
  cumulative: Int32Array
  total: number
  /** The option when the split is fixed (no draw is made), else −1. */
  fixed: number
}

/** Denominator of mixed strategies: sampling and exact values both use these integer weights. */
export const MIX_TOTAL = 1 << 16

/** Always option `option` out of `count` (without specials, option a is "a Attack dice" and count = pool + 1). */
export function fixedStrategy(count: number, option: number): Strategy {
  const cumulative = new Int32Array(count)
  for (let a = option; a < count; a++) cumulative[a] = 1
  return { cumulative, total: 1, fixed: option }
}

/** A mixed strategy from integer weights (index = option); a single non-zero weight is fixed. */
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
  /** Parry (X): added to the final Defence when it has Defence dice. @see docs/rules/bushido.md section 2 step 5 */
  parry: number
  /** Unblockable (X): with Attack dice, the enemy removes its X highest Defence dice. @see docs/rules/bushido.md section 2 step 5 */
  unblockable: number
  /** This fighter's Damage Rolls against the other. */
  damage: DamageTable
  /** Wounds it can still take before it is removed. */
  woundsLeft: number
  activePlayer: boolean
  strategy: Strategy
  /** The splits and specials it may declare; `strategy` indexes these options. */
  options: SplitOptions
  /** Per special of `options.specials`: the Damage Roll of that Attack special (null: no Damage Roll). */
  specialDamage: (DamageTable | null)[]
}

/** A fighter's options without specials (game mode): option a = a Attack dice. */
export function plainFighterOptions(f: Fighter, pool: number): void {
  f.options = plainOptions(pool)
}

/** The pair in Initiative order: `first` compares its Attack first. */
export interface ExchangeSetup {
  first: Fighter
  second: Fighter
  /** Variant `rules.zeroAttack` (docs/rules/bushido.md section 7): an Attack of 0 (all Attack dice rolled 1) can still win a tie. */
  zeroAttackCanHit: boolean
  /**
   * Brutal / Parry still add when every die of that type rolled 1 (variant `allOnes: 'modifiers'`); by
   * default such a final result is 0 (docs/rules/bushido.md section 1: the modifiers apply to the highest die, and none is left).
   */
  modsOnAllOnes: boolean
  /** Why `first` has the Initiative, for the log. */
  initiativeReason: string
  /**
   * The second model was already Prone (Au Sol) when the exchange began and the card's reading is in force
   * (variant `proneStrikeBack` "no"): it strikes back "si elle est toujours vivante, en CSS avec l'Attaquant
   * et n'est pas Au Sol" only, so it never strikes back. @see docs/rules/bushido.md#2-the-melee-exchange-pp3842
   */
  secondProne: boolean
  /**
   * Variant `specialDefenceNoAttack` "triggers": the comparison is made even against an Attack of 0, so a
   * Special Defence can trigger against a model that put no dice in Attack (default: it cannot).
   */
  defenceWithoutAttack: boolean
}

/** What one exchange did, written into a reusable scratch object. */
export interface ExchangeResult {
  /** Options played (index into each fighter's `options`). */
  optionFirst: number
  optionSecond: number
  attackFirst: number
  attackSecond: number
  /** Each side's Special Attack or Defence triggered. */
  specialFirst: boolean
  specialSecond: boolean
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
  return { optionFirst: 0, optionSecond: 0, attackFirst: 0, attackSecond: 0, specialFirst: false, specialSecond: false, hitFirst: false, hitSecond: false, secondWinsComparison: false, slFirst: 0, slSecond: 0, woundsToSecond: 0, woundsToFirst: 0 }
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

/**
 * The sorted-dice path, only when an Unblockable (X) model put dice in Attack: each side's Attack dice as
 * usual, its Defence dice one by one less the `xf` / `xg` highest the enemy's Unblockable removes.
 * `removed` collects the removed dice per side for the log.
 */
export function rollUnblockable(rng: Rng, pf: number, af: number, xf: number, pg: number, ag: number, xg: number, out: Int32Array, dice?: number[][], removed?: number[][]): void {
  out[0] = rollGroup(rng, af, dice?.[0]) | (rollRemovingTop(rng, pf - af, xf, dice?.[1], removed?.[0]) << 8)
  out[1] = rollGroup(rng, ag, dice?.[2]) | (rollRemovingTop(rng, pg - ag, xg, dice?.[3], removed?.[1]) << 8)
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
    const row = damageRowText(table, i, sl)
    log.push({ at: 0, kind: 'damage', who: who ?? [], text: `Jet de Dégâts / Damage Roll at SL ${sl}: ${row.text} → ${w} wound${w === 1 ? '' : 's'} to ${target}.` })
  }
  return w
}

/**
 * A final result with its Brutal / Parry modifier: added to the highest die; when every die rolled 1 the
 * result stays 0 unless `onAllOnes` (variant `allOnes`). @see docs/rules/bushido.md section 1 and section 2 step 5
 */
export function withMod(final: number, mod: number, onAllOnes: boolean): number {
  return final > 0 || onAllOnes ? final + mod : 0
}

/** Scratch for the two sides' codes (module-level: the engine is single-threaded per worker). */
const SCRATCH = new Int32Array(2)

const s = (xs: number[]): string => (xs.length ? xs.join(', ') : '—')
const notOnes = (n: number): string => `${n} ${n === 1 ? 'die' : 'dice'} not 1`

/** The special a fighter declared with option o, or null. */
function declared(x: Fighter, o: number): SpecialEffect | null {
  const k = x.options.special[o]
  return k < 0 ? null : SPECIALS[x.options.specials[k].ability]
}

/** Damage table of a strike that landed with option o: the Attack special's own, else the weapon's (null: no Damage Roll). */
function strikeDamage(x: Fighter, o: number): DamageTable | null {
  const k = x.options.special[o]
  return k >= 0 && SPECIALS[x.options.specials[k].ability].type === 'attack' ? x.specialDamage[k] : x.damage
}

/**
 * Plays one exchange. Draw order: first's split (if mixed), second's split, both sides' dice (one draw when
 * the pools add up to 8 or less, see `rollBoth`), then one Damage Roll per strike that lands and makes
 * one, in Initiative order. A declared special's cost is taken off the pool before the roll.
 */
export function playExchange(ex: ExchangeSetup, rng: Rng, out: ExchangeResult, log?: TraceEvent[]): void {
  const f = ex.first
  const g = ex.second
  const of = (out.optionFirst = chooseSplit(rng, f.strategy))
  const og = (out.optionSecond = chooseSplit(rng, g.strategy))
  const af = (out.attackFirst = f.options.attack[of])
  const ag = (out.attackSecond = g.options.attack[og])
  const pf = f.pool - f.options.cost[of]
  const pg = g.pool - g.options.cost[og]
  const dice: number[][] | undefined = log ? [[], [], [], []] : undefined
  // Unblockable (X) of the enemy, when it attacks: that many of this side's highest Defence dice go
  const xf = ag > 0 ? g.unblockable : 0
  const xg = af > 0 ? f.unblockable : 0
  const removed: number[][] | undefined = log ? [[], []] : undefined
  if (xf + xg > 0) rollUnblockable(rng, pf, af, xf, pg, ag, xg, SCRATCH, dice, removed)
  else rollBoth(rng, pf, af, pg, ag, SCRATCH, dice)
  const fs = SCRATCH[0]
  const gs = SCRATCH[1]
  const fA = af > 0 ? withMod(codeFinal(fs & 255), f.brutal, ex.modsOnAllOnes) : 0
  const gA = ag > 0 ? withMod(codeFinal(gs & 255), g.brutal, ex.modsOnAllOnes) : 0
  const fD = pf - af > xf ? withMod(codeFinal(fs >> 8), f.parry, ex.modsOnAllOnes) : 0
  const gD = pg - ag > xg ? withMod(codeFinal(gs >> 8), g.parry, ex.modsOnAllOnes) : 0
  const fN = codeNonOnes(fs & 255) + codeNonOnes(fs >> 8)
  const gN = codeNonOnes(gs & 255) + codeNonOnes(gs >> 8)
  out.hitFirst = af > 0 && (ex.zeroAttackCanHit || codeNonOnes(fs & 255) > 0) && opposedAWins(fA, gD, fN, gN, f.activePlayer)
  out.secondWinsComparison = ag > 0 && (ex.zeroAttackCanHit || codeNonOnes(gs & 255) > 0) && opposedAWins(gA, fD, gN, fN, g.activePlayer)
  out.slFirst = out.hitFirst ? Math.max(0, fA - gD) : 0
  out.slSecond = out.secondWinsComparison ? Math.max(0, gA - fD) : 0
  const sf = declared(f, of)
  const sg = declared(g, og)
  // step 10: the first Attacker wins → its Special Attack; it loses → the Defender's Special Defence (if it has Defence dice)
  out.specialFirst = out.hitFirst && sf !== null && sf.type === 'attack'
  out.specialSecond = !out.hitFirst && (af > 0 || ex.defenceWithoutAttack) && sg !== null && sg.type === 'defence' && pg > ag
  const ends = (out.specialFirst && sf !== null && sf.endsContact) || (out.specialSecond && sg !== null && sg.endsContact)
  if (log && dice) logOpening(log, f, g, of, og, dice, [fA, fD, fN, gA, gD, gN], out, removed)
  if (log && out.specialFirst) logSpecial(log, f, g, sf)
  if (log && out.specialSecond) logSpecial(log, g, f, sg)
  const t1 = out.hitFirst ? strikeDamage(f, of) : null
  out.woundsToSecond = t1 ? damageRoll(rng, t1, out.slFirst, log, [f.id, g.id], g.name) : 0
  const secondAble = !ends && !ex.secondProne && out.woundsToSecond < g.woundsLeft
  out.hitSecond = out.secondWinsComparison && secondAble
  if (secondAble && out.hitSecond && sg !== null && sg.type === 'attack') out.specialSecond = true
  const defends = secondAble && !out.hitSecond && (ag > 0 || ex.defenceWithoutAttack) && sf !== null && sf.type === 'defence' && pf > af
  if (defends) out.specialFirst = true
  if (log) {
    if (secondAble) log.push(compareEvent(g, f, ag, gA, fD, out.secondWinsComparison, out.slSecond, gN, fN))
    else if (ends) log.push({ at: 0, kind: 'note', who: [g.id], text: `${g.name} cannot strike back: no longer in base contact (CSS) or knocked Prone (Au Sol).` })
    else if (ex.secondProne && out.woundsToSecond < g.woundsLeft) log.push({ at: 0, kind: 'note', who: [g.id], text: `${g.name} cannot strike back: it is Prone (Au Sol), and only a model that is not Au Sol strikes back.` })
    else log.push({ at: 0, kind: 'remove', who: [g.id], text: `${g.name} is removed before it can strike back.` })
  }
  if (log && out.hitSecond && out.specialSecond) logSpecial(log, g, f, sg)
  if (log && defends) logSpecial(log, f, g, sf)
  const t2 = out.hitSecond ? strikeDamage(g, og) : null
  out.woundsToFirst = t2 ? damageRoll(rng, t2, out.slSecond, log, [g.id, f.id], f.name) : 0
  if (log && out.woundsToFirst >= f.woundsLeft) log.push({ at: 0, kind: 'remove', who: [f.id], text: `${f.name} is removed.` })
  if (log) log.push({ at: 0, kind: 'note', who: [f.id, g.id], text: 'Exchange over: each model involved removes one Activation Counter (compteur d\'Activation).' })
}

function splitText(x: Fighter, o: number): string {
  const rolled = x.pool - x.options.cost[o]
  const base = `${x.name} ${x.options.attack[o]} Attack / ${rolled - x.options.attack[o]} Defence`
  const k = x.options.special[o]
  if (k < 0) return base
  const sp = x.options.specials[k]
  return `${base} after paying ${sp.cost} ${sp.cost === 1 ? 'die' : 'dice'} for ${SPECIALS[sp.ability].name} (${SPECIALS[sp.ability].type === 'attack' ? 'Attaque Spéciale' : 'Défense Spéciale'})`
}

/** Split, both rolls and the first comparison. `v` = first's Attack, Defence, non-1s, then second's. */
function logOpening(log: TraceEvent[], f: Fighter, g: Fighter, of: number, og: number, dice: number[][], v: number[], out: ExchangeResult, removed?: number[][]): void {
  const [fA, fD, fN, gA, gD, gN] = v
  const af = f.options.attack[of]
  const ag = g.options.attack[og]
  log.push({ at: 0, kind: 'split', who: [f.id, g.id], text: `Répartition secrète / secret split: ${splitText(f, of)}; ${splitText(g, og)}.` })
  log.push({ at: 0, kind: 'roll', who: [f.id], text: `${f.name} rolls Attack [${s(dice[0])}] = ${fA}${f.brutal && af && fA > 0 ? ` (Brutal +${f.brutal})` : ''}, Defence [${s(dice[1])}] = ${fD}${f.parry && dice[1].length && fD > 0 ? ` (Parry +${f.parry})` : ''}; ${notOnes(fN)}.` })
  log.push({ at: 0, kind: 'roll', who: [g.id], text: `${g.name} rolls Attack [${s(dice[2])}] = ${gA}${g.brutal && ag && gA > 0 ? ` (Brutal +${g.brutal})` : ''}, Defence [${s(dice[3])}] = ${gD}${g.parry && dice[3].length && gD > 0 ? ` (Parry +${g.parry})` : ''}; ${notOnes(gN)}.` })
  for (const [x, y, r] of [[g, f, removed?.[0]], [f, g, removed?.[1]]] as const) {
    if (r && r.length) log.push({ at: 0, kind: 'roll', who: [x.id, y.id], text: `Imparable / Unblockable (${x.unblockable}): ${y.name} removes its highest Defence ${r.length === 1 ? 'die' : 'dice'} [${r.join(', ')}]; its Defence and its dice not 1 count without ${r.length === 1 ? 'it' : 'them'}.` })
  }
  log.push(compareEvent(f, g, af, fA, gD, out.hitFirst, out.slFirst, fN, gN))
}

function logSpecial(log: TraceEvent[], user: Fighter, other: Fighter, sp: SpecialEffect | null): void {
  if (!sp) return
  const what = sp.type === 'attack' ? 'Attaque Spéciale / Special Attack' : 'Défense Spéciale / Special Defence'
  log.push({ at: 0, kind: 'note', who: [user.id, other.id], text: `${what}: ${user.name}'s ${sp.name} succeeds: ${sp.text}.` })
}

function compareEvent(x: Fighter, y: Fighter, ax: number, att: number, def: number, hit: boolean, sl: number, nx: number, ny: number): TraceEvent {
  let why: string
  if (ax === 0) why = `${x.name} put no dice in Attack: no strike`
  else if (att !== def) why = hit ? `Attack ${att} beats Defence ${def}: hit at SL ${sl}` : `Attack ${att} fails against Defence ${def}`
  else if (nx !== ny) why = `Attack ${att} ties Defence ${def}; ${hit ? x.name : y.name} rolled more dice that were not 1 (${Math.max(nx, ny)} vs ${Math.min(nx, ny)})${hit ? ': hit at SL 0' : ''}`
  else why = `Attack ${att} ties Defence ${def} and both rolled ${nx} dice not 1; the Active Player (${x.activePlayer ? x.name : y.name}'s side) wins the tie${hit ? ': hit at SL 0' : ''}`
  return { at: 0, kind: hit ? 'hit' : 'miss', who: [x.id, y.id], text: `${x.name} strikes ${y.name}: ${why}.` }
}
