import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile } from './plan'
import { scenarioSchema } from './schema'
import { COUNTER, counterIndex, lengthBins } from './tally-layout'
import { variants } from './variants'

const STANCE = ['attack', 'full-attack', 'defense', 'full-defense', 'center']
const DELAY = ['never', 'once', 'after-target', 'to-last']

/** A random valid skirmish: 2–4 combatants, both sides, every plan field, weapon kind and variant in play. */
const scenarioArb = fc
  .record({
    n: fc.integer({ min: 2, max: 4 }),
    seeds: fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 40, maxLength: 40 }),
    rules: fc.record(Object.fromEntries(variants.map((v) => [v.key, fc.constantFrom(...v.values.map((x) => x.value))]))),
    roundCap: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ n, seeds, rules, roundCap }) => {
    let k = 0
    const pick = (m: number): number => seeds[k++ % seeds.length] % m
    const combatants = Array.from({ length: n }, (_, i) => {
      const skill = pick(4)
      const bow = pick(4) === 0
      return {
        id: `c${i}`, name: `C${i}`, side: i % 2 === 0 ? 'A' : 'B', agility: 1 + pick(5), classRank: 1 + pick(4), attackSkill: skill,
        strength: 1 + pick(5), earth: 1 + pick(3), void: 1 + pick(3), defenseSkill: pick(6), armor: ['none', 'ashigaru', 'light', 'heavy', 'riding'][pick(5)],
        attacksPerTurn: 1 + pick(2), emphasis: skill > 0 && pick(2) === 0, joinsRound: pick(4) === 0 ? 1 + pick(3) : 1,
        weapon: bow ? { name: 'yumi', kind: 'bow', bowStrength: 1 + pick(4), rolled: 2, kept: 2 } : { name: pick(2) ? 'katana' : 'yari', rolled: 2 + pick(2), kept: 2 },
      }
    })
    const tactics = combatants.map((c, i) => ({
      combatant: c.id,
      target: pick(2) ? 'random' : 'sticky-first',
      ...(pick(3) === 0 ? { hurtStance: (c.weapon.kind === 'bow' ? STANCE.filter((x) => x !== 'full-attack') : STANCE)[pick(4)] } : {}),
      rounds: Array.from({ length: 1 + pick(3) }, (_, r) => {
        const stances = c.weapon.kind === 'bow' ? STANCE.filter((s) => s !== 'full-attack') : STANCE
        const stance = stances[pick(stances.length)]
        const uses = ['none', 'attack', 'armor', 'wounds', 'initiative']
        if (c.weapon.name === 'katana') uses.push('damage')
        if (c.attackSkill === 0) uses.push('skill')
        if (r === 0) uses.push('initiative-roll')
        if (stance === 'full-defense') uses.push('full-defense')
        const ally = combatants.find((x, j) => j !== i && x.side === c.side)
        if (ally) uses.push('swap-initiative')
        const use = uses[pick(uses.length)]
        return { stance, delay: DELAY[pick(4)], raises: pick(c.void + 1), bestRaises: pick(10) === 0, void: use, ...(use === 'swap-initiative' ? { swapWith: ally?.id } : {}) }
      }),
    }))
    return { schemaVersion: 1, name: 'fuzz', system: 'l5r', roundCap, rules, combatants, tactics }
  })

describe('random skirmishes (property)', () => {
  it('are valid; trace and simulate draw alike; one Turn per Round at most; Void within its limits; one outcome', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 1_000_000 }), (doc, seed) => {
        const parsed = scenarioSchema.safeParse(doc)
        expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([])
        if (!parsed.success) return
        const plan = compile(parsed.data)
        const a = createStream(seed, 1)
        const tally = createTally(l5r.shape(plan))
        l5r.simulate(plan, a, tally)
        const wounds = Array.from(plan.state.wounds)
        const b = createStream(seed, 1)
        l5r.trace(plan, b)
        expect(a.u32()).toBe(b.u32())
        expect(Array.from(plan.state.wounds)).toEqual(wounds)
        const c = tally.counts
        const outcomes = c[c.length - 3] + c[c.length - 2] + c[c.length - 1]
        expect(outcomes).toBe(1)
        const rounds = Array.from(tally.bins.subarray(lengthBins(plan), lengthBins(plan) + plan.cap)).findIndex((x) => x === 1) + 1
        plan.fighters.forEach((d, i) => {
          expect(c[counterIndex(i, COUNTER.turns)]).toBeLessThanOrEqual(rounds)
          expect(plan.state.voidSpent[i]).toBeLessThanOrEqual(d.voidPoints)
          if (plan.voidOnePerRound) expect(plan.state.voidSpent[i]).toBeLessThanOrEqual(rounds)
        })
      }),
      { numRuns: 60 },
    )
  })
})
