import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { scenarioSchema } from './scenario'
import { compileExchange } from './exchange-plan'
import { exchangeShape, simulateExchange, summarizeExchange, traceExchange } from './exchange-kind'
import { exchangeExact } from './exchange-report'
import { compileGame } from './game-plan'
import { gameShape, playGame } from './game'
import { summarizeGame } from './game-report'
import { boostRoom, boostsFor, gainKi } from './ki'
import type { Exchange, Game } from './schema'
import { bushidoScenario, exchange3v3, model } from './test-helpers'

type Doc = Record<string, unknown>

const exchange = (...args: Parameters<typeof exchange3v3>) => {
  const s = exchange3v3(...args)
  return compileExchange(s, s.situation as Exchange)
}

function game(models: Doc[], situation: Doc, plans: Doc[] = []) {
  const s = bushidoScenario(models, { kind: 'game', turns: 1, ...situation }, plans)
  return compileGame(s, s.situation as Game)
}

function played(p: ReturnType<typeof game>, seed = 1): TraceEvent[] {
  const log: TraceEvent[] = []
  playGame(p, createStream(seed, 0), null, log)
  return log
}

const KI = { ki: 2, kiMax: 4, kiTokens: 3 }
const BOOST2 = { kiBoost: 2 }

describe('Ki statistic X/Y (docs/rules/bushido.md section 5)', () => {
  it('Ki Generation gains X: Ki 2/4 holding 0 holds 2', () => expect(gainKi(0, 2, 4)).toBe(2))
  it('"it can never hold more than Y (excess discarded)": Ki 2/4 holding 3 holds 4', () => expect(gainKi(3, 2, 4)).toBe(4))
  it('a model already at Y keeps Y', () => expect(gainKi(4, 2, 4)).toBe(4))
})

describe('Ki Boost: +1 die per boost cost paid, up to double the base (docs/rules/bushido.md section 1 and section 2 step 3)', () => {
  it('Melee 3 at pool 3 can be boosted by 3 (to 6 = double)', () => expect(boostRoom(3, 3)).toBe(3))
  it('an Exhausted Melee 3 (pool 2) can be boosted by 4: the ceiling bounds the modified pool', () => expect(boostRoom(3, 2)).toBe(4))
  it('"a base of 0 can be raised to at most 1"', () => expect(boostRoom(0, 0)).toBe(1))
  it('the engine stops at 12 dice (Melee 7 at pool 7 gets 5)', () => expect(boostRoom(7, 7)).toBe(5))
  it('"all" with 5 Ki at 2 Ki per boost buys 2 boosts', () => expect(boostsFor('all', 5, 2, 9, false)).toBe(2))
  it('a fixed wish of 3 with 2 Ki buys 2', () => expect(boostsFor(3, 2, 1, 9, false)).toBe(2))
  it('a wish above the room is cut to the room', () => expect(boostsFor('all', 9, 1, 3, false)).toBe(3))
  it('the reference card\'s "SURPRISE": a Surprised model cannot use Ki Boosts', () => expect(boostsFor('all', 9, 1, 9, true)).toBe(0))
})

describe('Ki Boosts in a single Melee Exchange', () => {
  const boosted = exchange(5, 0, { act: KI, actPlan: BOOST2 })
  it('a plan boosting twice rolls 5 dice for Melee 3 and spends 2 Ki', () => {
    const p = exchange(5, 0, { act: KI, actPlan: BOOST2 })
    expect(p.act.pool).toBe(5)
    expect(p.kiSpent).toEqual([2, 0])
    expect(p.boosts).toEqual([2, 0])
  })
  it('the boosted exchange is exactly the exchange of a Melee 5 model: the split matrix has 6 rows and equal cells', () => {
    const plain = exchange(5, 0, { act: { melee: 5 } })
    expect(boosted.matrix.cells).toHaveLength(6)
    for (let a = 0; a <= 5; a++) for (let b = 0; b <= 3; b++) expect(boosted.matrix.cells[a][b].payoff).toBeCloseTo(plain.matrix.cells[a][b].payoff, 12)
    expect(boosted.matrix.mix.value).toBeCloseTo(plain.matrix.mix.value, 9)
  })
  it('boosting to 5 dice all in Attack against 3 in Defence hits more often than 3 dice (0.575 in docs/rules/bushido.md section 6)', () => {
    expect(exchange(3, 0).matrix.cells[3][0].pActHits).toBeCloseTo(0.575, 3)
    expect(boosted.matrix.cells[5][0].pActHits).toBeGreaterThan(0.575)
  })
  it('reports Ki spent exactly and in the sampled metrics', () => {
    const p = boosted
    const tally = createTally(exchangeShape(p))
    const rng = createStream(2, 0)
    for (let t = 0; t < 10; t++) simulateExchange(p, rng, tally)
    tally.trials = 10
    const metric = summarizeExchange(p, tally).find((m) => m.id === 'ki-spent:ronin')
    expect(metric).toMatchObject({ kind: 'mean', mean: 2, exact: 2 })
    expect(exchangeExact(p).find((m) => m.id === 'ki-spent:ronin')).toMatchObject({ kind: 'mean', mean: 2 })
  })
  it('the trace names the boosts, the opponent declaring first', () => {
    const p = exchange(3, 0, { act: KI, opp: { ...KI, kiTokens: 1 }, actPlan: { kiBoost: 'all' }, oppPlan: { kiBoost: 'all' } })
    const line = traceExchange(p, createStream(1, 0)).find((e) => e.text.startsWith('Boosts Ki'))?.text ?? ''
    expect(line).toMatch(/Bandit spends 1 Ki for \+1 die .*; then Ronin spends 3 Ki for \+3 dice/)
  })
  it('"all" never raises the pool above double the Melee statistic', () => {
    const p = exchange(0, 0, { act: { ki: 2, kiMax: 10, kiTokens: 10 }, actPlan: { kiBoost: 'all' } })
    expect(p.act.pool).toBe(6)
    expect(p.kiSpent[0]).toBe(3)
  })
})

describe('Ki validation', () => {
  const parse = (models: Doc[], plans: Doc[], situation: Doc = {}) =>
    scenarioSchema.safeParse({ schemaVersion: 1, name: 't', system: 'bushido', models, situation: { kind: 'exchange', activating: 'ronin', opponent: 'bandit', ...situation }, plans, run: { trials: 10, seed: 1 } })
  const issue = (r: ReturnType<typeof parse>) => (r.success ? null : { path: r.error.issues[0].path.join('.'), message: r.error.issues[0].message })
  it('a boost the Ki cannot pay for names the allowed range', () => {
    expect(issue(parse([model('ronin', 'a', KI), model('bandit', 'b')], [{ model: 'ronin', kiBoost: 4 }]))).toMatchObject({ path: 'plans.0.kiBoost', message: expect.stringContaining('must be 0–3 or "all"') })
  })
  it('a Surprised model cannot declare Ki Boosts', () => {
    const r = parse([model('ronin', 'a'), model('bandit', 'b', KI)], [{ model: 'bandit', kiBoost: 1 }], { surprise: true, engagedAtStart: false })
    expect(issue(r)).toMatchObject({ path: 'plans.0.kiBoost', message: expect.stringContaining('Surprised') })
  })
  it('Ki held above the maximum Y is rejected', () => {
    expect(issue(parse([model('ronin', 'a', { ki: 1, kiMax: 2, kiTokens: 3 }), model('bandit', 'b')], []))).toMatchObject({ path: 'models.0.kiTokens', message: expect.stringContaining('must be 0–2') })
  })
  it('kiBoost that is neither a number nor "all" names both', () => {
    expect(issue(parse([model('ronin', 'a'), model('bandit', 'b')], [{ model: 'ronin', kiBoost: 'most' }]))?.message).toContain('or "all"')
  })
})

describe('Ki in a game', () => {
  it('Génération de Ki each Starting Phase: Ki 2/3 from 0 gains 2, then 1, then 0 over three turns', () => {
    const p = game([model('monk', 'a', { ki: 2, kiMax: 3 }), model('b1', 'b')], { turns: 3 })
    played(p)
    expect(p.kiHeld[0]).toBe(3)
    expect(p.kiGained[0]).toBe(3)
  })
  it('Concentration / Focus (Complex): gains X for both counters while below focusBelow, then the model acts', () => {
    const p = game([model('monk', 'a', { ki: 2, kiMax: 6 }), model('b1', 'b')], { turns: 2, tactics: [{ model: 'monk', action: 'wait', focusBelow: 6 }] })
    const log = played(p)
    const monk = log.filter((e) => e.kind === 'act' && e.who[0] === 'monk').map((e) => e.text.split(': ')[1].split(' ')[0])
    expect(monk).toEqual(['Concentration', 'Attente', 'Attente'])
    expect(p.kiGained[0]).toBe(6)
  })
  it('boosts are paid from the Ki held: "all" spends 2 Ki in the first exchange and none later that turn', () => {
    const p = game([model('monk', 'a', { ki: 2, kiMax: 2 }), model('b1', 'b', { wounds: 20 })], { engaged: [['monk', 'b1']] }, [{ model: 'monk', kiBoost: 'all' }])
    const log = played(p)
    expect(p.kiSpent[0]).toBe(2)
    expect(log.filter((e) => e.text.includes('Monk +2 dice for 2 Ki (0 left)'))).toHaveLength(1)
  })
  it('a model Surprised by a charge cannot boost', () => {
    const p = game([model('ninja', 'a'), model('sentry', 'b', { wounds: 20, ki: 2, kiMax: 2 })], { tactics: [{ model: 'ninja', action: 'charge', target: 'sentry', surprise: 'first' }] }, [{ model: 'sentry', kiBoost: 'all' }])
    const log = played(p)
    const charge = log.find((e) => e.text.startsWith('Ninja charges Sentry'))?.text ?? ''
    expect(charge).toContain('Surprise')
    expect(charge).not.toContain('Ki Boost')
  })
  it('reports Ki spent and Ki generated for models with Ki, and none for the others', () => {
    const p = game([model('monk', 'a', { ki: 2, kiMax: 3 }), model('b1', 'b')], { turns: 2 })
    const tally = createTally(gameShape(p))
    playGame(p, createStream(1, 0), tally)
    tally.trials = 1
    const ids = summarizeGame(p, tally).map((m) => m.id).filter((id) => id.startsWith('ki-'))
    expect(ids).toEqual(['ki-spent:monk', 'ki-generated:monk'])
    const gen = summarizeGame(p, tally).find((m) => m.id === 'ki-generated:monk')
    expect(gen && gen.kind === 'mean' ? gen.mean : -1).toBe(3)
  })
})
