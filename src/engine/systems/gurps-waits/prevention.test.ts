import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { quickContestExact } from '../../dice/quick-contest'
import { parseScenario } from '../../run/parse'
import { example } from '../../../../tests/helpers'
import { exactOutcomeWeights } from './exact'
import { gurpsWaits } from './index'
import { compile, type Plan } from './plan'
import { cascadeScenario } from './test-helpers'

/**
 * "If a faster fighter's action renders that of a slower fighter impossible, the slower one loses his
 * action" (GURPS Martial Arts p.108): grabbing the knife prevents the stab only if the grab works. Under
 * the prevention rule "if-it-succeeds" (default) a preventing action works only if his skill roll
 * succeeds and, against an attack or a grab, the target's defence fails; "acting-first" keeps the
 * earlier reading.
 */
const p = (plan: Plan, pred: (o: Plan['outcomes'][number]) => boolean): number => {
  const { weights, total } = exactOutcomeWeights(plan)
  return plan.outcomes.reduce((s, o, k) => (pred(o) ? s + weights[k] : s), 0) / total
}
/** Ways out of 216 for a roll against `score` to succeed: 3–4 always, 17–18 never. */
const succeeds = (score: number): number => {
  const ways = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
  return ways.reduce((s, w, i) => (i + 3 <= 4 || (i + 3 <= 16 && i + 3 <= score) ? s + w : s), 0) / 216
}

describe('prevention depends on the action working (GURPS Martial Arts p.108)', () => {
  // a (skill 12, contest 19) grabs the knife of b (skill 12, contest 19) before b can stab
  const fighters = [{ id: 'a', prevents: ['b'] }, { id: 'b' }]
  it('"if-it-succeeds" (default): b loses his action only when a acts first and his roll of 12 succeeds', () => {
    const c = quickContestExact(19, 19)
    const aFirst = c.aFirst / 216 ** 2
    const plan = compile(cascadeScenario(fighters))
    expect(p(plan, (o) => o.fate[1] === 'lost')).toBeCloseTo(aFirst * succeeds(12), 12)
    // his roll is independent of the contest: his action fails 1 − P(12) of the time, wherever he acts
    expect(p(plan, (o) => o.failed[0])).toBeCloseTo(1 - succeeds(12), 12)
    expect(p(plan, (o) => o.failed[1])).toBe(0)
  })

  it('with the target\'s defence: the grab works on a success the target fails to defend, or a critical success', () => {
    const c = quickContestExact(19, 19)
    const aFirst = c.aFirst / 216 ** 2
    const plan = compile(cascadeScenario([{ id: 'a', prevents: ['b'], defense: 9 }, { id: 'b' }]))
    const crit = 4 / 216 // 3 or 4 at skill 12
    const works = crit + (succeeds(12) - crit) * (1 - succeeds(9))
    expect(p(plan, (o) => o.fate[1] === 'lost')).toBeCloseTo(aFirst * works, 12)
  })

  it('"acting-first": acting first is enough, as before', () => {
    const c = quickContestExact(19, 19)
    const plan = compile(cascadeScenario(fighters, { prevention: 'acting-first' }))
    expect(p(plan, (o) => o.fate[1] === 'lost')).toBeCloseTo(c.aFirst / 216 ** 2, 12)
  })

  it('the shipped knife-grab-door example uses it: the grab and the door each prevent only when they work', () => {
    const r = parseScenario(example('gurps-waits-triangle.json'))
    if (!r.ok) throw new Error('invalid example')
    expect(r.scenario.rules.prevention).toBe('if-it-succeeds')
    const plan = compile(r.scenario as never)
    expect(plan.checks.map((c) => [plan.fighters[plan.rollers[c.roller]].combatant.id, c.defense >= 0])).toEqual([
      ['grabber', true],
      ['guard', false],
    ])
    expect(p(plan, (o) => o.failed.some(Boolean))).toBeGreaterThan(0.1)
  })

  it('trace makes the same draws as simulate and tells the action rolls', () => {
    const r = parseScenario(example('gurps-waits-triangle.json'))
    if (!r.ok) throw new Error('invalid example')
    const plan = gurpsWaits.compile(r.scenario as never)
    for (let seed = 1; seed <= 20; seed++) {
      const a = createStream(seed, 0)
      const b = createStream(seed, 0)
      const events = gurpsWaits.trace(plan, a)
      const tally = createTally(gurpsWaits.shape(plan))
      gurpsWaits.simulate(plan, b, tally)
      expect(a.u32()).toBe(b.u32())
      const k = tally.bins.findIndex((x) => x === 1)
      const acted = events.filter((e) => e.kind === 'act').map((e) => e.who)
      expect(acted).toEqual(plan.outcomes[k].slots.map((s) => s.map((i) => plan.fighters[i].combatant.id)))
      expect(events.filter((e) => e.text.startsWith('If ')).length).toBe(2)
    }
  })

  it('a defence without anyone to prevent is refused with a message', () => {
    const doc = example('gurps-waits-standoff.json') as { tactics: Record<string, unknown>[] }
    doc.tactics = doc.tactics.map((t, i) => (i === 0 ? { ...t, defense: 9 } : t))
    const r = parseScenario(doc)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues.map((i) => i.message).join('\n')).toContain('only applies when prevents lists whose action his makes impossible')
  })
})
