import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { solveFight, type FightModel, type FightSolution } from '../../core/fight-chain'
import { fightNote } from '../../core/fight-exact'
import { disagreements, sampledMetrics } from '../../run/exact-agreement'
import { parseScenarioOrThrow } from '../../run/parse'
import { gurps } from './index'
import { gurpsCompactFight, gurpsExactWay, gurpsFightModel, gurpsTooBig, solveGurpsFight } from './exact-fight'
import { blowInjuries, gurpsExactSize, reachableHp } from './exact-size'
import { scenarioDoc, type Spec } from './test-helpers'

type Plan = Parameters<typeof gurpsFightModel>[0]
const example = (name: string): unknown => JSON.parse(readFileSync(`resources/examples/gurps-${name}.json`, 'utf8'))
const planOf = (doc: unknown): Plan => gurps.compile(parseScenarioOrThrow(doc).scenario as never) as Plan

/** Every value of the answer, in one list: who wins, the draw, the cap, the length, injury, taken out and dies, the injury distributions. */
const flat = (x: FightSolution): number[] => [...x.win, x.draw, x.atCap, ...x.length, ...x.expectedDamage, ...x.expectedFinals, ...x.damageDistribution.flatMap((d) => d.flatMap((e) => [e.value, e.p]))]

function bothWays(plan: Plan, maxSteps: number): { compact: FightSolution; byTurn: FightSolution } {
  const solve = <S>(m: FightModel<S>): FightSolution => {
    const r = solveFight(m, { maxSteps, maxStates: 1e7 })
    if (!r.ok) throw new Error(r.reason)
    return r.solution
  }
  const compact = gurpsFightModel(plan, { runs: 1e7 }).compact()
  if (!compact) throw new Error('no compact model')
  return { compact: solve(compact), byTurn: solve(gurpsFightModel(plan, { distinct: 200_000, runs: 1e7 })) }
}

function same(a: FightSolution, b: FightSolution): void {
  const x = flat(a)
  const y = flat(b)
  expect(x.length).toBe(y.length)
  x.forEach((v, i) => expect(Math.abs(v - y[i]), `value ${i}`).toBeLessThan(1e-12))
}

describe('GURPS exact duel with compact states (a number per situation, the whole turn stepped at once) gives the answer of the turn-by-turn solve, to 1e-12', () => {
  for (const name of ['first-exchange', 'deadly-blows', 'spears-and-berserker']) {
    it(`the shipped ${name} duel, to its cap`, () => {
      const plan = planOf(example(name))
      expect(gurpsCompactFight(plan)).toBe(true)
      const { compact, byTurn } = bothWays(plan, plan.cap * 2)
      same(compact, byTurn)
    }, 120_000)
  }

  // small HP (4 and 5) so that two turns each reach consciousness rolls, death checks at −1×…−4×HP and −5×HP
  const small = (extra: Partial<Spec> = {}, other: Partial<Spec> = {}): Spec[] => [
    { id: 'a', hp: 4, ht: 10, dx: 11, skill: 12, damage: '1d-1', type: 'cut', shield: { skill: 11, db: 1 }, ...extra },
    { id: 'b', hp: 5, ht: 11, skill: 11, damage: '1d-1', type: 'cr', unbalanced: true, ...other },
  ]
  const cases: [string, Spec[], Record<string, unknown>][] = [
    ['the Basic Set defaults', small(), {}],
    [
      'mortal wounds, no posture, criticals without the table, no minimum injury, most health at the cap, unbalanced both ways',
      small(),
      { rules: { failedDeathCheck: 'mortal-wound', knockdown: 'ignore-posture', criticalHits: 'no-defense-only', minimumInjury: 'none', onCap: 'most-health', unbalancedWeapon: 'both-ways' } },
    ],
    ['High and Low Pain Threshold, Combat Reflexes, never retreating', small({ highPainThreshold: true, combatReflexes: true }, { lowPainThreshold: true }), { rules: { retreat: 'never' } }],
    [
      'All-Out Defense, All-Out Attack (Strong, Determined), Move and Attack from 3 yards',
      small({ maneuvers: [{ maneuver: 'all-out-defense', option: 'increased-dodge' }, { maneuver: 'all-out-attack', option: 'strong' }, { maneuver: 'attack' }] }, { maneuvers: [{ maneuver: 'move-and-attack' }, { maneuver: 'all-out-attack', option: 'determined' }] }),
      { distance: 3 },
    ],
    [
      'several attacks played by his best against this foe (a thrown knife, then a sword), a shield-only defence, retreat to keep his attack',
      small(
        { weapons: [{ name: 'knife', skill: 12, damage: '1d-1', type: 'imp', ranged: 'muscle-powered', small: true }, { name: 'sword', skill: 12, damage: '1d-1', type: 'cut' }], using: 'best' },
        { retreat: 'keep-my-attack', defence: 'block', shield: { skill: 12, db: 1 } },
      ),
      { distance: 2 },
    ],
  ]
  for (const [name, specs, extra] of cases) {
    it(`two turns of a small duel: ${name}`, () => {
      const plan = planOf(scenarioDoc(specs, { turnCap: 2, ...extra }))
      const { compact, byTurn } = bothWays(plan, 4)
      same(compact, byTurn)
      // the fight goes past the first blows: someone is taken out in some of them, not in all
      expect(compact.expectedFinals[0] + compact.expectedFinals[1]).toBeGreaterThan(0.01)
      expect(compact.atCap).toBeGreaterThan(0.01)
    }, 120_000)
  }

  it('fighters tied on Basic Speed and DX (an opening roll orders them) and a duel with Feints keep the turn-by-turn solve', () => {
    expect(gurpsCompactFight(planOf(scenarioDoc(small({ dx: 10 }, { hp: 4, dx: 10, ht: 10 }), { turnCap: 2 })))).toBe(false)
    expect(gurpsCompactFight(planOf(scenarioDoc(small({ maneuvers: [{ maneuver: 'feint' }, { maneuver: 'attack' }] }), { turnCap: 2 })))).toBe(false)
  })
})

describe('GURPS exact duel: the size estimate refuses a duel far out of reach before anything is replayed', () => {
  it('HP values a fighter can fight on at, hand-counted', () => {
    // every blow does 78 or more against 10 HP: only full HP is left to fight on at (−50 is −5×HP)
    expect(reachableHp(10, [78, 80], 30)).toBe(1)
    // 4 HP, one blow of 1 or 2: 4, 3, 2
    expect(reachableHp(4, [1, 2], 1)).toBe(3)
    // 2 HP, blows of 3 (−5×HP is −10): 2, −1, −4, −7
    expect(reachableHp(2, [3], 5)).toBe(4)
    // two blows of 3 only: 2, −1, −4
    expect(reachableHp(2, [3], 2)).toBe(3)
  })

  it('a blow\'s injuries: 1d-1 cutting against no DR is 1 to 7 (×1.5, rounded down; 0 dice → minimum 1 injury)', () => {
    const plan = planOf(scenarioDoc([{ id: 'a', skill: 12, damage: '1d-1', type: 'cut' }, { id: 'b', skill: 12, damage: '1d-1', type: 'cr' }], { turnCap: 2 }))
    // 1d-1 gives 0–5; a cutting blow that penetrates does at least 1; ×1.5 gives 1, 1, 3, 4, 6, 7
    expect(blowInjuries(plan, 0, 1)).toEqual([1, 3, 4, 6, 7])
  })

  it('a duel of HP 30 each fought to the end: refused from the estimate, with the sizes in words, before anything is replayed', () => {
    const big = (id: string): Spec => ({ id, hp: 30, ht: 12, skill: 13, damage: 'sw+1', type: 'cut' })
    const plan = planOf(scenarioDoc([big('a'), big('b')]))
    const size = gurpsExactSize(plan)
    expect(size.liveHp[0]).toBeGreaterThan(100)
    const reason = gurpsTooBig(plan)
    // solved without its clock, the turns of the cap do not count
    expect(reason).toMatch(/^the duel has too many different situations to follow exactly: about [\d,]+ a turn \(A can fight on at \d+ different HP and B at \d+, each with shock, stun and posture\); the sampled answer stands alone$/)
    const r = solveGurpsFight(plan)
    expect(r.ok ? '' : r.reason).toBe(reason)
    // nothing is replayed first: allowed a single replay, the refusal is still the estimate's, not the replay bound's
    const once = solveGurpsFight(plan, { runs: 1 })
    expect(once.ok ? '' : once.reason).toBe(reason)
    expect(fightNote(gurps.exact(plan as never))?.reason).toBe(reason)
  })

  it('the estimate counts the turns of the cap for a duel with its clock: a small full-rules duel (HP 4 and 5) of 5 turns is tried with it, over 40 turns without it, and with a signal over 40 turns refused at once', () => {
    const specs: Spec[] = [
      { id: 'a', hp: 4, ht: 10, dx: 11, skill: 12, damage: '1d-1', type: 'cut', shield: { skill: 11, db: 1 } },
      { id: 'b', hp: 5, ht: 11, skill: 11, damage: '1d-1', type: 'cr', unbalanced: true },
    ]
    expect(gurpsTooBig(planOf(scenarioDoc(specs, { turnCap: 5 })))).toBeUndefined()
    expect(gurpsExactWay(planOf(scenarioDoc(specs, { turnCap: 5 })))).toBe('clock')
    expect(gurpsExactWay(planOf(scenarioDoc(specs, { turnCap: 40 })))).toBe('clockless')
    expect(gurpsTooBig(planOf(scenarioDoc(specs, { turnCap: 40, signalTurn: 3 })))).toMatch(/: about [\d,]+ a turn over up to 40 turns \(A can fight on at \d+ different HP and B at \d+,/)
  })

  it('the spearman\'s Stop Hits (a duel replayed turn by turn) are refused the same way; the shipped solved duels pass the estimate', () => {
    expect(gurpsTooBig(planOf(example('stop-hit')))).toMatch(/^the duel has too many different situations to follow exactly: about/)
    for (const name of ['first-exchange', 'deadly-blows', 'spears-and-berserker']) expect(gurpsTooBig(planOf(example(name))), name).toBeUndefined()
  })
})

describe('GURPS exact duel with compact states against the Monte Carlo (seed 7, 20,000 fights, within 4 standard errors)', () => {
  it('a small full-rules duel fought for 5 turns (HP 4 and 5: consciousness rolls, death checks, knockdown, shock, retreat, shield): who wins, the draw, length, injury dealt, taken out and dies', async () => {
    const doc = scenarioDoc(
      [
        { id: 'a', hp: 4, ht: 10, dx: 11, skill: 12, damage: '1d-1', type: 'cut', shield: { skill: 11, db: 1 } },
        { id: 'b', hp: 5, ht: 11, skill: 11, damage: '1d-1', type: 'cr', unbalanced: true },
      ],
      { turnCap: 5 },
    )
    const plan = planOf(doc)
    expect(gurpsCompactFight(plan)).toBe(true)
    expect(gurpsTooBig(plan)).toBeUndefined()
    const exact = gurps.exact(plan as never)
    const note = fightNote(exact)
    expect(note?.solved, note?.reason).toBe(true)
    expect(note?.massError).toBeLessThan(1e-9)
    const metrics = await sampledMetrics(doc, 20_000, 7)
    expect(disagreements(exact, metrics, ['draw', 'fight-length', ...['a', 'b'].flatMap((x) => [`wins:${x}`, `defeated:${x}`, `dies:${x}`, `damage-per-fight:${x}`])])).toEqual([])
  }, 120_000)
})
