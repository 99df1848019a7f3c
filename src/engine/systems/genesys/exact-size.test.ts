import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { createStream } from '../../core/rng'
import { exactAtOnce, exactOf } from '../../run/exact'
import { parseScenarioOrThrow } from '../../run/parse'
import { GENESYS_EXACT_MAX_FIGHTERS, GENESYS_EXACT_MAX_SLOT_RUNS, genesysFightModel, solveGenesysFight, TURN_REASON } from './exact-fight'
import { genesysExactSize } from './exact-size'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'

/** The shipped Star Wars fights the exact answer solves. */
const SOLVED = ['genesys-scavengers-squabble.json', 'genesys-enforcer-and-guards.json', 'genesys-two-on-one.json']
const read = (file: string): unknown => JSON.parse(readFileSync(`resources/examples/${file}`, 'utf8'))
const planOf = (doc: unknown): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
/** The shipped fights of up to four fighters (more are refused before any estimate). */
const FIGHTS = readdirSync('resources/examples')
  .filter((f) => f.startsWith('genesys-'))
  .filter((f) => {
    const doc = read(f) as { mode: string; combatants: unknown[] }
    return doc.mode === 'fight' && doc.combatants.length <= GENESYS_EXACT_MAX_FIGHTERS
  })

describe('Star Wars / Genesys exact whole fight, its size worked out before the solve (docs/rules/genesys.md, exact whole fights)', () => {
  it('the three shipped fights solved today are never refused by the estimate, and each first turn is counted no higher than the solve replays it', () => {
    for (const file of SOLVED) {
      const plan = planOf(read(file))
      const size = genesysExactSize(plan)
      expect(size.most, file).toBeLessThanOrEqual(GENESYS_EXACT_MAX_SLOT_RUNS)
      expect(size.most, file).toBeGreaterThan(0)
      // the first step of the chain replays every initiative order's first slot: at least the floor of
      // each fighter who can act first (his first turn, counted as the solver counts it)
      const { model, runs } = genesysFightModel(plan)
      const before = runs()
      model.step(model.start)
      const firstSlots = runs() - before
      const floor = size.firstTurnWays.reduce((a, b) => a + b, 0)
      expect(floor, file).toBeLessThanOrEqual(firstSlots)
    }
  })

  it('a small duel whose first hits can be Overpowered (Crit 1, Vicious 5: every hit with advantage rolls 51 and up, Overpowered at 76–80): the floor, free attacks included, stays at or below the replays of the first slots', () => {
    const base = { brawn: 2, attack: { characteristic: 2, skill: 0 }, initiative: { characteristic: 1, skill: 0 }, weapon: { name: 'vibroknife', skill: 'ranged-light', damage: 3, crit: 1, range: 'short', qualities: { vicious: 5 } }, soak: 2, woundThreshold: 8, strainThreshold: 30 }
    const doc = {
      schemaVersion: 1,
      name: 'test duel',
      system: 'genesys',
      mode: 'fight',
      range: 'short',
      maxRounds: 2,
      combatants: [
        { ...base, id: 'a', name: 'Ace', side: 'A' },
        { ...base, id: 'b', name: 'Bo', side: 'B' },
      ],
      plans: [
        { combatant: 'a', turns: [{ maneuvers: [], action: 'attack' }] },
        { combatant: 'b', turns: [{ maneuvers: [], action: 'attack' }] },
      ],
      run: { trials: 1000, seed: 1 },
    }
    const plan = planOf(doc)
    const size = genesysExactSize(plan)
    const { model, runs } = genesysFightModel(plan)
    const before = runs()
    model.step(model.start)
    const firstSlots = runs() - before
    const floor = size.firstTurnWays.reduce((a, b) => a + b, 0)
    // the free attacks count: without them the floor is the attack's ways alone
    expect(size.firstTurnWays[0]).toBeGreaterThan(size.firstAttackWays[0])
    expect(floor).toBeLessThanOrEqual(firstSlots)
    expect(floor).toBeGreaterThan(firstSlots / 4)
  })

  it('property (seed 29, 40 random small fights of two or three, Crit 1–4, Vicious, Pierce, Linked, Knockdown, rivals, each Crippled-limb reading): the count never exceeds the replays of the first slots, and past the bound the solve refuses too', () => {
    const rng = createStream(29, 0)
    const pick = <T,>(xs: readonly T[]): T => xs[rng.below(xs.length)]
    let compared = 0
    let free = 0
    for (let i = 0; i < 40; i++) {
      const three = rng.below(3) === 0
      const fighter = (id: string, side: string): Record<string, unknown> => ({
        id,
        name: id.toUpperCase(),
        side,
        rival: rng.below(2) === 0,
        brawn: 2,
        attack: { characteristic: 1 + rng.below(3), skill: rng.below(2) },
        initiative: { characteristic: 1 + rng.below(2), skill: rng.below(2) },
        weapon: { name: 'blaster', skill: 'ranged-light', damage: 3 + rng.below(5), crit: 1 + rng.below(4), range: 'medium', qualities: { vicious: pick([0, 0, 2, 5]), pierce: pick([0, 1]), linked: pick([0, 0, 1]), knockdown: rng.below(4) === 0 } },
        soak: 1 + rng.below(4),
        woundThreshold: 3 + rng.below(8),
        strainThreshold: 4 + rng.below(8),
      })
      const ids = three ? ['a', 'b', 'c'] : ['a', 'b']
      const doc = {
        schemaVersion: 1,
        name: 'random fight',
        system: 'genesys',
        mode: 'fight',
        range: pick(['short', 'medium']),
        maxRounds: 2,
        rules: { crippledLimb: pick(['fighting-arm', 'random-limb', 'other-limb']), knockdownCost: pick(['triumph', 'two-advantage']) },
        combatants: ids.map((id, k) => fighter(id, k === 0 || (three && k === 1) ? 'A' : 'B')),
        plans: ids.map((id) => ({ combatant: id, turns: [{ maneuvers: [], action: 'attack' }] })),
        run: { trials: 1000, seed: 1 },
      }
      const plan = planOf(doc)
      const size = genesysExactSize(plan)
      const floor = size.firstTurnWays.reduce((a, b) => a + b, 0)
      if (size.firstTurnWays.some((w, k) => w > size.firstAttackWays[k])) free++
      const { model, runs } = genesysFightModel(plan)
      const before = runs()
      let firstSlots: number
      try {
        model.step(model.start)
        firstSlots = runs() - before
      } catch (e) {
        expect(String(e), `fight ${i}`).toMatch(/ways for one step to go/)
        continue
      }
      expect(size.most, `fight ${i}`).toBeLessThanOrEqual(GENESYS_EXACT_MAX_SLOT_RUNS)
      expect(floor, `fight ${i}`).toBeLessThanOrEqual(firstSlots)
      compared++
    }
    console.log(`seed 29: ${compared} of 40 fights compared with the solver's count, ${free} with free attacks counted`)
    expect(compared).toBeGreaterThanOrEqual(20)
    expect(free).toBeGreaterThanOrEqual(3)
  }, 60_000)

  it('every shipped fight the estimate refuses is refused by the whole solve too, with the same reason; every other one is solved', () => {
    let refused = 0
    for (const file of FIGHTS) {
      const plan = planOf(read(file))
      const atOnce = genesysExactSize(plan).most > GENESYS_EXACT_MAX_SLOT_RUNS
      expect(atOnce, file).toBe(!SOLVED.includes(file))
      if (!atOnce) continue
      refused++
      const solved = solveGenesysFight(plan, true, false)
      expect(solved, file).toEqual({ ok: false, reason: TURN_REASON })
      expect(solveGenesysFight(plan), file).toEqual({ ok: false, reason: TURN_REASON })
    }
    expect(refused).toBe(FIGHTS.length - SOLVED.length)
    expect(refused).toBeGreaterThanOrEqual(7)
  }, 60_000)

  it('a refused fight is refused at once: a run gets the reason on its own thread, with no solve to wait for (the blaster duel)', () => {
    const doc = read('genesys-blaster-duel.json')
    const atOnce = exactAtOnce(parseScenarioOrThrow(doc), { fresh: true })
    expect(atOnce).toBeDefined()
    expect(fightNote(atOnce?.values ?? null)).toMatchObject({ solved: false, reason: TURN_REASON })
    expect(atOnce?.values).toEqual(exactOf(doc, { fresh: true }))
  })
})
