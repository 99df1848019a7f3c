import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { compileExchange } from './exchange-plan'
import { newResult, playExchange } from './exchange'
import { traceExchange } from './exchange-kind'
import type { Exchange } from './schema'
import { exchange3v3 } from './test-helpers'

const compiled = (...args: Parameters<typeof exchange3v3>) => {
  const s = exchange3v3(...args)
  return compileExchange(s, s.situation as Exchange)
}

describe('docs/rules/bushido.md section 6: Melee Exchange, Melee Pool 3 vs 3, every split against every split (exact)', () => {
  const m = compiled(3, 3).matrix
  it.each([
    [3, 3, 0.995, 6.488, 0.995, 6.488],
    [3, 2, 0.896, 3.617, 0.972, 5.285],
    [3, 1, 0.748, 2.24, 0.842, 3.958],
    [3, 0, 0.575, 1.366, 0, 0],
    [2, 3, 0.974, 5.276, 0.871, 3.721],
    [2, 2, 0.773, 2.814, 0.715, 3.044],
    [2, 1, 0.555, 1.655, 0.453, 2.451],
    [2, 0, 0.328, 1.082, 0, 0],
    [1, 3, 0.886, 3.764, 0.672, 2.491],
    [1, 2, 0.547, 2.032, 0.445, 2.066],
    [1, 1, 0.285, 1.299, 0.227, 1.633],
    [1, 0, 0.129, 0.896, 0, 0],
  ])('Attacker %i Attack dice vs Defender %i: P(hit) %f, E[SL|hit] %f; Defender hits back %f, E[SL|hit] %f', (a, b, p, sl, pb, slb) => {
    const c = m.cells[a][b]
    expect(c.pActHits).toBeCloseTo(p, 3)
    expect(c.slActHit).toBeCloseTo(sl, 3)
    expect(c.pOppWins).toBeCloseTo(pb, 3)
    expect(c.slOppHit).toBeCloseTo(slb, 3)
  })
  it('an Attacker with no Attack dice never strikes (0/3 row)', () => {
    for (let b = 0; b <= 3; b++) expect(m.cells[0][b].pActHits).toBe(0)
  })
  it('best replies: each side\'s best reply to every split is a split of the pool', () => {
    expect(m.actBestReply).toHaveLength(4)
    expect(m.oppBestReply).toHaveLength(4)
    m.oppBestReply.forEach((b, a) => m.cells[a].forEach((c) => expect(m.cells[a][b].payoff).toBeLessThanOrEqual(c.payoff + 1e-12)))
  })
  it('the recommended mix is an equilibrium: no pure split does better against it', () => {
    const { row, col, value } = m.mix
    for (let a = 0; a <= 3; a++) expect(col.reduce((s, q, b) => s + q * m.cells[a][b].payoff, 0)).toBeLessThanOrEqual(value + 1e-9)
    for (let b = 0; b <= 3; b++) expect(row.reduce((s, p, a) => s + p * m.cells[a][b].payoff, 0)).toBeGreaterThanOrEqual(value - 1e-9)
  })
})

describe('the exchange sequence (the reference card\'s "PASSE D\'ARMES"; docs/rules/bushido.md section 2)', () => {
  const trace = (plan: ReturnType<typeof compiled>, seed: number): TraceEvent[] => {
    const log: TraceEvent[] = []
    playExchange(plan.setup, createStream(seed, 0), newResult(), log)
    return log
  }
  it('"Sans dé attribué à l\'Attaque, aucune Attaque": all Defence never hits, in any roll', () => {
    const plan = compiled(0, 3)
    const r = newResult()
    const rng = createStream(2, 0)
    for (let i = 0; i < 2000; i++) {
      playExchange(plan.setup, rng, r)
      expect(r.hitFirst).toBe(false)
      expect(r.woundsToSecond).toBe(0)
    }
  })
  it('"En commençant par la figurine ayant l\'Initiative": the Activating model compares first', () => {
    const plan = compiled(3, 3)
    expect(plan.actIsFirst).toBe(true)
    const log = trace(plan, 4)
    const strikes = log.filter((e) => e.kind === 'hit' || e.kind === 'miss')
    expect(strikes[0].who[0]).toBe('ronin')
  })
  it('"PUIS ... si elle est toujours vivante": a defender removed by the first strike never strikes back', () => {
    const plan = compiled(3, 3, { opp: { wounds: 1 } })
    const r = newResult()
    const rng = createStream(3, 0)
    let removed = 0
    for (let i = 0; i < 5000; i++) {
      playExchange(plan.setup, rng, r)
      if (r.woundsToSecond >= 1) {
        removed++
        expect(r.hitSecond).toBe(false)
        expect(r.woundsToFirst).toBe(0)
      }
    }
    expect(removed).toBeGreaterThan(0)
  })
  it('a Surprised opponent strikes second and rolls one die fewer', () => {
    const plan = compiled(3, 2, { situation: { surprise: true, engagedAtStart: false } })
    expect(plan.opp.pool).toBe(2)
    expect(plan.actIsFirst).toBe(true)
  })
  it('"Ne peut pas bénéficier de Traits/effets affectant l\'Initiative": a Surprised opponent with Reach still strikes second', () => {
    expect(compiled(3, 2, { opp: { reach: true }, situation: { engagedAtStart: false } }).actIsFirst).toBe(false)
    expect(compiled(3, 2, { opp: { reach: true }, situation: { surprise: true, engagedAtStart: false } }).actIsFirst).toBe(true)
  })
  it('"Peut toujours déclarer des Techniques Spéciales": a Surprised opponent keeps its specials among its options', () => {
    const plan = compiled(3, 'recommended', { opp: { specials: [{ ability: 'sidestep-defence', cost: 1 }] }, situation: { surprise: true, engagedAtStart: false } })
    expect(plan.opp.pool).toBe(2)
    expect(plan.matrix.oppKeys).toEqual(['0/2', '1/1', '2/0', '0/1+sidestep-defence'])
  })
  it('Lightning Reflexes on the opponent makes it strike first; the tie still goes to the Active Player', () => {
    const plan = compiled(3, 3, { opp: { lightningReflexes: true } })
    expect(plan.actIsFirst).toBe(false)
    expect(plan.setup.first.activePlayer).toBe(false)
  })
  it('trace `at` is the step of the reference card\'s "PASSE D\'ARMES" sequence: 1 engage, 3 Initiative, 4 pools, 5 split, 7 roll, 9 comparisons, 10 counters', () => {
    const plan = compiled(2, 1)
    for (let seed = 1; seed <= 20; seed++) {
      const steps = traceExchange(plan, createStream(seed, 0)).map((e) => e.at)
      expect(steps.slice(0, 7)).toEqual([1, 3, 4, 4, 5, 7, 7])
      expect(steps.slice(7, -1).every((at) => at === 9)).toBe(true)
      expect(steps[steps.length - 1]).toBe(10)
    }
  })
  it('trace tells the split, both rolls with dice, and each comparison', () => {
    const log = trace(compiled(2, 1), 9)
    expect(log[0].text).toMatch(/Répartition secrète \/ secret split: Ronin 2 Attack \/ 1 Defence; Bandit 1 Attack \/ 2 Defence/)
    expect(log.filter((e) => e.kind === 'roll')).toHaveLength(2)
    expect(log[1].text).toMatch(/Attack \[\d, \d\] = \d/)
  })
})
