import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveFight, type FightSolution } from '../../core/fight-chain'
import { fightNote } from '../../core/fight-exact'
import { disagreements, exactChance, sampledMetrics } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import type { ExactMetric } from '../rule-system'
import { gurpsFightModel } from './exact-fight'
import { gurpsMultiScope, gurpsMultiSize, gurpsMultiTooBig, solveGurpsMulti, type MultiSolution } from './exact-multi'
import { gurps } from './index'
import type { Plan } from './plan'
import { scenarioDoc, type Spec } from './test-helpers'

const file = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'))
const planOf = (doc: unknown): Plan => gurps.compile(parseScenarioOrThrow(doc).scenario as never) as Plan
const exactOf = (doc: unknown): ExactMetric[] => gurps.exact(planOf(doc) as never)

/** The fight replayed whole turn by turn with its clock (every situation with every HP on its own, nothing dropped). */
function plain(plan: Plan): FightSolution {
  const r = solveFight(gurpsFightModel(plan, { distinct: 1e7, runs: 1e9 }), { maxSteps: plan.cap * plan.fighters.length, maxStates: 1e8 })
  if (!r.ok) throw new Error(r.reason)
  return r.solution
}

function multi(plan: Plan, classes = true): MultiSolution {
  const r = solveGurpsMulti(plan, { classes })
  if (!r.ok) throw new Error(r.reason)
  return r.solution
}

/** Who wins, the draw, taken out and dies of each: the same to within `off`. */
function same(x: FightSolution, y: FightSolution, off: number): void {
  const flat = (s: FightSolution): number[] => [...s.win, s.draw, ...s.expectedFinals]
  const [a, b] = [flat(x), flat(y)]
  expect(a.length).toBe(b.length)
  a.forEach((v, i) => expect(Math.abs(v - b[i]), `value ${i}: ${v} against ${b[i]}`).toBeLessThan(off))
}

/**
 * Small fights of three where every blow that lands takes its victim out (thr+40, GURPS Basic Set p.B423:
 * far past −5×HP), with skills high enough that a 30-turn cap holds less than 1e-13 of the chance: the
 * turn sequence, a foe closing in from 3 yards, retreats and repeated parries against two attackers, the
 * most injured or the weakest foe picked, a shield, a Feint.
 */
const small: Record<string, () => Spec[]> = {
  'one against two, the most injured first, the second foe 3 yards off': () => [
    { id: 'a', hp: 2, ht: 11, dx: 12, skill: 16, damage: 'thr+40', type: 'cut', parry: -3, targetRule: 'most-injured' },
    { id: 'b', side: 'B', hp: 2, ht: 10, dx: 8, skill: 15, damage: 'thr+40', type: 'cr', parry: -4 },
    { id: 'c', side: 'B', hp: 2, ht: 10, dx: 8, skill: 15, damage: 'thr+40', type: 'imp', distance: 3, parry: -4 },
  ],
  'one against two, the weakest first, a shield, never retreating, the first foe feints': () => [
    { id: 'a', hp: 2, ht: 10, dx: 11, skill: 16, damage: 'thr+40', type: 'cut', parry: -4, shield: { skill: 9, db: 1 }, targetRule: 'weakest', retreat: 'never' },
    { id: 'b', side: 'B', hp: 2, ht: 11, dx: 8, skill: 15, damage: 'thr+40', type: 'cr', parry: -4, maneuvers: [{ maneuver: 'feint' }, { maneuver: 'attack' }] },
    { id: 'c', side: 'B', hp: 2, ht: 9, dx: 8, skill: 15, damage: 'thr+40', type: 'cut', parry: -4, unbalanced: true },
  ],
}

describe('GURPS fights of three solved exactly (docs/rules/gurps.md, Exact whole fights)', () => {
  for (const [name, specs] of Object.entries(small)) {
    it(`${name}: the same as replaying every turn whole with the clock (to 5e-12, its rounding), and as working each turn out for every HP on its own (to 1e-12)`, () => {
      // the turn-by-turn chain stops at a 30-turn cap; the one without the clock follows the fight to its end
      // (its bound on the default 120-turn cap is in its error)
      const turnByTurn = plain(planOf(scenarioDoc(specs(), { turnCap: 30 })))
      expect(turnByTurn.atCap).toBeLessThan(1e-13)
      // the rounding of its 90 steps over thousands of situations: up to about 1.4e-12 lost (its stated bound)
      expect(turnByTurn.massError).toBeLessThan(2e-12)
      const plan = planOf(scenarioDoc(specs()))
      const solved = multi(plan)
      expect(solved.massError).toBeLessThan(1e-14)
      same(solved, turnByTurn, 5e-12)
      // the first part of each turn worked out once per HP class, or for every HP on its own: to 1e-12
      same(solved, multi(plan, false), 1e-12)
      // the fight goes several ways: each side wins often
      expect(Math.min(...solved.win)).toBeGreaterThan(0.05)
    }, 60_000)
  }

  it('the first small fight agrees with 20,000 sampled fights (seed 29) within 4 standard errors (the swordsman against two thugs is refused for its size)', async () => {
    const doc = scenarioDoc(small['one against two, the most injured first, the second foe 3 yards off']())
    const exact = exactOf(doc)
    expect(fightNote(exact)?.solved, fightNote(exact)?.reason).toBe(true)
    expect(fightNote(exact)?.massError).toBeLessThan(1e-12)
    const sampled = await sampledMetrics(doc, 20_000, 29)
    const ids = ['wins:a', 'wins:B', 'draw', ...['a', 'b', 'c'].flatMap((f) => [`defeated:${f}`, `dies:${f}`])]
    expect(disagreements(exact, sampled, ids)).toEqual([])
    expect(exactChance(exact, 'wins:a')).toBeGreaterThan(0.1)
  }, 120_000)

  it('refuses, with the reason in words, fights it does not follow: Waits, and the swordsman against two thugs (from its size alone)', () => {
    const brawl = planOf(file('resources/examples/gurps-brawl.json'))
    expect(gurpsMultiScope(brawl)).toMatch(/^the exact answer of a fight of 3 covers fights without Waits/)
    expect(fightNote(gurps.exact(brawl as never))?.reason).toBe(gurpsMultiScope(brawl))
    for (const doc of [file('resources/examples/gurps-two-on-one.json'), file('resources/bench/scenarios/exact-gurps-two-on-one.json')]) {
      const plan = planOf(doc)
      expect(gurpsMultiScope(plan)).toBeUndefined()
      expect(gurpsMultiSize(plan).states).toBeGreaterThan(1e6)
      expect(gurpsMultiTooBig(plan)).toMatch(/^the fight has too many different situations to follow exactly: about [\d,]+ \(Swordsman can fight on at \d+ different HP, Big thug at \d+ and Small thug at \d+, in every combination/)
      expect(fightNote(gurps.exact(plan as never))?.reason).toBe(gurpsMultiTooBig(plan))
    }
    // the small fights are tried
    for (const specs of Object.values(small)) expect(gurpsMultiTooBig(planOf(scenarioDoc(specs())))).toBeUndefined()
  })
})
