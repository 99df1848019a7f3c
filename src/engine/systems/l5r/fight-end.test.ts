import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile } from './plan'
import { facesRng, skirmish, traceOf } from './test-helpers'

/** docs/rules/l5r.md section 5: end of fight, Round cap and onCap, target choice. */
describe('end of the skirmish (docs/rules/l5r.md section 5)', () => {
  // On 7s a hits b (Agility 2, Air 2, Defense Stance: Armor TN 17) every Round with 6k3 = 21 for 6k2 = 14 wounds; b never attacks
  const capped = (onCap: string) => compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', agility: 2, earth: 10, rounds: [{ stance: 'defense' }] }], { roundCap: 2, onCap }))
  const outcome = (plan: ReturnType<typeof capped>) => {
    const t = createTally(l5r.shape(plan))
    l5r.simulate(plan, facesRng([], 7), t)
    t.trials = 1
    const m = l5r.summarize(plan, t)
    return ['win:A', 'win:B', 'draw'].map((id) => (m.find((x) => x.id === id) as { count: number }).count)
  }
  it('"at a round cap": nobody defeated after roundCap Rounds is a draw by default', () => {
    const plan = capped('draw')
    const end = traceOf(plan, facesRng([], 7)).filter((e) => e.kind === 'end').map((e) => e.text)
    expect(end).toEqual(['Round cap (2) reached: a draw.', 'The skirmish ends in a draw.'])
    expect(outcome(plan)).toEqual([0, 0, 1])
  })
  it('onCap "most-health": the side with the larger share of wounds left wins (b took 28, a none)', () => {
    const plan = capped('most-health')
    expect(traceOf(plan, facesRng([], 7)).filter((e) => e.kind === 'end').map((e) => e.text)).toEqual(['Round cap (2) reached: the side with more health left.', 'Side A wins in Round 2.'])
    expect(plan.state.wounds[1]).toBe(28)
    expect(outcome(plan)).toEqual([1, 0, 0])
  })
  it('"when a side is out": the skirmish ends in the Round its last member falls, without playing the cap', () => {
    const plan = compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', agility: 2, earth: 1, rounds: [{ stance: 'defense' }] }], { roundCap: 10 }))
    const events = traceOf(plan, facesRng([], 7))
    // Earth 1: Down at 16 wounds; 14 + 14 = 28 in Round 2
    expect(events[events.length - 1]).toMatchObject({ at: 2, kind: 'end', text: 'Side A wins in Round 2.' })
  })
})

describe('target choice (docs/rules/l5r.md section 5)', () => {
  const oneVsTwo = (target: string) => {
    const s = skirmish([{ id: 'a', earth: 10 }, { id: 'b', side: 'B', earth: 10, rounds: [{ stance: 'defense' }] }, { id: 'c', side: 'B', earth: 10, rounds: [{ stance: 'defense' }] }], { roundCap: 3 })
    s.tactics[0].target = target as 'random'
    return compile(s)
  }
  const targets = (plan: ReturnType<typeof oneVsTwo>, seed: number) =>
    traceOf(plan, createStream(seed, 0)).filter((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'a').map((e) => e.who[1])
  it('"sticky-first": the first living enemy in roster order, kept while he stands', () => {
    for (let seed = 1; seed <= 20; seed++) expect(targets(oneVsTwo('sticky-first'), seed)).toEqual(['b', 'b', 'b'])
  })
  it('"random": a random living enemy, then kept while he stands — both enemies get picked over seeds', () => {
    const firsts = new Set<string>()
    for (let seed = 1; seed <= 40; seed++) {
      const list = targets(oneVsTwo('random'), seed)
      expect(new Set(list).size).toBe(1)
      firsts.add(list[0])
    }
    expect([...firsts].sort()).toEqual(['b', 'c'])
  })
})

describe('first blood and deaths (docs/rules/l5r.md section 5 per-trial record)', () => {
  const summary = (plan: ReturnType<typeof compile>, face: number) => {
    const t = createTally(l5r.shape(plan))
    l5r.simulate(plan, facesRng([], face), t)
    t.trials = 1
    const m = l5r.summarize(plan, t)
    return (id: string) => (m.find((x) => x.id === id) as { count: number }).count
  }
  it('the first attack dealing 1+ wounds draws first blood: a, first on the tie, hits for 14 on 7s', () => {
    const at = summary(compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 10 }], { roundCap: 1 })), 7)
    expect([at('first-blood:a'), at('first-blood:b')]).toEqual([1, 0])
  })
  it('"simultaneous" ties: two blows landing together draw first blood for nobody alone', () => {
    const at = summary(compile(skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 10 }], { roundCap: 1, rules: { initiativeTies: 'simultaneous' } })), 7)
    expect([at('first-blood:a'), at('first-blood:b')]).toEqual([0, 0])
  })
  it('"past Out = dead": a tetsubo 6k3 of 7s (21) kills an Earth 1 target (Out ends at 19); killed counts it', () => {
    const plan = compile(skirmish([{ id: 'a', weapon: { name: 'tetsubo', rolled: 3, kept: 3 } }, { id: 'b', agility: 2, earth: 1, rounds: [{ stance: 'defense' }] }], { roundCap: 1 }))
    const at = summary(plan, 7)
    expect([at('killed:a'), at('killed:b'), at('defeated:b')]).toEqual([0, 1, 1])
  })
})
