import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { opposedExact } from '../../dice/bushido-d6'
import { assists } from './game-actions'
import { compileGame } from './game-plan'
import { gameShape, playGame, REMOVED_AT, tacticalDice } from './game'
import { tacticalExact, warbandName } from './game-report'
import type { Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

function game(models: Doc[], situation: Doc, plans: Doc[] = []) {
  const s = bushidoScenario(models, { kind: 'game', turns: 1, ...situation }, plans)
  return compileGame(s, s.situation as Game)
}

function traced(p: ReturnType<typeof game>, seed = 1): TraceEvent[] {
  const log: TraceEvent[] = []
  playGame(p, createStream(seed, 0), null, log)
  return log
}

const acts = (log: TraceEvent[], id: string): TraceEvent[] => log.filter((e) => e.kind === 'act' && e.who[0] === id)

describe('Game Turn (the Bushido reference card (docs/rules/bushido.md) "TOUR DE JEU"; docs/rules/bushido.md section 5)', () => {
  it('"Chaque figurine gagne 2 compteurs d\'Activation": models that only Wait activate twice per turn', () => {
    const p = game([model('a1', 'a'), model('b1', 'b')], { turns: 2 })
    const log = traced(p)
    expect(acts(log, 'a1')).toHaveLength(4)
    expect(acts(log, 'b1')).toHaveLength(4)
  })
  it('players alternate activations, the Tactical Test winner first', () => {
    const p = game([model('a1', 'a'), model('a2', 'a'), model('b1', 'b'), model('b2', 'b')], {})
    const log = traced(p, 3)
    const winner = log.find((e) => e.text.startsWith('Test de Tactique'))?.text.includes('side A wins') ? 'a' : 'b'
    const sides = log.filter((e) => e.kind === 'act').map((e) => e.who[0][0])
    expect(sides[0]).toBe(winner)
    for (let k = 1; k < sides.length; k++) expect(sides[k]).not.toBe(sides[k - 1])
  })
  it('"Charge — Complexe": a Charge spends both counters, so the charger activates once', () => {
    const p = game([model('a1', 'a', { wounds: 20 }), model('b1', 'b', { wounds: 20 })], { tactics: [{ model: 'a1', action: 'charge', target: 'b1' }] }, [{ model: 'a1', split: { attack: 0 } }, { model: 'b1', split: { attack: 0 } }])
    const log = traced(p)
    expect(acts(log, 'a1')).toHaveLength(1)
    expect(acts(log, 'a1')[0].text).toMatch(/Charge \(Complex, 2 counters\)/)
  })
  it('"Chaque figurine impliquée ... retire un compteur": a model fighting without counters is Exhausted (−1)', () => {
    const defend = ['a1', 'a2', 'b1'].map((id) => ({ model: id, rule: 'all-defence' }))
    const p = game([model('a1', 'a'), model('a2', 'a'), model('b1', 'b', { wounds: 20 })], { engaged: [['a1', 'b1']], tactics: [{ model: 'a2', action: 'melee', target: 'b1' }] }, defend)
    const log = traced(p, 5)
    // b1 loses a counter in each of a1's two exchanges, so it meets a2 with none left; side B cannot act,
    // so side A keeps activating until it has no counters either (a2 attacks twice)
    expect(log.filter((e) => e.text.includes(' attacks B1'))).toHaveLength(4)
    // a1 still in contact with b1 also assists a2 against it (Assistance en Mêlée −1)
    expect(log.filter((e) => e.text.includes('vs 1 (B1 Épuisée / Exhausted −1) (Assistance en Mêlée / Melee Assist −1 on B1)'))).toHaveLength(2)
    expect(log.filter((e) => e.kind === 'act' && e.who[0] === 'b1')).toHaveLength(0)
  })
  it('"Assistance en Mêlée −1 par figurine Assistante": a second enemy in contact costs a die, unless a friend holds it', () => {
    const p = game([model('ronin', 'a'), model('ally', 'a'), model('b1', 'b'), model('b2', 'b')], {})
    p.woundsLeft.set([3, 3, 3, 3])
    p.engaged.set([2, -1, 0, 0])
    expect(assists(p, 0, 2)).toBe(1)
    expect(assists(p, 2, 0)).toBe(0)
    p.engaged.set([2, 3, 0, 1])
    expect(assists(p, 0, 2)).toBe(0)
  })
  it('"Attribution des jetons Passe": the smaller warband gets the difference and spends it', () => {
    const p = game([model('a1', 'a'), model('b1', 'b'), model('b2', 'b'), model('b3', 'b')], {})
    const log = traced(p)
    expect(log.some((e) => e.text === 'Jetons Passe / Pass Tokens: side A gets 2.')).toBe(true)
    expect(log.filter((e) => e.text === 'Side A spends a Pass Token.')).toHaveLength(2)
  })
  it('Ammo (X) and Reload (X): Reload 1 alternates shooting and a Wait that removes the marker', () => {
    const p = game([model('archer', 'a', { ranged: 3, ammo: 5, reload: 1 }), model('b1', 'b', { wounds: 20 })], { turns: 2, tactics: [{ model: 'archer', action: 'shoot', target: 'b1' }] })
    const mine = traced(p).filter((e) => e.who[0] === 'archer' && (e.text.includes('shoots') || e.text.includes('Wait')))
    expect(mine.map((e) => (e.text.includes('shoots') ? 'shoot' : 'wait'))).toEqual(['shoot', 'wait', 'shoot', 'wait'])
  })
  it('an empty weapon (Ammo 1) shoots once, then only Waits', () => {
    const p = game([model('archer', 'a', { ranged: 3, ammo: 1 }), model('b1', 'b', { wounds: 20 })], { turns: 2, tactics: [{ model: 'archer', action: 'shoot', target: 'b1' }] })
    const log = traced(p)
    expect(log.filter((e) => e.who[0] === 'archer' && e.text.includes('shoots'))).toHaveLength(1)
    expect(log.filter((e) => e.text.includes('(no Ammo left to shoot)'))).toHaveLength(3)
  })
  it('a removed model stays removed in every later turn (removed-by-turn is monotone)', () => {
    const p = game([model('a1', 'a', { melee: 5, wounds: 8 }), model('b1', 'b', { wounds: 1 })], { turns: 3, engaged: [['a1', 'b1']] })
    const tally = createTally(gameShape(p))
    const rng = createStream(8, 0)
    for (let t = 0; t < 2000; t++) playGame(p, rng, tally)
    tally.trials = 2000
    const byTurn = [0, 1, 2].map((t) => tally.counts[REMOVED_AT + 1 * 3 + t])
    expect(byTurn[0]).toBeGreaterThan(0)
    expect(byTurn[1]).toBeGreaterThanOrEqual(byTurn[0])
    expect(byTurn[2]).toBeGreaterThanOrEqual(byTurn[1])
  })
})

describe('Tactical Test (docs/rules/bushido.md section 5, Starting Phase)', () => {
  it('Tactician (X) of the best living model only: bonuses do not stack, a removed tactician no longer counts', () => {
    const p = game([model('a1', 'a', { tactician: 1 }), model('a2', 'a', { tactician: 2 }), model('b1', 'b')], {})
    p.woundsLeft.set([3, 3, 3])
    expect(tacticalDice(p, 0)).toBe(3)
    p.woundsLeft.set([3, 0, 3])
    expect(tacticalDice(p, 0)).toBe(2)
    expect(tacticalDice(p, 1)).toBe(1)
  })
  it('one die each: an even contest once full ties are re-rolled', () => {
    expect(tacticalExact(1, 1)).toBeCloseTo(0.5, 12)
  })
  it('Tactician (1) adds a die and wins more often than not', () => {
    expect(tacticalExact(2, 1)).toBeGreaterThan(0.5)
    expect(tacticalExact(2, 1) + tacticalExact(1, 2)).toBeCloseTo(1, 12)
  })
  it('without re-rolls the Active Player would take the full ties; the Tactical Test re-rolls them instead', () => {
    const o = opposedExact(1, 1, true)
    expect(o.aWins / o.total).toBeGreaterThan(tacticalExact(1, 1))
  })
})

describe('results name each warband as a GM would', () => {
  const m = (name: string, side: string) => ({ name, side })
  it('by the word their models share ("the Ryu", "the Ito"), a lone model by name, two by both names, else side A / side B', () => {
    const skirmish = [m('Ryu Samurai', 'a'), m('Ryu Archer', 'a'), m('Ito Bandit 1', 'b'), m('Ito Bandit 2', 'b'), m('Ito Bandit 3', 'b')]
    expect(warbandName(skirmish, 'a')).toBe('the Ryu')
    expect(warbandName(skirmish, 'b')).toBe('the Ito')
    expect(warbandName([m('Kenji', 'a'), m('Ito Bandit', 'b')], 'a')).toBe('Kenji')
    expect(warbandName([m('Kenji', 'a'), m('Aiko', 'a')], 'a')).toBe('Kenji and Aiko')
    expect(warbandName([m('Kenji', 'a'), m('Aiko', 'a'), m('Goro', 'a')], 'a')).toBe('side A')
    // Two models both called "Ryu" share no word beyond the whole name: named, not "the Ryu".
    expect(warbandName([m('Ryu', 'a'), m('Ryu', 'a')], 'a')).toBe('Ryu and Ryu')
    expect(warbandName([], 'b')).toBe('side B')
  })
})

