import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { solveFight, type FightSolution } from '../../core/fight-chain'
import { exactRoll } from '../../dice/roll-and-keep'
import type { ExactMetric } from '../rule-system'
import { initiativeFirstExact, round1Initiative } from './exact'
import { heldAfterSwaps, initiativeOrders, MULTI_MAX_SIZE, MULTI_MAX_STATES, multiModel, multiOutOfScope, multiSize, solveMulti } from './exact-multi'
import { skirmishModel } from './exact-fight'
import { l5r } from './index'
import { compile } from './plan'
import { scenarioSchema, type L5rScenario } from './schema'
import { expectSkirmishAgreesWithSampling, skirmish } from './test-helpers'

const exactOf = (scenario: unknown): ExactMetric[] => l5r.exact(l5r.compile(scenarioSchema.parse(scenario)))
const solve = (s: L5rScenario): FightSolution => {
  const plan = compile(s)
  const { model, stepsPerRound } = multiModel(plan)
  const r = solveFight(model, { maxSteps: plan.cap * stepsPerRound, maxStates: 4_000_000, dropBelow: 1e-20 })
  if (!r.ok) throw new Error(r.reason)
  return r.solution
}

/** The swap example (Crane swaps with his Crab ally in Round 1), cut to `cap` Rounds. */
const swapExample = (cap: number): L5rScenario => {
  const s = scenarioSchema.parse(JSON.parse(readFileSync('resources/examples/l5r-initiative-swap.json', 'utf8')))
  s.roundCap = cap
  return s
}

/** Two against one where the slow one buys +10 Initiative for the skirmish with a Void Point in Round 1, and spends none after. */
const quickDuelist = (cap: number): L5rScenario =>
  skirmish([
    { id: 'a', agility: 2, earth: 1, rounds: [{ stance: 'attack', void: 'initiative' }, { stance: 'attack' }] },
    { id: 'b', agility: 4, earth: 1, classRank: 2 },
    { id: 'c', side: 'A', agility: 3, earth: 1, rounds: [{ stance: 'full-attack' }] },
  ], { roundCap: cap })

/** Two against one where the second of side A arrives in Round `joins`. */
const lateAlly = (joins: number, cap: number, earth = 2): L5rScenario => {
  const s = skirmish([
    { id: 'a', agility: 3, earth, rounds: [{ stance: 'attack' }] },
    { id: 'c', side: 'B', agility: 4, attackSkill: 4, earth: earth + 1 },
    { id: 'b', side: 'A', strength: 4, earth, weapon: { name: 'tetsubo', rolled: 3, kept: 3 }, rounds: [{ stance: 'attack' }, { stance: 'full-attack' }] },
  ], { roundCap: cap })
  s.combatants[2].joinsRound = joins
  return s
}

describe('L5R exact answers of several fighters: a Void swap of Initiative, or Void +10 Initiative, in Round 1 (docs/rules/l5r.md section 5)', () => {
  it('who leads the order, from the orders the solver draws, is who leads Round 1 as the Initiative answer works it out on its own, to 1e-12 (the swap example; and Kakita Ryu swapping with a bandit-speed ally)', () => {
    for (const s of [swapExample(20), skirmish([{ id: 'a', agility: 4, classRank: 3, rounds: [{ stance: 'attack', void: 'swap-initiative', swapWith: 'c' }] }, { id: 'b', agility: 3 }, { id: 'c', side: 'A', agility: 2, classRank: 2 }]), quickDuelist(3)]) {
      const plan = compile(s)
      expect(multiOutOfScope(plan)).toBeUndefined()
      const orders = initiativeOrders(plan)
      const rolls = plan.fighters.map((d) => exactRoll(d.init, true))
      const first = initiativeFirstExact(plan, round1Initiative(plan, rolls))
      plan.fighters.forEach((_, i) => {
        const leads = orders.filter((o) => o.order[0] === i).reduce((t, o) => t + o.p, 0)
        expect(Math.abs(leads - first[i])).toBeLessThan(1e-12)
      })
    }
  })

  it('hand-worked: the swap exchanges the two rolls and nothing else (each keeps his own tie rule); a second swap by the ally exchanges them back; no Void Point, no swap', () => {
    const three = (swaps: { a?: string; c?: string }, voidA = 2) =>
      compile(skirmish([
        { id: 'a', void: voidA, rounds: [{ stance: 'attack', ...(swaps.a ? { void: 'swap-initiative', swapWith: swaps.a } : {}) }] },
        { id: 'b' },
        { id: 'c', side: 'A', ...(swaps.c ? { rounds: [{ stance: 'attack', void: 'swap-initiative', swapWith: swaps.c }] } : {}) },
      ]))
    expect(heldAfterSwaps(three({}))).toEqual([0, 1, 2])
    expect(heldAfterSwaps(three({ a: 'c' }))).toEqual([2, 1, 0])
    expect(heldAfterSwaps(three({ a: 'c', c: 'a' }))).toEqual([0, 1, 2])
    const none = compile(skirmish([{ id: 'a', voidPoints: 0, rounds: [{ stance: 'attack', void: 'swap-initiative', swapWith: 'c' }] }, { id: 'b' }, { id: 'c', side: 'A' }]))
    expect(heldAfterSwaps(none)).toEqual([0, 1, 2])
  })

  it('refuses, with the reason, the swaps it does not follow', () => {
    const reason = (s: unknown): string | undefined => fightNote(exactOf(s))?.reason
    const later = skirmish([{ id: 'a', rounds: [{ stance: 'attack' }, { stance: 'attack', void: 'swap-initiative', swapWith: 'c' }] }, { id: 'b' }, { id: 'c', side: 'A' }])
    expect(reason(later)).toBe('A swaps Initiative with an ally after Round 1, with more than two fighters')
    const perRound = skirmish([{ id: 'a', rounds: [{ stance: 'attack', void: 'swap-initiative', swapWith: 'c' }] }, { id: 'b' }, { id: 'c', side: 'A' }], { rules: { initiativeSwap: 'round' } })
    expect(reason(perRound)).toBe('A swaps Initiative with an ally for one Round at a time (rule variant), with more than two fighters')
    const lateBuy = skirmish([{ id: 'a', rounds: [{ stance: 'attack' }, { stance: 'attack', void: 'initiative' }] }, { id: 'b' }, { id: 'c', side: 'A' }])
    expect(reason(lateBuy)).toBe('A buys +10 Initiative with a Void Point after Round 1, with more than two fighters')
  })
})

describe('L5R exact answers of several fighters: a late arrival (docs/rules/l5r.md section 5)', () => {
  it('hand-worked: an ally who arrives after the last Round keeps his side in the fight, so his side never loses: the one-Round fight of A against C with B to come ends A wins as the duel does, else a draw at the cap, to 1e-12', () => {
    const duel = solve(skirmish([{ id: 'a', agility: 3 }, { id: 'c', agility: 4, attackSkill: 4, earth: 3 }], { roundCap: 1 }))
    const late = solve(lateAlly(2, 1))
    expect(late.win[1]).toBe(0)
    expect(Math.abs(late.win[0] - duel.win[0])).toBeLessThan(1e-12)
    expect(Math.abs(late.draw - (1 - duel.win[0]))).toBeLessThan(1e-12)
    // and A's defeat is the duel's (B is never hurt: he is not there)
    expect(Math.abs(late.expectedFinals[0] - duel.expectedFinals[0])).toBeLessThan(1e-12)
    expect(late.expectedFinals[2]).toBe(0)
  })

  it('an ally who joins in Round 1 is simply there from the start (the same answer to 1e-12 as without joinsRound)', () => {
    const s = lateAlly(1, 3)
    const plain = scenarioSchema.parse({ ...s, combatants: s.combatants.map((c) => ({ ...c, joinsRound: undefined })) })
    const a = solve(s)
    const b = solve(plain)
    a.win.forEach((x, k) => expect(Math.abs(x - b.win[k])).toBeLessThan(1e-12))
    expect(Math.abs(a.draw - b.draw)).toBeLessThan(1e-12)
  })

  it('refuses a late arrival listed before an ally who fights before him (a foe keeps the target he chose)', () => {
    const s = skirmish([{ id: 'b', side: 'A' }, { id: 'a', side: 'A' }, { id: 'c', side: 'B' }], { roundCap: 3 })
    s.combatants[0].joinsRound = 2
    expect(fightNote(exactOf(s))?.reason).toBe('B joins in a later Round but is listed before A, who fights before him (list late arrivals after their allies)')
  })
})

/** Two against one, Earth 2 (Down from 31 wounds, Out from 35), light blows: Down characters act on their Void Points. */
const downOnVoid = (voidA: number, cap: number, down = 'void-to-act', earth = 2): L5rScenario =>
  skirmish([
    { id: 'a', voidPoints: voidA, strength: 2, earth },
    { id: 'c', side: 'B', agility: 4, attackSkill: 4, strength: 2, voidPoints: 1, earth },
    { id: 'b', side: 'A', strength: 2, voidPoints: 2, earth, rounds: [{ stance: 'full-attack' }] },
  ], { roundCap: cap, rules: { down } })

describe('L5R exact answers of several fighters: Down characters act on Void (rule variant; docs/rules/l5r.md section 5)', () => {
  it('with no Void Points at all, Down acting on Void plays as Down defeated (the default), to 1e-12', () => {
    const none = (down: string) => {
      const s = downOnVoid(0, 3, down)
      s.combatants.forEach((c) => (c.voidPoints = 0))
      return solve(s)
    }
    const a = none('void-to-act')
    const b = none('defeated')
    a.win.forEach((x, k) => expect(Math.abs(x - b.win[k])).toBeLessThan(1e-12))
    expect(Math.abs(a.draw - b.draw)).toBeLessThan(1e-12)
    a.expectedFinals.forEach((x, k) => expect(Math.abs(x - b.expectedFinals[k])).toBeLessThan(1e-12))
  })

  it('Void Points kept for Down change the answer (the side of a Down fighter with Points left stays in the fight): more draws at the cap than under the default', () => {
    const withVoid = solve(downOnVoid(3, 3))
    const plain = solve(downOnVoid(3, 3, 'defeated'))
    expect(withVoid.draw - plain.draw).toBeGreaterThan(1e-3)
  })
})

/** Two against one: a bodyguard in Full Defense (Defense Mastery 3 may keep a good roll) for two Rounds, then attacking, back in Full Defense once Hurt. */
const bodyguard = (cap: number, earth = 2): L5rScenario => {
  const s = skirmish([
    { id: 'a', earth, agility: 4, attackSkill: 4, rounds: [{ stance: 'full-attack' }] },
    { id: 'g', side: 'B', earth, air: 3, defenseSkill: 3, rounds: [{ stance: 'full-defense' }, { stance: 'full-defense' }, { stance: 'attack' }] },
    { id: 'b', side: 'A', earth, rounds: [{ stance: 'attack' }] },
  ], { roundCap: cap, rules: { defenseMastery: 'yes' } })
  s.tactics[1].hurtStance = 'full-defense'
  return s
}

describe('L5R exact answers of several fighters: Full Defense (docs/rules/l5r.md section 3)', () => {
  it('its Full Defense totals count in the size estimated before the solve: two against a bodyguard who falls back to Full Defense once Hurt, for ten Rounds, is refused at once (the solve follows more than 4 million situations by Round 9); for four Rounds it is solved', () => {
    const r = solveMulti(compile(bodyguard(10)), MULTI_MAX_STATES, 20_000_000, 1e-20)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.reason).toMatch(/^the fight is too large to follow exactly: about [\d,]+ situations over its 10 Rounds, against a limit of 5,000,000$/)
    expect(multiSize(compile(bodyguard(4)))).toBeLessThan(MULTI_MAX_SIZE)
  })

  it('two fighters: the solver of several gives the two-fighter solver\'s answer to 1e-12 (Full Attack against Full Defense, three Rounds; a bodyguard who keeps good Full Defense rolls under Defense Mastery and falls back to it once Hurt)', () => {
    const faFd = scenarioSchema.parse(JSON.parse(readFileSync('resources/examples/l5r-full-attack-vs-full-defense.json', 'utf8')))
    faFd.roundCap = 3
    const duel = bodyguard(4, 1)
    duel.combatants = duel.combatants.slice(0, 2)
    duel.tactics = duel.tactics.slice(0, 2)
    for (const s of [faFd, scenarioSchema.parse(duel)]) {
      const plan = compile(s)
      expect(multiOutOfScope(plan)).toBeUndefined()
      const two = skirmishModel(plan)
      const r = solveFight(two.model, { maxSteps: plan.cap * two.stepsPerRound, maxStates: 20_000_000, dropBelow: 1e-20 })
      if (!r.ok) throw new Error(r.reason)
      const a = solve(s)
      a.win.forEach((x, k) => expect(Math.abs(x - r.solution.win[k])).toBeLessThan(1e-12))
      expect(Math.abs(a.draw - r.solution.draw)).toBeLessThan(1e-12)
      a.expectedFinals.forEach((x, k) => expect(Math.abs(x - r.solution.expectedFinals[k])).toBeLessThan(1e-12))
      // the Rounds: the two solvers' clocks have different steps per Round
      const perRound = (x: readonly number[], k: number): number[] => Array.from({ length: plan.cap }, (_, q) => x.slice(q * k, (q + 1) * k).reduce((t, v) => t + v, 0))
      perRound(a.length, 2).forEach((x, k) => expect(Math.abs(x - perRound(r.solution.length, two.stepsPerRound)[k])).toBeLessThan(1e-12))
    }
  }, 60_000)
})

describe('L5R exact answers of several fighters, new rules: the fast bookkeeping against the plain one', () => {
  // attacks applied to whole groups (stepAll) against the plain step by step; wounds past defeat and Turn
  // orders of those who can no longer act merged, against every one kept apart
  const cases: Record<string, () => L5rScenario> = {
    // (Earth 1: few wounds, so that the solve keeping every wound and order apart stays small; the swap
    // changes only the orders drawn, checked above)
    'an ally who joins in Round 2': () => lateAlly(2, 3, 1),
    'Down characters act on Void': () => downOnVoid(2, 3, 'void-to-act', 1),
    'a bodyguard in Full Defense, then attacking, back in Full Defense once Hurt': () => bodyguard(3, 1),
  }
  for (const [name, scenario] of Object.entries(cases)) {
    it(`${name}: the same answer to 1e-12`, () => {
      const plan = compile(scenario())
      const run = (options: { reduce?: boolean; whole?: boolean }): FightSolution => {
        const { model, stepsPerRound } = multiModel(plan, Infinity, options)
        const r = solveFight(model, { maxSteps: plan.cap * stepsPerRound, maxStates: 20_000_000, dropBelow: 1e-20 })
        if (!r.ok) throw new Error(r.reason)
        return r.solution
      }
      const fast = run({})
      for (const other of [run({ whole: false }), run({ reduce: false, whole: false })]) {
        fast.win.forEach((x, k) => expect(Math.abs(x - other.win[k])).toBeLessThan(1e-12))
        expect(Math.abs(fast.draw - other.draw)).toBeLessThan(1e-12)
        fast.length.forEach((x, k) => expect(Math.abs(x - other.length[k])).toBeLessThan(1e-12))
        fast.expectedFinals.forEach((x, k) => expect(Math.abs(x - other.expectedFinals[k])).toBeLessThan(1e-12))
      }
    }, 60_000)
  }
})

describe('L5R exact answers of several fighters, new rules against the Monte Carlo (seed 21, 20,000 skirmishes, within 4 standard errors)', () => {
  const cases: Record<string, () => L5rScenario> = {
    // (the swap example cut to two Rounds: the whole twenty is refused for its size)
    'the Initiative swap example, two Rounds': () => swapExample(2),
    'two against one, the slow one buys +10 Initiative in Round 1, four Rounds': () => quickDuelist(4),
    'two against one, the ally joins in Round 2, four Rounds': () => lateAlly(2, 4),
    'two against one, Down characters act on Void, four Rounds': () => downOnVoid(3, 4),
    'two against a bodyguard in Full Defense (Defense Mastery), four Rounds': () => bodyguard(4),
  }
  for (const [name, scenario] of Object.entries(cases)) {
    it(`${name}: who wins, the draw, defeated, killed and Rounds fought`, async () => {
      await expectSkirmishAgreesWithSampling(scenario())
    }, 120_000)
  }
})
