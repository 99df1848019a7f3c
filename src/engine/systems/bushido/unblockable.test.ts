import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { finalOfDice, opposedAWins } from '../../dice/bushido-d6'
import { compileExchange } from './exchange-plan'
import { traceExchange } from './exchange-kind'
import type { Exchange } from './schema'
import { exchange3v3 } from './test-helpers'

const compiled = (...args: Parameters<typeof exchange3v3>) => {
  const s = exchange3v3(...args)
  return compileExchange(s, s.situation as Exchange)
}

/** Brute force, written from the rule: Ronin (1 Attack die) against Bandit (2 Defence dice, the highest removed). */
function bruteHit(removed: number): number {
  let hits = 0
  for (let a = 1; a <= 6; a++) {
    for (let d1 = 1; d1 <= 6; d1++) {
      for (let d2 = 1; d2 <= 6; d2++) {
        const kept = [d1, d2].sort((x, y) => y - x).slice(removed)
        const att = finalOfDice([a])
        const def = kept.length ? finalOfDice(kept) : 0
        const nonOnes = (xs: number[]) => xs.filter((d) => d !== 1).length
        if (opposedAWins(att, def, nonOnes([a]), nonOnes(kept), true)) hits++
      }
    }
  }
  return hits / 216
}

describe('Unblockable (X) in the Melee Exchange (docs/rules/bushido.md section 2 step 5)', () => {
  const ub = (x: number) => ({ act: { melee: 1, unblockable: x }, opp: { melee: 2 } })
  it('1 Attack die against 2 Defence dice: Unblockable (1) removes the higher Defence die (exact = brute force)', () => {
    expect(compiled(1, 0, ub(1)).matrix.cells[1][0].pActHits).toBeCloseTo(bruteHit(1), 12)
  })
  it('Unblockable (2) leaves no Defence die: Defence 0, so any non-1 Attack die hits (and a 1 ties on dice, won by the Active Player)', () => {
    expect(compiled(1, 0, ub(2)).matrix.cells[1][0].pActHits).toBeCloseTo(bruteHit(2), 12)
    expect(bruteHit(2)).toBe(1)
  })
  it('without Unblockable the same split is the plain exchange', () => {
    expect(compiled(1, 0, ub(0)).matrix.cells[1][0].pActHits).toBeCloseTo(bruteHit(0), 12)
  })
  it('Unblockable needs Attack dice: with all dice in Defence nothing is removed', () => {
    const p = compiled(0, 2, { act: { melee: 2, unblockable: 1 }, opp: { melee: 2 } })
    const plain = compiled(0, 2, { act: { melee: 2 }, opp: { melee: 2 } })
    expect(p.matrix.cells[0][2].pOppWins).toBeCloseTo(plain.matrix.cells[0][2].pOppWins, 12)
  })
  it('the trace shows the removed Defence dice', () => {
    const p = compiled(3, 0, { act: { unblockable: 1 } })
    const line = traceExchange(p, createStream(4, 0)).find((e) => e.text.startsWith('Imparable / Unblockable (1)'))
    expect(line?.text).toMatch(/Bandit removes its highest Defence die \[\d\]/)
  })
})
