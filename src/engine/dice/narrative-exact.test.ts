import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { DIE_KINDS, FACES, emptyPool, packedAdv, packedDespairs, packedNet, packedTriumphs, type DieKind, type Pool } from './narrative-dice'
import { exactCheck, forEachResult, probabilityOf, summarizeCheck } from './narrative-exact'
import { compilePool, facesRolled, rollPool } from './narrative-roll'

const pool = (p: Partial<Pool>): Pool => ({ ...emptyPool(), ...p })

/** |observed − expected| within 4 binomial standard errors. */
const withinStandardErrors = (count: number, n: number, q: number): boolean => Math.abs(count - n * q) <= 4 * Math.sqrt(n * q * (1 - q))

/** Independent oracle: every combination of faces, one by one. */
function bruteForce(p: Pool): Map<string, number> {
  const dice: DieKind[] = DIE_KINDS.flatMap((k) => new Array<DieKind>(p[k]).fill(k))
  const out = new Map<string, number>()
  const go = (i: number, n: number, a: number, tr: number, de: number): void => {
    if (i === dice.length) {
      const key = `${n},${a},${tr},${de}`
      out.set(key, (out.get(key) ?? 0) + 1)
      return
    }
    for (const f of FACES[dice[i]]) go(i + 1, n + f.s - f.f, a + f.a - f.t, tr + f.tr, de + f.de)
  }
  go(0, 0, 0, 0, 0)
  return out
}

function asMap(p: Pool): Map<string, number> {
  const out = new Map<string, number>()
  forEachResult(exactCheck(p), (n, a, tr, de, c) => out.set(`${n},${a},${tr},${de}`, c))
  return out
}

describe('exact joint distribution (convolution)', () => {
  it.each([
    [{ ability: 1 }],
    [{ proficiency: 1, challenge: 1 }],
    [{ proficiency: 2, ability: 1, boost: 1, difficulty: 2, setback: 1 }],
    [{ proficiency: 1, ability: 1, challenge: 2, difficulty: 1 }],
    [{ boost: 2, setback: 2, ability: 1, difficulty: 1 }],
  ])('equals brute-force enumeration for %o', (p) => {
    expect(asMap(pool(p))).toEqual(bruteForce(pool(p)))
  })
  it('equals brute-force enumeration for random pools of up to 5 dice (property)', () => {
    const small = fc.record({ proficiency: fc.nat(2), ability: fc.nat(2), boost: fc.nat(1), challenge: fc.nat(1), difficulty: fc.nat(2), setback: fc.nat(1) })
    fc.assert(
      fc.property(small, (p) => {
        const n = DIE_KINDS.reduce((s, k) => s + p[k], 0)
        fc.pre(n <= 5)
        expect(asMap(p)).toEqual(bruteForce(p))
      }),
      { numRuns: 60, seed: 42 },
    )
  })
  it('counts sum to the number of face combinations, as exact integers', () => {
    const d = exactCheck(pool({ proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 }))
    expect(d.total).toBe(12 * 12 * 8 * 8 * 6 * 8 * 8 * 8 * 6)
    expect(d.counts.reduce((a, b) => a + b, 0)).toBe(d.total)
    expect(d.exactIntegers).toBe(true)
  })
  it('an empty pool is a sure net 0: no success', () => {
    expect(summarizeCheck(exactCheck(emptyPool())).success).toBe(0)
  })
  it('a large pool (10Y 10G vs 10R 10P) is still computed and sums to 1', () => {
    const d = exactCheck(pool({ proficiency: 10, ability: 10, challenge: 10, difficulty: 10 }))
    expect(probabilityOf(d, () => true)).toBeCloseTo(1, 12)
  })
})

describe('FFG pool test vectors (docs/rules/genesys.md section 7, exact)', () => {
  it.each([
    ['2G vs 1P (Easy)', 0.5762, 0.4824, 0, 0, 1.6, { ability: 2, difficulty: 1 }],
    ['2G vs 2P (Average)', 0.4351, 0.2856, 0, 0, 1.547, { ability: 2, difficulty: 2 }],
    ['1G vs 2P', 0.2344, 0.1172, 0, 0, 1.208, { ability: 1, difficulty: 2 }],
    ['3G vs 2P', 0.5969, 0.4573, 0, 0, 1.912, { ability: 3, difficulty: 2 }],
    ['4G vs 2P', 0.7205, 0.607, 0, 0, 2.311, { ability: 4, difficulty: 2 }],
    ['2G1Y vs 2P', 0.6508, 0.4681, 0.0833, 0, 1.994, { ability: 2, proficiency: 1, difficulty: 2 }],
    ['1G2Y vs 2P', 0.7004, 0.4785, 0.1597, 0, 2.088, { ability: 1, proficiency: 2, difficulty: 2 }],
    ['3G vs 3P (Hard)', 0.4776, 0.2956, 0, 0, 1.831, { ability: 3, difficulty: 3 }],
    ['2G1Y vs 3P', 0.5288, 0.3064, 0.0833, 0, 1.898, { ability: 2, proficiency: 1, difficulty: 3 }],
    ['3G vs 4P (Daunting)', 0.3759, 0.181, 0, 0, 1.765, { ability: 3, difficulty: 4 }],
    ['2G vs 1P1R (upgraded Average)', 0.362, 0.3151, 0, 0.0833, 1.497, { ability: 2, difficulty: 1, challenge: 1 }],
    ['2G1B vs 2P (one Aim)', 0.5281, 0.4681, 0, 0, 1.725, { ability: 2, boost: 1, difficulty: 2 }],
    ['2G2B vs 2P (two Aims)', 0.6099, 0.6222, 0, 0, 1.916, { ability: 2, boost: 2, difficulty: 2 }],
    ['2G vs 2P1S (target in cover)', 0.3514, 0.2235, 0, 0, 1.502, { ability: 2, difficulty: 2, setback: 1 }],
    ['3G vs 2P1S', 0.5127, 0.3806, 0, 0, 1.838, { ability: 3, difficulty: 2, setback: 1 }],
  ] as [string, number, number, number, number, number, Partial<Pool>][])('%s: success %f, advantage %f, Triumph %f, Despair %f, E[net | success] %f', (_name, success, adv, tr, de, net, p) => {
    const s = summarizeCheck(exactCheck(pool(p)))
    expect(s.success).toBeCloseTo(success, 4)
    expect(s.advantage).toBeCloseTo(adv, 4)
    expect(s.triumph).toBeCloseTo(tr, 4)
    expect(s.despair).toBeCloseTo(de, 4)
    expect(s.netGivenSuccess).toBeCloseTo(net, 3)
  })
  it('at least one Despair: 1 Challenge die 1/12, 2 dice 0.1597, 3 dice 0.2297 (docs/rules/genesys.md section 7)', () => {
    expect(summarizeCheck(exactCheck(pool({ challenge: 1 }))).despair).toBeCloseTo(1 / 12, 12)
    expect(summarizeCheck(exactCheck(pool({ challenge: 2 }))).despair).toBeCloseTo(0.1597, 4)
    expect(summarizeCheck(exactCheck(pool({ challenge: 3 }))).despair).toBeCloseTo(0.2297, 4)
  })
})

describe('sampled checks (grouped tables)', () => {
  it('2Y 2G 1B vs 3P 1K rolls as two groups, i.e. two draws', () => {
    const cp = compilePool(pool({ proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 }))
    expect(cp.groups.map((g) => g.size)).toEqual([12 * 12 * 8 * 8, 8 * 8 * 8 * 6 * 6])
  })
  it('every group table entry is the sum of its faces (decoded die by die)', () => {
    const cp = compilePool(pool({ proficiency: 1, ability: 1, challenge: 1 }))
    const g = cp.groups[0]
    for (let i = 0; i < g.size; i++) {
      const faces = facesRolled(cp, [i])
      const n = faces.reduce((s, x) => s + FACES[x.kind][x.face].s - FACES[x.kind][x.face].f, 0)
      expect(packedNet(g.table[i])).toBe(n)
    }
  })
  it('match the exact joint distribution within 4 standard errors on a fixed seed', () => {
    const p = pool({ proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 })
    const cp = compilePool(p)
    const d = exactCheck(p)
    const rng = createStream(20260601, 0)
    const n = 400_000
    const seen = new Map<string, number>()
    for (let i = 0; i < n; i++) {
      const v = rollPool(rng, cp)
      const key = `${packedNet(v)},${packedAdv(v)},${packedTriumphs(v)},${packedDespairs(v)}`
      seen.set(key, (seen.get(key) ?? 0) + 1)
    }
    // Cells expected at least 25 times (where the normal approximation behind "4 standard errors" holds)
    let cells = 0
    forEachResult(d, (net, adv, tr, de, c) => {
      const q = c / d.total
      if (n * q < 25) return
      const got = seen.get(`${net},${adv},${tr},${de}`) ?? 0
      expect(withinStandardErrors(got, n, q), `${net},${adv},${tr},${de}: ${got} vs ${n * q}`).toBe(true)
      cells++
    })
    // and every value of each marginal: net successes, net advantage, Triumphs, Despairs
    const fields = [packedNet, packedAdv, packedTriumphs, packedDespairs]
    fields.forEach((field, fi) => {
      const exact = new Map<number, number>()
      forEachResult(d, (...r) => exact.set(r[fi], (exact.get(r[fi]) ?? 0) + r[4] / d.total))
      const got = new Map<number, number>()
      for (const [key, c] of seen) {
        const v = Number(key.split(',')[fi])
        got.set(v, (got.get(v) ?? 0) + c)
      }
      for (const [v, q] of exact) expect(withinStandardErrors(got.get(v) ?? 0, n, q), `${field.name} = ${v}`).toBe(true)
    })
    expect(cells).toBeGreaterThan(100)
    // nothing was sampled that the exact distribution calls impossible
    for (const key of seen.keys()) expect(asMap(p).has(key), key).toBe(true)
  })
  it('logging the draws does not change them', () => {
    const cp = compilePool(pool({ proficiency: 3, ability: 4, challenge: 3, difficulty: 2, boost: 2 }))
    const a = createStream(3, 0)
    const b = createStream(3, 0)
    const log: number[] = []
    for (let i = 0; i < 100; i++) expect(rollPool(a, cp, log)).toBe(rollPool(b, cp))
    expect(log.length).toBe(100 * cp.groups.length)
  })
})
