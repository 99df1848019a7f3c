import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { gameShape, lengthAt, playGame } from './game'
import { isLastTurn, variableDie, variableLengthExact } from './game-length'
import { compileGame } from './game-plan'
import { summarizeGame } from './game-report'
import { scenarioSchema } from './scenario'
import type { Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

/** Two models that only Wait (no wounds, so only the Variable roll can end the game early). */
function waiting(situation: Doc) {
  const s = bushidoScenario([model('a1', 'a'), model('b1', 'b')], { kind: 'game', turns: 7, ...situation })
  return compileGame(s, s.situation as Game)
}

describe('Variable (X) game length (the Bushido reference card (docs/rules/bushido.md) "Test pour la Durée Variable des Scénarios"; docs/rules/bushido.md section 5; the publisher\'s reference, Variable (X))', () => {
  it('"During the Starting Phase of Turn (X) ... a single D6. If the result is 4 or more the game will finish at the end of the Turn"', () => {
    const fixed = (die: number) => ({ die: () => die, below: () => 0, u32: () => 0 }) as unknown as Parameters<typeof variableDie>[0]
    const roll = (die: number, turn: number, from: number | undefined) => {
      const d = variableDie(fixed(die), turn, from)
      return { last: isLastTurn(turn, from, d), die: d }
    }
    expect(roll(4, 4, 4)).toEqual({ last: true, die: 4 })
    expect(roll(3, 5, 4)).toEqual({ last: false, die: 3 })
    expect(roll(6, 3, 4)).toEqual({ last: false, die: 0 })
    expect(roll(6, 3, undefined)).toEqual({ last: false, die: 0 })
    expect(roll(6, 7, undefined)).toEqual({ last: false, die: 0 })
  })
  it('"The game will always finish after the End Phase of the seventh Turn"', () => {
    const never = { die: () => 1, below: () => 0, u32: () => 0 } as unknown as Parameters<typeof variableDie>[0]
    expect(variableDie(never, 7, 4)).toBe(0)
    expect(isLastTurn(7, 4, 0)).toBe(true)
    expect(isLastTurn(6, 4, variableDie(never, 6, 4))).toBe(false)
    expect(variableLengthExact(4)).toEqual([0, 0, 0, 0, 1 / 2, 1 / 4, 1 / 8, 1 / 8])
    expect(variableLengthExact(7)).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
  })
  it('the trace rolls at the start of Turn X and stops playing after the Turn that rolled 4+', () => {
    const p = waiting({ variableFrom: 2 })
    for (let seed = 1; seed <= 20; seed++) {
      const log: TraceEvent[] = []
      playGame(p, createStream(seed, 0), null, log)
      const rolls = log.filter((e) => e.text.startsWith('Test pour la Durée Variable') || e.text.startsWith('Durée Variable'))
      expect(rolls[0].at).toBe(2)
      const last = rolls[rolls.length - 1]
      expect(last.text).toMatch(/finishes/)
      expect(rolls.slice(0, -1).every((e) => /goes on/.test(e.text))).toBe(true)
      expect(Math.max(...log.map((e) => e.at))).toBe(last.at)
    }
  })
  it('sampled game lengths match the exact distribution (fixed seed, 4 standard errors per length)', () => {
    const p = waiting({ variableFrom: 4 })
    const tally = createTally(gameShape(p))
    const rng = createStream(11, 0)
    const n = 20000
    for (let t = 0; t < n; t++) playGame(p, rng, tally)
    tally.trials = n
    const exact = variableLengthExact(4)
    exact.forEach((q, len) => expect(withinStandardErrors(tally.bins[lengthAt(p) + len], n, q, 4), `length ${len}`).toBe(true))
    expect(summarizeGame(p, tally).find((m) => m.id === 'game-length')).toBeDefined()
  })
  it('the end-of-game outcome of a Variable game is not labelled "After 7 turns" (most games stop earlier)', () => {
    const label = (p: ReturnType<typeof waiting>) => summarizeGame(p, createTally(gameShape(p))).find((m) => m.id === 'side-wins')?.label
    expect(label(waiting({ variableFrom: 4 }))).toBe('At the end of the game (Variable (4), Turn 7 at the latest)')
    expect(label(waiting({}))).toBe('After 7 turns')
  })
  it('a Fixed game keeps no length histogram and draws nothing for it', () => {
    const p = waiting({})
    expect(gameShape(p).bins).toBe(lengthAt(p))
    expect(summarizeGame(p, createTally(gameShape(p))).find((m) => m.id === 'game-length')).toBeUndefined()
  })
  it('invalid: variableFrom with turns other than 7 names the path and the allowed value; X outside 1–7', () => {
    const doc = (situation: Doc) => ({ schemaVersion: 1, name: 't', system: 'bushido', models: [model('a1', 'a'), model('b1', 'b')], situation: { kind: 'game', ...situation }, run: { trials: 10, seed: 1 } })
    const issues = (situation: Doc) => {
      const r = scenarioSchema.safeParse(doc(situation))
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(issues({ turns: 6, variableFrom: 4 }).join()).toMatch(/situation\.turns: must be 7 when variableFrom is set/)
    expect(issues({ turns: 7, variableFrom: 8 }).join()).toMatch(/situation\.variableFrom: .*1.*7/)
    expect(issues({ turns: 7, variableFrom: 4 })).toEqual([])
  })
})
