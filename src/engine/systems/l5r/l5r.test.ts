import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { parseScenario } from '../../run/parse'
import { exactMetrics } from './exact'
import { l5r } from './index'
import { compile } from './plan'
import { skirmish } from './test-helpers'

const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const example = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8'))
const FILES = ['l5r-fast-vs-strong.json', 'l5r-full-attack-vs-full-defense.json', 'l5r-delay-plan.json', 'l5r-bench-skirmish.json', 'l5r-void-duel.json', 'l5r-void-katana.json', 'l5r-archer.json', 'l5r-initiative-swap.json']

function issues(doc: unknown): string[] {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}

describe('invalid input names the path and the allowed values', () => {
  const base = example('l5r-fast-vs-strong.json')
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON document
  type Doc = any
  const edit = (f: (d: Doc) => void): unknown => {
    const d: Doc = structuredClone(base)
    f(d)
    return d
  }
  it('0 kept dice', () => {
    expect(issues(edit((d) => (d.combatants[0].weapon.kept = 0)))).toEqual(['combatants[0].weapon.kept: must be an integer 1–10, got 0'])
    expect(issues(edit((d) => (d.exactRolls[0].roll = '6k0')))[0]).toMatch(/^exactRolls\[0\]\.roll: must roll 1–40 dice and keep 1–40 dice/)
  })
  it('Agility 12', () => {
    expect(issues(edit((d) => (d.combatants[1].agility = 12)))).toEqual(['combatants[1].agility: must be an integer 1–10, got 12'])
  })
  it('unknown stance', () => {
    expect(issues(edit((d) => (d.tactics[0].rounds[0].stance = 'iaijutsu')))).toEqual([
      'tactics[0].rounds[0].stance: must be one of "attack", "full-attack", "defense", "full-defense", "center", got "iaijutsu"',
    ])
  })
  it('more Raises than Void Ring', () => {
    expect(issues(edit((d) => (d.tactics[1].rounds[0].raises = 3)))).toEqual(['tactics[1].rounds[0].raises: must be an integer 0–2 (at most Void Ring 2 Raises per roll), got 3'])
  })
  it('an unknown Void use and too many Void Points', () => {
    expect(issues(edit((d) => (d.tactics[0].rounds[0].void = 'swap')))).toEqual(['tactics[0].rounds[0].void: must be one of "none", "attack", "armor", "wounds", "damage", "initiative", "swap-initiative", "skill", "initiative-roll", "full-defense", got "swap"'])
    expect(issues(edit((d) => (d.combatants[0].voidPoints = 11)))).toEqual(['combatants[0].voidPoints: must be an integer 0–10, got 11'])
  })
  it('an unknown variant value lists the allowed ones', () => {
    expect(issues(edit((d) => (d.rules.oddExcessRolled = 'keep')))).toEqual(['rules.oddExcessRolled: must be one of "discard", "plus2", got "keep"'])
  })
  it('a skirmish needs both sides', () => {
    expect(issues(edit((d) => (d.combatants[1].side = 'A')))).toEqual(['combatants: must have at least one combatant on side "B"'])
  })
  it.each(FILES)('the shipped example %s is valid', (file) => {
    expect(issues(example(file))).toEqual([])
  })
})

describe('simulate and trace', () => {
  it('trace makes exactly the draws of simulate and tells the same result (property over seeds and examples)', () => {
    const plans = FILES.map((f) => l5r.compile(parseScenarioOk(example(f))))
    fc.assert(
      fc.property(fc.integer({ min: 0, max: FILES.length - 1 }), fc.integer({ min: 0, max: 1_000_000 }), (k, seed) => {
        const plan = plans[k]
        const a = createStream(seed, 0)
        const tally = createTally(l5r.shape(plan))
        l5r.simulate(plan, a, tally)
        const b = createStream(seed, 0)
        const events = l5r.trace(plan, b)
        expect(a.u32()).toBe(b.u32())
        const last = events.at(-1)?.text ?? ''
        const outcome = tally.counts.length - 3 + [0, 1, 2].find((w) => tally.counts[tally.counts.length - 3 + w] === 1)!
        const said = last.startsWith('Side A') ? 0 : last.startsWith('Side B') ? 1 : 2
        expect(outcome).toBe(tally.counts.length - 3 + said)
      }),
      { numRuns: 200 },
    )
  })
  it('the same seed gives the same summary; nobody has more than one Turn per Round', () => {
    const plan = l5r.compile(parseScenarioOk(example('l5r-delay-plan.json')))
    const run = (): number[] => {
      const rng = createStream(42, 3)
      const t = createTally(l5r.shape(plan))
      for (let i = 0; i < 2000; i++) l5r.simulate(plan, rng, t)
      return [...t.counts, ...t.bins]
    }
    expect(run()).toEqual(run())
    const rng = createStream(5, 5)
    for (let i = 0; i < 300; i++) {
      const events = l5r.trace(plan, rng)
      const turns = new Map<string, number>()
      for (const e of events) {
        if (e.kind === 'hit' || e.kind === 'miss' || e.kind === 'act') turns.set(`${e.at}:${e.who[0]}`, (turns.get(`${e.at}:${e.who[0]}`) ?? 0) + 1)
      }
      for (const count of turns.values()) expect(count).toBe(1)
    }
  })
})

describe('exact', () => {
  it('P(highest Initiative) over all characters sums to 1 (default ties) and at least 1 (simultaneous)', () => {
    const doc = example('l5r-bench-skirmish.json')
    // the quick exact values only (the whole two-against-two skirmish is solved in exact-multi.test.ts)
    const sum = (rules: Record<string, string>): number =>
      exactMetrics(l5r.compile(parseScenarioOk({ ...doc, rules })))
        .filter((m) => m.id.startsWith('initiative-first:'))
        .reduce((s, m) => s + (m.kind === 'probability' ? m.p : 0), 0)
    expect(sum({})).toBeCloseTo(1, 10)
    expect(sum({ initiativeTies: 'simultaneous' })).toBeGreaterThan(1)
  })
  it('two identical characters each have the highest Initiative half the time', () => {
    const ex = l5r.exact(compile(skirmish([{ id: 'a' }, { id: 'b' }])))
    expect(ex.find((m) => m.id === 'initiative-first:a')).toMatchObject({ p: expect.closeTo(0.5, 12) })
  })
  it.each([
    // docs/rules/l5r.md section 6: attack vs TN, katana 6k2, E[wounds] through Reduction 3 (light armour)
    [2, 1, 0, 0.932, 16.1],
    [2, 1, 1, 0.718, 13.2],
    [2, 2, 0, 0.718, 12.4],
    [3, 2, 0, 0.82, 14.17],
    [3, 2, 2, 0.309, 5.99],
  ])('C3.5: attack (3 + %i)k3 vs Agility %i target in light armour, %i Raises: P(hit) %f, E[wounds] %f', (skill, agility, raises, hit, wounds) => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, attackSkill: skill, strength: 3, void: 2, rounds: [{ raises }] }, { id: 'b', agility, armor: 'light' }]))
    const ex = l5r.exact(plan)
    const p = ex.find((m) => m.id === 'opening-hit:a')
    const w = ex.find((m) => m.id === 'opening-wounds:a')
    expect(p?.kind === 'probability' && Math.abs(p.p - hit)).toBeLessThanOrEqual(0.0005 + 1e-12)
    expect(w?.kind === 'mean' && Math.abs(w.mean - wounds)).toBeLessThanOrEqual(0.005 + 1e-12)
  })
  it('exactRolls: any XkY and P(XkY ≥ TN), with the Ten Dice Rule applied (12k4 → 10k5)', () => {
    const plan = compile(skirmish([{ id: 'a' }, { id: 'b' }], { exactRolls: [{ roll: '6k3', tns: [20] }, { roll: '12k4' }, { roll: '10k5' }] }))
    const ex = l5r.exact(plan)
    expect(ex.find((m) => m.id === 'roll:6k3:tn20')).toMatchObject({ p: expect.closeTo(0.82, 3) })
    const twelve = ex.find((m) => m.id === 'roll:12k4')
    const ten = ex.find((m) => m.id === 'roll:10k5')
    expect(twelve?.kind === 'distribution' && twelve.mean).toBeCloseTo(44.89, 2)
    expect(twelve?.label).toBe('12k4 (10k5 by the Ten Dice Rule)')
    expect(twelve?.kind === 'distribution' && ten?.kind === 'distribution' && twelve.mean === ten.mean).toBe(true)
  })
})

describe('exactRolls with an Emphasis and unskilled', () => {
  it('the same roll listed exploding, unskilled and with an Emphasis gets three distinct ids and three distributions', () => {
    const plan = compile(skirmish([{ id: 'a' }, { id: 'b' }], { exactRolls: [{ roll: '3k3', tns: [15] }, { roll: '3k3', explode: false, tns: [15] }, { roll: '3k3', emphasis: true, tns: [15] }] }))
    const ex = l5r.exact(plan).filter((m) => m.id.startsWith('roll:'))
    expect(ex.map((m) => m.id)).toEqual(['roll:3k3', 'roll:3k3:tn15', 'roll:3k3:unskilled', 'roll:3k3:unskilled:tn15', 'roll:3k3:emphasis', 'roll:3k3:emphasis:tn15'])
    const mean = (id: string) => {
      const m = ex.find((x) => x.id === id)
      return m?.kind === 'distribution' ? m.mean : NaN
    }
    expect(mean('roll:3k3')).toBeCloseTo((3 * 55) / 9, 9)
    expect(mean('roll:3k3:unskilled')).toBeCloseTo(16.5, 9)
    // each die: 0.01 × 1 + 0.11 × (2 + … + 9) + 0.11 × (10 + 55/9)
    expect(mean('roll:3k3:emphasis')).toBeCloseTo(3 * (0.01 + 0.11 * 44 + 0.11 * (10 + 55 / 9)), 9)
    expect(ex.find((m) => m.id === 'roll:3k3:emphasis')?.label).toBe('3k3 (Emphasis: 1s rerolled once)')
  })
})

function parseScenarioOk(doc: unknown) {
  const r = parseScenario(doc)
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'))
  return r.scenario as never
}
