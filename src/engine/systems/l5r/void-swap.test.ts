import { describe, expect, it } from 'vitest'
import type { ProbabilityMetric } from '../../core/metrics'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { parseScenario } from '../../run/parse'
import { withinStandardErrors } from '../../../../tests/helpers'
import { l5r } from './index'
import { compile } from './plan'
import { facesRng, skirmish, traceOf, type FighterSpec } from './test-helpers'

/**
 * On 5s: slow a (Agility 2, Rank 1: 3k2 = 10) and fast ally c (Agility 4, Rank 3: 7k4 = 20) against b
 * (4k3 = 15). Nobody hits (Armor TNs of 20+ with Earth 10 targets and 5s), so the order shows plainly.
 */
const trio = (aRounds: FighterSpec['rounds'], extra = {}) =>
  compile(skirmish([
    { id: 'a', side: 'A', agility: 2, classRank: 1, earth: 10, void: 3, rounds: aRounds },
    { id: 'b', side: 'B', agility: 3, classRank: 1, earth: 10 },
    { id: 'c', side: 'A', agility: 4, classRank: 3, earth: 10 },
  ], { roundCap: 3, ...extra }))
const orders = (plan: ReturnType<typeof trio>) => traceOf(plan, facesRng([], 5)).filter((e) => e.kind === 'round').map((e) => e.text)

describe('Void: "swap Initiative with a willing character" at Round start (docs/rules/l5r.md section 1)', () => {
  it('declared at Round start, before the Turn order: a and his ally c exchange 10 and 20', () => {
    const plan = trio([{ void: 'swap-initiative', swapWith: 'c' }])
    const start = traceOf(plan, facesRng([], 5)).filter((e) => e.at === 1 && (e.kind === 'void' || e.kind === 'round')).map((e) => e.text)
    expect(start).toEqual(['A spends a Void Point to swap Initiative with C (10 ↔ 20, for the skirmish; 2 left).', 'Round 1 — Turn order: A 20, B 15, C 10.'])
  })
  it('default "skirmish": the scores stay swapped and the swap is bought once, though planned every Round', () => {
    const plan = trio([{ void: 'swap-initiative', swapWith: 'c' }])
    expect(orders(plan)).toEqual([1, 2, 3].map((r) => `Round ${r} — Turn order: A 20, B 15, C 10.`))
    expect(plan.state.voidSpent[0]).toBe(1)
  })
  it('variant "round": only for the Round declared; planned only in Round 1, Round 2 goes back', () => {
    const plan = trio([{ void: 'swap-initiative', swapWith: 'c' }, {}], { rules: { initiativeSwap: 'round' } })
    expect(orders(plan)).toEqual(['Round 1 — Turn order: A 20, B 15, C 10.', 'Round 2 — Turn order: C 20, B 15, A 10.', 'Round 3 — Turn order: C 20, B 15, A 10.'])
  })
  it('variant "round": planned every Round, it is spent every Round until the Points run out (Void 3)', () => {
    const plan = trio([{ void: 'swap-initiative', swapWith: 'c' }], { rules: { initiativeSwap: 'round' }, roundCap: 4 })
    expect(orders(plan)).toEqual(['A 20, B 15, C 10', 'A 20, B 15, C 10', 'A 20, B 15, C 10', 'C 20, B 15, A 10'].map((o, r) => `Round ${r + 1} — Turn order: ${o}.`))
  })
  it('the Initiative Score metric keeps the rolled score; the swap is tallied (void-on-swap)', () => {
    const plan = trio([{ void: 'swap-initiative', swapWith: 'c' }])
    const t = createTally(l5r.shape(plan))
    l5r.simulate(plan, facesRng([], 5), t)
    t.trials = 1
    const m = l5r.summarize(plan, t)
    expect(m.find((x) => x.id === 'initiative:a')).toMatchObject({ mean: 10 })
    expect(m.find((x) => x.id === 'void-on-swap:a')).toMatchObject({ mean: 1 })
    expect(m.find((x) => x.id === 'initiative-first:a')).toMatchObject({ p: 1 })
  })
  it('P(leads Round 1) with a Round 1 swap: sampled within 4 standard errors of exact, and the three sum to 1', () => {
    const plan = compile(skirmish([
      { id: 'a', side: 'A', agility: 2, classRank: 1, rounds: [{ void: 'swap-initiative', swapWith: 'c' }] },
      { id: 'b', side: 'B', agility: 3, classRank: 2 },
      { id: 'c', side: 'A', agility: 4, classRank: 3 },
    ], { roundCap: 1 }))
    const exact = l5r.exact(plan).filter((m) => m.id.startsWith('initiative-first:')).map((m) => (m.kind === 'probability' ? m.p : NaN))
    expect(exact.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 10)
    expect(exact[0]).toBeGreaterThan(exact[2])
    const t = createTally(l5r.shape(plan))
    for (let k = 0; k < 20_000; k++) l5r.simulate(plan, createStream(77, k), t)
    t.trials = 20_000
    for (const id of ['a', 'b', 'c']) {
      const m = l5r.summarize(plan, t).find((x) => x.id === `initiative-first:${id}`) as ProbabilityMetric
      expect(withinStandardErrors(m.count, m.n, m.exact as number), `${id}: ${m.p} vs ${m.exact}`).toBe(true)
    }
  })
})

describe('swap-initiative input names the path and the allowed values', () => {
  const doc = (round: Record<string, unknown>) => ({
    schemaVersion: 1, name: 't', system: 'l5r',
    combatants: [
      { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 2, strength: 3, earth: 2 },
      { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 2, strength: 3, earth: 2 },
      { id: 'c', name: 'C', side: 'A', agility: 3, classRank: 1, attackSkill: 2, strength: 3, earth: 2 },
    ],
    tactics: [{ combatant: 'a', rounds: [round] }, { combatant: 'b', rounds: [{}] }, { combatant: 'c', rounds: [{}] }],
  })
  const issues = (d: unknown) => {
    const r = parseScenario(d)
    return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
  }
  it('a foe, himself or nobody is not a willing ally', () => {
    const msg = 'tactics[0].rounds[0].swapWith: must be one of his allies "c" (a willing character to swap Initiative with)'
    expect(issues(doc({ void: 'swap-initiative', swapWith: 'b' }))).toEqual([`${msg}, got "b"`])
    expect(issues(doc({ void: 'swap-initiative', swapWith: 'a' }))).toEqual([`${msg}, got "a"`])
    expect(issues(doc({ void: 'swap-initiative' }))).toEqual([msg])
  })
  it('swapWith without the swap is refused', () => {
    expect(issues(doc({ swapWith: 'c' }))).toEqual(['tactics[0].rounds[0].swapWith: must be omitted unless void is "swap-initiative", got "c"'])
  })
})
