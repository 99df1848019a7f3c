import { checkFightSolveBudget, type FightSolution } from '../../core/fight-chain'
import { FightRefusal } from '../../core/fight-exact'
import type { CompactModel } from './exact-fight'

/**
 * A GURPS duel solved without its clock (docs/rules/gurps.md, "Exact whole fights"): when nothing in a
 * turn reads which turn it is (no signal, no opening roll; a fighter's place in his plan is part of the
 * situation), the fight is an absorbing Markov chain on (situation, whose turn, HP of each). HP never goes
 * back up (no healing in a fight), so every turn keeps both HP or lowers the defender's: taking the HP
 * pairs from the highest down (Aldo's HP, then Bruno's), all the chance that will ever reach a pair has
 * arrived before it is taken. Within one pair only turns that change no HP (misses, parries, standing up,
 * recovering from stun) lead from one situation to another; their expected visits solve a small linear
 * system x = m + Qᵀx exactly (m: the chance arriving at the pair), and what leaves the pair is passed on
 * once. Every reachable situation is worked out once; no chance is dropped.
 *
 * The scenario's turn cap is not followed: instead the chance a fight is still going when the cap comes
 * is bounded, and the bound is added to the answer's error. With y = Σₜ zᵗ P(step t in situation s),
 * solved the same way (y = m_z + z Qᵀy, z > 1), Σ y ≥ zᴺ P(still going after N steps), so that chance is
 * at most Σ y / zᴺ. The clock is also what the fight's length distribution needs: a clockless answer has
 * none (only its mean, from the expected visits).
 */

/** z of the bound: as large as the slowest fights allow (a turn that changes nothing at chance q needs zq < 1). */
const Z_TRIES = [1.25, 1.08, 1.02]

export interface ClocklessSolution extends FightSolution {
  /** Expected turns of the fight, counted as the sampler counts them (a turn is each fighter's). */
  meanTurns: number
  /** The proven bound on the chance the fight was still going at the cap (part of `massError`). */
  capBound: number
  /** Situations (with whose turn and both HP) worked out. */
  solved: number
}

const UNKNOWN = -2
const LIVE = -1
const DRAW = 2

/** `xs` grown to hold index `at`, zeros after its values. */
function grow(xs: Float64Array, at: number): Float64Array {
  const out = new Float64Array(Math.max(at + 1, 2 * xs.length))
  out.set(xs)
  return out
}

const FOREVER = 'the duel can go on forever with nobody hurt (some situation repeats with certainty); the sampled answer stands alone'

/** Largest number of situations the linear system of one HP pair may hold. */
const MAX_BLOCK = 600

export function solveClockless(m: CompactModel, hpMax: readonly number[], maxSteps: number, maxStates: number, tooMany: string): ClocklessSolution {
  let best: ClocklessSolution | undefined
  for (const z of Z_TRIES) {
    const r = solveWith(m, hpMax, maxSteps, maxStates, tooMany, z)
    if (!best || r.capBound < best.capBound) best = r
    if (best.capBound <= 1e-12) break
  }
  return best as ClocklessSolution
}

function solveWith(m: CompactModel, hpMax: readonly number[], maxSteps: number, maxStates: number, tooMany: string, z: number): ClocklessSolution {
  const [h0, h1] = hpMax
  // a fighter at −5×HP or below is dead (the fight is over): live HP lie in (−5×HP, HP]
  const lo0 = -5 * h0
  const lo1 = -5 * h1
  const nb = h1 - lo1 + 1
  const pairs = (h0 - lo0 + 1) * nb
  const pairOf = (a: number, b: number): number => {
    if (a > h0 || b > h1 || a < lo0 || b < lo1) throw new FightRefusal(tooMany)
    return (h0 - a) * nb + (h1 - b)
  }
  // chance (and z-weighted chance) arriving at each HP pair, by situation and whose turn (key = 2 × situation + slot)
  const rows: (Float64Array | null)[] = new Array(pairs).fill(null)
  const zrows: (Float64Array | null)[] = new Array(pairs).fill(null)
  let width = 64
  /** Rows of pairs already taken, zeroed again, to be used anew (all `width` long). */
  const spare: Float64Array[] = []
  const put = (idx: number, key: number, x: number, y: number): void => {
    let r = rows[idx]
    let zr = zrows[idx] as Float64Array
    if (!r || key >= r.length) {
      while (key >= width) width *= 2
      const reuse = !r && spare.length >= 2 && (spare[spare.length - 1].length === width)
      const r2 = reuse ? (spare.pop() as Float64Array) : new Float64Array(width)
      const z2 = reuse ? (spare.pop() as Float64Array) : new Float64Array(width)
      if (r) {
        r2.set(r)
        z2.set(zr)
      }
      rows[idx] = r = r2
      zrows[idx] = zr = z2
    }
    r[key] += x
    zr[key] += y
  }

  /** How each situation ends (LIVE while the fight goes on, else the winning side, or DRAW), read once per situation. */
  let ends = new Int8Array(64).fill(UNKNOWN)
  const endOf = (sid: number): number => {
    if (sid >= ends.length) {
      const grown = new Int8Array(Math.max(sid + 1, 2 * ends.length)).fill(UNKNOWN)
      grown.set(ends)
      ends = grown
    }
    let e = ends[sid]
    if (e === UNKNOWN) {
      const end = m.sidEnding(sid)
      ends[sid] = e = end === null ? LIVE : end === 'draw' ? DRAW : end
    }
    return e
  }
  /** Chance the fight ends in each situation, and each fighter's HP lost at the end. */
  let endMass: Float64Array = new Float64Array(64)
  const lost: Float64Array[] = [new Float64Array(6 * h0 + 1), new Float64Array(6 * h1 + 1)]
  let steps = 0
  let oddEnds = 0
  let sumY = 0
  let solved = 0

  /**
   * For a turn's ways to go (shared by every situation that reaches the same entry and defender's HP):
   * those that change no HP and go on (`inner`), and those that end the fight (`ended`), worked out once.
   */
  type Turn = ReturnType<CompactModel['turn']>['t']
  interface Kinds {
    t: Turn
    d: number
    inner: Int32Array
    /** Ways that lower the defender's HP and go on. */
    outer: Int32Array
    /** Ways that end the fight, and their total chance. */
    ended: Int32Array
    endTotal: number
    /** Expected visits of the situations that take this turn (its endings are shared out once, at the end). */
    w: number
  }
  const kindsSeen = new WeakMap<Turn, Kinds>()
  const allKinds: Kinds[] = []
  const kindsOf = (t: Turn, d: number, hd: number): Kinds => {
    let k = kindsSeen.get(t)
    if (k) return k
    const inner: number[] = []
    const outer: number[] = []
    const ended: number[] = []
    let endTotal = 0
    for (let j = 0; j < t.p.length; j++) {
      if (t.hp[j] > hd) throw new Error('HP went up in a GURPS duel')
      if (endOf(t.sid[j]) !== LIVE) {
        ended.push(j)
        endTotal += t.p[j]
      } else if (t.hp[j] === hd) inner.push(j)
      else outer.push(j)
    }
    k = { t, d, inner: Int32Array.from(inner), outer: Int32Array.from(outer), ended: Int32Array.from(ended), endTotal, w: 0 }
    kindsSeen.set(t, k)
    allKinds.push(k)
    return k
  }
  const kindList: Kinds[] = []
  let localOf = new Int32Array(width).fill(-1)
  const keys: number[] = []
  const turns: { d: number; t: { p: Float64Array; sid: Int32Array; hp: Int32Array } }[] = []
  let A = new Float64Array(0)
  let B = new Float64Array(0)

  const [a0, b0] = m.hp0
  put(pairOf(a0, b0), 2 * m.sid0, 1, 1)
  for (let idx = pairOf(a0, b0); idx < pairs; idx++) {
    const row = rows[idx]
    if (!row) continue
    const zrow = zrows[idx] as Float64Array
    rows[idx] = null
    zrows[idx] = null
    if ((idx & 63) === 0) checkFightSolveBudget()
    const a = h0 - Math.floor(idx / nb)
    const b = h1 - (idx % nb)
    if (localOf.length < width) localOf = new Int32Array(width).fill(-1)
    keys.length = 0
    turns.length = 0
    for (let k = 0; k < row.length; k++) {
      if (row[k] === 0 && zrow[k] === 0) continue
      localOf[k] = keys.length
      keys.push(k)
    }
    // the situations of this pair: those the chance arrives at, and those reached from them without a change of HP
    for (let i = 0; i < keys.length; i++) {
      const sid = keys[i] >> 1
      const slot = keys[i] & 1
      const tr = m.turn(sid, slot, a, b)
      turns.push(tr)
      const kinds = kindsOf(tr.t, tr.d, tr.d === 0 ? a : b)
      kindList[i] = kinds
      const to = tr.t.sid
      for (const j of kinds.inner) {
        const k2 = 2 * to[j] + (1 - slot)
        if (k2 >= localOf.length) {
          const grown = new Int32Array(Math.max(k2 + 1, 2 * localOf.length)).fill(-1)
          grown.set(localOf)
          localOf = grown
        }
        if (localOf[k2] < 0) {
          if (keys.length >= MAX_BLOCK) throw new FightRefusal(tooMany)
          localOf[k2] = keys.length
          keys.push(k2)
        }
      }
    }
    const n = keys.length
    solved += n
    if (solved > maxStates) throw new FightRefusal(tooMany)
    // (I − Qᵀ) x = m and (I − zQᵀ) y = m_z, one column of right-hand sides each
    if (A.length < n * n) {
      A = new Float64Array(n * n)
      B = new Float64Array(n * n)
    } else {
      A.fill(0, 0, n * n)
      B.fill(0, 0, n * n)
    }
    const x = new Float64Array(n)
    const y = new Float64Array(n)
    for (let i = 0; i < n; i++) {
      const k = keys[i]
      x[i] = k < row.length ? row[k] : 0
      y[i] = k < zrow.length ? zrow[k] : 0
      A[i * n + i] += 1
      B[i * n + i] += 1
    }
    for (let i = 0; i < n; i++) {
      const slot = keys[i] & 1
      const { p, sid: to } = turns[i].t
      for (const j of kindList[i].inner) {
        const r = localOf[2 * to[j] + (1 - slot)]
        A[r * n + i] -= p[j]
        B[r * n + i] -= z * p[j]
      }
    }
    if (!solveInPlace(A, x, n)) throw new FightRefusal(FOREVER)
    if (!solveInPlace(B, y, n)) return failed(z)
    // what leaves the pair: the end of the fight, or the chance arriving at a lower pair
    for (let i = 0; i < n; i++) {
      const xi = x[i]
      const yi = y[i]
      if (xi < 0) throw new FightRefusal(FOREVER)
      if (yi < 0) return failed(z)
      steps += xi
      sumY += yi
      const slot = keys[i] & 1
      const tr = turns[i]
      const kinds = kindList[i]
      const { p, sid: to, hp } = tr.t
      // the fight ends: shared out by way once all visits are known; the attacker's injury stands as it is
      if (kinds.endTotal > 0) {
        const q = xi * kinds.endTotal
        kinds.w += xi
        if (slot === 0) oddEnds += q
        const lostA = tr.d === 0 ? h1 - b : h0 - a
        if (lostA >= lost[1 - tr.d].length) lost[1 - tr.d] = grow(lost[1 - tr.d], lostA)
        lost[1 - tr.d][lostA] += q
      }
      const outer = kinds.outer
      for (let o = 0; o < outer.length; o++) {
        const j = outer[o]
        const q = xi * p[j]
        const to2 = tr.d === 0 ? pairOf(hp[j], b) : pairOf(a, hp[j])
        const k2 = 2 * to[j] + (1 - slot)
        const r = rows[to2]
        if (r === null || k2 >= r.length) {
          put(to2, k2, q, z * yi * p[j])
          continue
        }
        r[k2] += q
        ;(zrows[to2] as Float64Array)[k2] += z * yi * p[j]
      }
    }
    for (const k of keys) localOf[k] = -1
    // the pair's rows, zeroed where they held chance, serve a later pair
    if (row.length === width && zrow.length === width) {
      for (const k of keys) {
        if (k < width) {
          row[k] = 0
          zrow[k] = 0
        }
      }
      spare.push(zrow, row)
    }
  }
  for (const k of allKinds) {
    if (k.w === 0) continue
    const top = k.d === 0 ? h0 : h1
    for (const j of k.ended) {
      const q = k.w * k.t.p[j]
      const s2 = k.t.sid[j]
      if (s2 >= endMass.length) endMass = grow(endMass, s2)
      endMass[s2] += q
      const lostD = top - k.t.hp[j]
      if (lostD >= lost[k.d].length) lost[k.d] = grow(lost[k.d], lostD)
      lost[k.d][lostD] += q
    }
  }
  const capBound = sumY / z ** maxSteps
  const win = [0, 0]
  let draw = 0
  const expectedFinals: number[] = []
  for (let sid = 0; sid < endMass.length; sid++) {
    const q = endMass[sid]
    if (q === 0) continue
    const e = endOf(sid)
    if (e === DRAW) draw += q
    else win[e] += q
    const f = m.sidFinals(sid)
    for (let u = 0; u < f.length; u++) expectedFinals[u] = (expectedFinals[u] ?? 0) + q * f[u]
  }
  const total = win[0] + win[1] + draw
  const expectedDamage = lost.map((l) => l.reduce((acc, q, v) => acc + q * v, 0))
  const damageDistribution = lost.map((l) => Array.from(l, (p, value) => ({ value, p })).filter((x) => x.p > 0))
  return {
    win,
    draw,
    atCap: 0,
    length: [],
    expectedDamage,
    damageDistribution,
    expectedFinals,
    states: solved,
    massError: Math.abs(1 - total) + capBound,
    dropped: 0,
    meanTurns: (steps + oddEnds) / 2,
    capBound,
    solved,
  }
}

/** A z too large for this fight (the weighted sums do not converge): an answer whose bound says so. */
function failed(z: number): ClocklessSolution {
  return { win: [0, 0], draw: 0, atCap: 0, length: [], expectedDamage: [0, 0], damageDistribution: [[], []], expectedFinals: [], states: 0, massError: Infinity, dropped: 0, meanTurns: 0, capBound: Infinity, solved: z }
}

/**
 * Solves M v = r in place (M n×n, row-major; r becomes v) by Gaussian elimination with partial pivoting.
 * False when M is singular or nearly so (a fight that can go on forever without anyone getting hurt).
 */
export function solveInPlace(M: Float64Array, r: Float64Array, n: number): boolean {
  if (n === 1) {
    if (!(M[0] > 1e-12)) return false
    r[0] /= M[0]
    return true
  }
  for (let c = 0; c < n; c++) {
    let piv = c
    let best = Math.abs(M[c * n + c])
    for (let i = c + 1; i < n; i++) {
      const v = Math.abs(M[i * n + c])
      if (v > best) {
        best = v
        piv = i
      }
    }
    if (!(best > 1e-12)) return false
    if (piv !== c) {
      for (let j = c; j < n; j++) {
        const t = M[c * n + j]
        M[c * n + j] = M[piv * n + j]
        M[piv * n + j] = t
      }
      const t = r[c]
      r[c] = r[piv]
      r[piv] = t
    }
    const d = M[c * n + c]
    for (let i = c + 1; i < n; i++) {
      const f = M[i * n + c] / d
      if (f === 0) continue
      for (let j = c; j < n; j++) M[i * n + j] -= f * M[c * n + j]
      r[i] -= f * r[c]
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = r[i]
    for (let j = i + 1; j < n; j++) s -= M[i * n + j] * r[j]
    r[i] = s / M[i * n + i]
  }
  return true
}
