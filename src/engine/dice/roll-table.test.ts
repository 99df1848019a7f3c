import { describe, expect, it } from 'vitest'
import { createStream, type Rng } from '../core/rng'
import { exactRoll, tenDiceRule, type RollSpec } from './roll-and-keep'
import { buildTable, drawRoll, rollTable } from './roll-table'

const TWO_53 = 2 ** 53

/** A stream that returns the given 32-bit values in order. */
function scripted(values: number[]): Rng & { used: () => number } {
  let k = 0
  return { u32: () => values[k++], below: () => 0, die: () => 1, used: () => k }
}

/** Chance of each total in the table: the step of its cumulative value. */
function chances(spec: RollSpec, explode: boolean, rerollOnes = false): number[] {
  const t = rollTable(spec, explode, rerollOnes)
  const out: number[] = []
  let prev = 0
  for (let i = 0; i < t.hi.length; i++) {
    const c = t.hi[i] * 2 ** 21 + t.lo[i]
    out.push((c - prev) / TWO_53)
    prev = c
  }
  return out
}

describe('roll-and-keep rolls drawn whole from their exact distributions (docs/rules/l5r.md section 1)', () => {
  it.each([
    ['6k3 exploding', { rolled: 6, kept: 3, bonus: 0 }, true, false],
    ['3k2 unskilled (no explosions)', { rolled: 3, kept: 2, bonus: 0 }, false, false],
    ['5k2 with an Emphasis (1s rerolled once)', { rolled: 5, kept: 2, bonus: 0 }, true, true],
    ['10k12 (10k10+4 by the Ten Dice Rule)', tenDiceRule(10, 12), true, false],
  ] as const)('the table of %s gives each total its exact chance (to 1e-15)', (_, spec, explode, reroll) => {
    const exact = exactRoll(spec, explode, undefined, reroll)
    const table = rollTable(spec, explode, reroll)
    expect(table.min).toBe(exact.min)
    const got = chances(spec, explode, reroll)
    let total = 0
    for (const p of exact.p) total += p
    for (let i = 0; i < exact.p.length; i++) expect(Math.abs((got[i] ?? 0) - exact.p[i] / total)).toBeLessThan(1e-15)
  })

  it.each([
    ['6k3 exploding', { rolled: 6, kept: 3, bonus: 0 }, true, false],
    ['3k2 unskilled', { rolled: 3, kept: 2, bonus: 0 }, false, false],
    ['5k2 with an Emphasis', { rolled: 5, kept: 2, bonus: 0 }, true, true],
    ['7k4+2', { rolled: 7, kept: 4, bonus: 2 }, true, false],
  ] as const)('sampled %s: every total within 4 standard errors of the exact chance (seed 20261128, 200,000 rolls)', (_, spec, explode, reroll) => {
    const seed = 20261128
    console.log(`seed ${seed}`)
    const rng = createStream(seed, 0)
    const table = rollTable(spec, explode, reroll)
    const exact = exactRoll(spec, explode, undefined, reroll)
    const n = 200_000
    const counts = new Map<number, number>()
    let mean = 0
    for (let k = 0; k < n; k++) {
      const v = drawRoll(rng, table)
      counts.set(v, (counts.get(v) ?? 0) + 1)
      mean += v / n
    }
    for (const v of counts.keys()) expect(exact.p[v - exact.min] ?? 0).toBeGreaterThan(0)
    // totals expected 10+ times: each within 4 standard errors, and χ² over them (mean cells − 1, sd √(2 (cells − 1)));
    // the rare totals (a handful expected, where the normal approximation fails) as one lump, within 4 standard errors
    let chi2 = 0
    let cells = 0
    let rareP = 0
    let rareGot = 0
    for (let i = 0; i < exact.p.length; i++) {
      const p = exact.p[i]
      const got = (counts.get(exact.min + i) ?? 0) / n
      if (p * n < 10) {
        rareP += p
        rareGot += got
        continue
      }
      expect(Math.abs(got - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / n))
      chi2 += ((got - p) ** 2 * n) / p
      cells++
    }
    expect(Math.abs(rareGot - rareP)).toBeLessThanOrEqual(4 * Math.sqrt((rareP * (1 - rareP)) / n) + 2 / n)
    expect(chi2).toBeLessThan(cells - 1 + 5 * Math.sqrt(2 * (cells - 1)))
    expect(Math.abs(mean - exact.mean)).toBeLessThan(0.05)
  })

  it('a draw is placed by inversion: the lowest draw gives the lowest total, the highest the highest', () => {
    const table = buildTable([0.25, 0.5, 0.25], 2)
    expect(drawRoll(scripted([0]), table)).toBe(2)
    expect(drawRoll(scripted([2 ** 30 - 1]), table)).toBe(2)
    expect(drawRoll(scripted([2 ** 30]), table)).toBe(3)
    expect(drawRoll(scripted([3 * 2 ** 30 - 1]), table)).toBe(3)
    expect(drawRoll(scripted([3 * 2 ** 30]), table)).toBe(4)
    expect(drawRoll(scripted([2 ** 32 - 1]), table)).toBe(4)
  })

  it('a draw landing on a boundary takes 21 more bits from a second draw: 1/3 against 2/3 split to 2^−53', () => {
    const table = buildTable([1, 2], 1)
    // 2^53 / 3 = 3002399751580330.67, rounded to ...331 = 1431655765 × 2^21 + 699051
    expect(table.hi[0]).toBe(1431655765)
    expect(table.lo[0]).toBe(699051)
    const below = scripted([1431655765, 699050 * 2048 + 2047])
    expect(drawRoll(below, table)).toBe(1)
    expect(below.used()).toBe(2)
    const above = scripted([1431655765, 699051 * 2048])
    expect(drawRoll(above, table)).toBe(2)
    expect(above.used()).toBe(2)
    const clear = scripted([1431655764])
    expect(drawRoll(clear, table)).toBe(1)
    expect(clear.used()).toBe(1)
  })

  it('a total with no chance is never drawn (a zero step is skipped)', () => {
    const table = buildTable([0.5, 0, 0.5], 0)
    for (const u of [0, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]) expect(drawRoll(scripted([u]), table)).not.toBe(1)
  })
})
