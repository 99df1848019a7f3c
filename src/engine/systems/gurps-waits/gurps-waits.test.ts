import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { contestKey, quickContestExact } from '../../dice/quick-contest'
import { THREE_D6_WAYS } from '../../dice/three-d6'
import { parseScenario } from '../../run/parse'
import { effectiveScore, movementModifier } from './effective'
import { exactOutcomeWeights } from './exact'
import { gurpsWaits } from './index'
import { compile, ETS_BONUS, rankCode } from './plan'
import { cascadeScenario } from './test-helpers'

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const example = (file: string): unknown => JSON.parse(readFileSync(join(examples, file), 'utf8'))

describe('Quick Contest modifiers (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) "Modifiers")', () => {
  const parts = (spec: Parameters<typeof cascadeScenario>[0][number], rules = {}) => {
    const s = cascadeScenario([spec, { id: 'other' }], rules)
    return effectiveScore(s.combatants[0], s.tactics[0], s.rules.yardPenalty)
  }
  it('"+1 for Combat Reflexes"', () => {
    expect(parts({ id: 'a', combatReflexes: true }).combatReflexes).toBe(1)
    expect(parts({ id: 'a' }).combatReflexes).toBe(0)
  })
  it('Enhanced Time Sense includes Combat Reflexes, so it also gives +1 (docs/rules/gurps.md section 3)', () => {
    expect(parts({ id: 'a', enhancedTimeSense: true }).combatReflexes).toBe(1)
  })
  it('"a bonus equal to Basic Speed (drop all fractions)": 5.75 gives +5', () => {
    expect(parts({ id: 'a', basicSpeed: 5.75 }).basicSpeed).toBe(5)
    expect(parts({ id: 'a', basicSpeed: 6 }).basicSpeed).toBe(6)
  })
  it('"+2 for fighters who needn\'t move at all, +0 for those who need only take a single step"', () => {
    expect(movementModifier(0, 'whole-distance')).toBe(2)
    expect(movementModifier(1, 'whole-distance')).toBe(0)
  })
  it('"−1 per yard of distance for those who must move further": 3 yards is −3 (rules.yardPenalty default) or −2 (beyond the step)', () => {
    expect(movementModifier(3, 'whole-distance')).toBe(-3)
    expect(movementModifier(3, 'beyond-step')).toBe(-2)
    expect(parts({ id: 'a', yards: 4 }, { yardPenalty: 'beyond-step' }).movement).toBe(-3)
  })
  it('"an extra −2 for jumping in late"', () => {
    const s = cascadeScenario([{ id: 'a' }, { id: 'b', commit: 'late', interrupts: 'a' }])
    expect(effectiveScore(s.combatants[1], s.tactics[1], 'whole-distance').late).toBe(-2)
  })
  it('the total adds skill, Combat Reflexes, Basic Speed, movement, late and other modifiers', () => {
    const e = parts({ id: 'a', skill: 13, combatReflexes: true, basicSpeed: 6.5, yards: 2, modifier: -1 })
    expect(e.total).toBe(13 + 1 + 6 - 2 - 1)
  })
})

describe('Cascading Waits scenarios', () => {
  it('"the only choices ... are I proceed or I continue to wait": a fighter who keeps waiting never acts', () => {
    const s = cascadeScenario([{ id: 'a' }, { id: 'b', commit: 'keep-waiting' }])
    const plan = compile(s)
    expect(plan.rollers).toEqual([0])
    expect(plan.outcomes.every((o) => o.fate[1] === 'keeps-waiting')).toBe(true)
  })

  it('"each fighter rolls against the score he intends to use": each roller has his own key table', () => {
    const plan = compile(cascadeScenario([{ id: 'a', skill: 10 }, { id: 'b', skill: 16 }]))
    // index 0 is the triple (1,1,1): total 3
    expect(plan.keyTable[0]).toBe(contestKey(3, 10 + 5 + 2))
    expect(plan.keyTable[216]).toBe(contestKey(3, 16 + 5 + 2))
  })

  it('GURPS Martial Arts p.108\'s triangle (Knife, Wrestling, DX; who blocks whom declared) is a valid scenario', () => {
    const r = parseScenario(example('gurps-waits-triangle.json'))
    expect(r.ok).toBe(true)
  })

  it('Enhanced Time Sense: "resolve their actions first": an ETS fighter who fails still acts before a non-ETS success', () => {
    const plan = compile(cascadeScenario([{ id: 'ets', skill: 3, basicSpeed: 1, enhancedTimeSense: true, yards: 10 }, { id: 'ace', skill: 30, basicSpeed: 10 }]))
    const exact = exactOutcomeWeights(plan)
    const first = plan.outcomes.findIndex((o) => o.slots[0]?.[0] === 0 && o.slots[0].length === 1)
    expect(exact.weights[first]).toBe(exact.total)
    expect(plan.keyTable[215]).toBeGreaterThanOrEqual(ETS_BONUS)
  })

  it('ETS: "individuals with ETS and a Wait can interrupt those who lack ETS at any time"', () => {
    const plan = compile(cascadeScenario([{ id: 'a', skill: 30 }, { id: 'b', skill: 30 }, { id: 'ets', skill: 3, enhancedTimeSense: true, commit: 'late', interrupts: 'a', yards: 10 }]))
    const { weights, total } = exactOutcomeWeights(plan)
    let interrupted = 0
    plan.outcomes.forEach((o, k) => {
      if (o.fate[2] === 'acted' && o.slotOf[2] < o.slotOf[0]) interrupted += weights[k]
    })
    expect(interrupted).toBe(total)
  })

  it('two ETS fighters are ordered among themselves by the same contest', () => {
    const plan = compile(cascadeScenario([{ id: 'a', skill: 14, enhancedTimeSense: true }, { id: 'b', skill: 10, enhancedTimeSense: true }]))
    const { weights, total } = exactOutcomeWeights(plan)
    const aFirst = plan.outcomes.findIndex((o) => o.slots[0].length === 1 && o.slots[0][0] === 0)
    // effective 14+1+5+2 = 22 vs 10+1+5+2 = 18: exactly the Quick Contest between those scores
    const c = quickContestExact(22, 18)
    expect(weights[aFirst] / total).toBe(c.aFirst / 216 ** 2)
  })

  it('rules.belowThree "forbid": an effective score below 3 may not roll and loses the action; "roll": only 3–4 succeed', () => {
    const spec = [{ id: 'weak', skill: 3, basicSpeed: 1, yards: 6 }, { id: 'b' }]
    const forbid = compile(cascadeScenario(spec, { belowThree: 'forbid' }))
    expect(forbid.fighters[0].effective.total).toBe(-2)
    expect(forbid.rollers).toEqual([1])
    expect(forbid.outcomes.every((o) => o.fate[0] === 'unable')).toBe(true)
    const roll = compile(cascadeScenario(spec))
    expect(roll.rollers).toEqual([0, 1])
  })
})

describe('exact ordering distribution', () => {
  /** Independent oracle: enumerate every combination of 3d6 totals with its weight. */
  function bruteForce(plan: ReturnType<typeof compile>): Float64Array {
    const n = plan.rollers.length
    const w = new Float64Array(plan.outcomes.length)
    const keyOf = (r: number, total: number): number => {
      // find any triple index with this total
      for (let i = 0; i < 216; i++) if ((i % 6) + (Math.floor(i / 6) % 6) + Math.floor(i / 36) + 3 === total) return plan.keyTable[r * 216 + i]
      throw new Error('unreachable')
    }
    const totals = new Array<number>(n).fill(3)
    const recurse = (r: number, weight: number): void => {
      if (r === n) {
        const keys = totals.map((t, i) => keyOf(i, t))
        const ranks = keys.map((k) => keys.filter((x) => x > k).length)
        for (let m = 0; m < plan.masks; m++) w[plan.outcomeOfCode[rankCode(ranks, n) * plan.masks + m]] += plan.masks === 1 ? weight : weight * plan.maskP[m]
        return
      }
      for (let t = 3; t <= 18; t++) {
        totals[r] = t
        recurse(r + 1, weight * THREE_D6_WAYS[t - 3])
      }
    }
    recurse(0, 1)
    return w
  }

  it.each(['gurps-waits-triangle.json', 'gurps-waits-standoff.json', 'gurps-waits-late-interrupter.json', 'gurps-waits-ets.json'])(
    'equals brute-force enumeration for %s',
    (file) => {
      const r = parseScenario(example(file))
      if (!r.ok) throw new Error('invalid example')
      const plan = compile(r.scenario as never)
      const exact = exactOutcomeWeights(plan)
      const brute = bruteForce(plan)
      // integer weights when acting first is enough; split by the action rolls' probabilities otherwise
      if (plan.masks === 1) expect(Array.from(exact.weights)).toEqual(Array.from(brute))
      else exact.weights.forEach((w, k) => expect(Math.abs(w - brute[k])).toBeLessThan(1e-9 * exact.total))
      expect(Math.abs(exact.weights.reduce((a, b) => a + b, 0) - exact.total)).toBeLessThan(1e-9 * exact.total)
    },
  )

  it('handles six fighters (216^6 outcomes) exactly', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f']
    const plan = compile(cascadeScenario(ids.map((id, i) => ({ id, skill: 10 + i, prevents: i > 0 ? [ids[i - 1]] : [] })), { prevention: 'acting-first' }))
    const exact = exactOutcomeWeights(plan)
    expect(exact.total).toBe(216 ** 6)
    expect(exact.weights.reduce((a, b) => a + b, 0)).toBe(216 ** 6)
  })

  it('two identical fighters are symmetric and tie with the published Quick Contest odds', () => {
    const plan = compile(cascadeScenario([{ id: 'a' }, { id: 'b' }]))
    const { weights, total } = exactOutcomeWeights(plan)
    const p = (pred: (o: (typeof plan.outcomes)[number]) => boolean): number => plan.outcomes.reduce((s, o, k) => (pred(o) ? s + weights[k] : s), 0) / total
    // 12 + 5 + 2 = 19 for both: rolls of 17–18 fail, so this is not the 10 vs 10 table; symmetry still holds
    expect(p((o) => o.slots[0].length === 1 && o.slots[0][0] === 0)).toBeCloseTo(p((o) => o.slots[0].length === 1 && o.slots[0][0] === 1), 12)
    const ties = THREE_D6_WAYS.reduce((s, w) => s + w * w, 0) / 216 ** 2
    expect(p((o) => o.slots[0].length === 2)).toBeCloseTo(ties, 12)
  })
})

describe('trace', () => {
  it('tells the rolls and the slots of the sampled cascade, with the same draws as simulate', () => {
    const r = parseScenario(example('gurps-waits-triangle.json'))
    if (!r.ok) throw new Error('invalid example')
    const plan = gurpsWaits.compile(r.scenario as never)
    const events = gurpsWaits.trace(plan, createStream(1, 0))
    // three contest rolls, then the grab's and the door's action rolls
    expect(events.filter((e) => e.kind === 'roll' && !e.text.startsWith('If '))).toHaveLength(3)
    expect(events.some((e) => e.kind === 'act')).toBe(true)
    // the traced outcome is the one simulate records for the same stream
    const tally = createTally(gurpsWaits.shape(plan))
    gurpsWaits.simulate(plan, createStream(1, 0), tally)
    const k = tally.bins.findIndex((c) => c === 1)
    const acted = events.filter((e) => e.kind === 'act').map((e) => e.who)
    expect(acted).toEqual(plan.outcomes[k].slots.map((s) => s.map((i) => plan.fighters[i].combatant.id)))
  })
})

describe('mutual attacks', () => {
  it('"if they attack one another, they cannot parry": the simultaneous exchange is exactly the Quick Contest tie', () => {
    const r = parseScenario(example('gurps-waits-standoff.json'))
    if (!r.ok) throw new Error('invalid example')
    const plan = gurpsWaits.compile(r.scenario as never)
    const exchange = gurpsWaits.exact(plan).find((m) => m.id === 'simultaneous-exchange:kid:marshal')
    if (!exchange || exchange.kind !== 'probability') throw new Error('no exchange metric')
    // the Kid: 14 + 1 CR + 6 + 2 = 23; the Marshal: 15 + 5 + 2 = 22
    expect(exchange.p).toBe(quickContestExact(23, 22).tie / 216 ** 2)
  })
})

describe('trace wording', () => {
  it('says when a roll fails automatically on 17 although the score is higher', () => {
    const plan = gurpsWaits.compile(cascadeScenario([{ id: 'a', skill: 20, basicSpeed: 6 }, { id: 'b' }]))
    let found = ''
    for (let c = 0; c < 400 && !found; c++) {
      const line = gurpsWaits.trace(plan, createStream(3, c)).find((e) => e.who[0] === 'a' && e.kind === 'roll')?.text ?? ''
      if (/rolls 1[78] /.test(line)) found = line
    }
    expect(found).toMatch(/fails automatically on a 1[78] \(margin \+\d+\)/)
  })
})
