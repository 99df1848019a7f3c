import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { challengeExact, diceOfIndex, finalOfDice } from '../../dice/bushido-d6'
import { woundWays } from './damage'
import type { Game, Shot } from './schema'
import { compileShot, rangedTestExact, shotExactView, traceShot } from './shot'
import { bushidoScenario, model } from './test-helpers'
import type { TraceEvent } from '../../core/trace'
import { compileGame } from './game-plan'
import { playGame } from './game'

type Doc = Record<string, unknown>

function shot(situation: Doc, shooter: Doc = {}, target: Doc = {}, rules: Doc = {}) {
  const models = [model('archer', 'a', { ranged: 3, ...shooter }), model('ronin', 'a', { armour: 1 }), model('bandit', 'b', target)]
  const s = bushidoScenario(models, { kind: 'shot', shooter: 'archer', target: 'bandit', range: 'short', ...situation }, [], rules)
  return compileShot(s, s.situation as Shot)
}

describe('Ranged Attack (the reference card\'s "SÉQUENCE DE TIR COMPLÈTE"; docs/rules/bushido.md section 3)', () => {
  it('a challenge test of the Ranged Pool against the Challenge Number: Short, Medium target → 4 − 1 = 3', () => {
    const p = shot({})
    expect(p.cn).toBe(3)
    expect(shotExactView(p).success).toBeCloseTo(challengeExact(3, 3).success / 216, 12)
  })
  it('"au-delà de Longue": beyond the Long band the attack fails automatically and draws nothing', () => {
    const p = shot({ range: 'beyond' })
    expect(shotExactView(p).success).toBe(0)
    const rng = createStream(1, 0)
    const log = traceShot(p, rng)
    expect(log.some((e) => e.text.includes('fails automatically'))).toBe(true)
  })
  it('trace `at` is the step of the reference card\'s "SÉQUENCE DE TIR": 2 target, 6 Challenge Number, 9 roll, 11 who is hit in the melee, 12 Damage Roll', () => {
    const p = shot({ engagedAlly: 'ronin' }, { ranged: 6 })
    for (let seed = 1; seed <= 20; seed++) {
      const log = traceShot(p, createStream(seed, 0))
      const steps = log.map((e) => e.at)
      expect(steps.slice(0, 3)).toEqual([2, 6, 9])
      if (log[2].kind === 'hit') expect(steps.slice(3)).toEqual(log.length === 6 ? [11, 12, 12] : [11, 12])
    }
  })
  it('"Vérification des Munitions": with no Ammo tokens left the attack ends', () => {
    const p = shot({}, { ammo: 0 })
    expect(shotExactView(p).success).toBe(0)
  })
  it('"Si la Cible était en CSS avec une figurine Hostile, vérifiez qui est touché": the Ranged Challenge (6) decides', () => {
    const p = shot({ engagedAlly: 'ronin' })
    // Medium target: 6 − 1 = 5 with the same 3 Ranged dice
    expect(p.intoMelee?.number).toBe(5)
    const e = shotExactView(p)
    const right = challengeExact(3, 5).success / 216
    expect(e.hitTarget).toBeCloseTo(e.success * right, 12)
    expect(e.hitAlly).toBeCloseTo(e.success * (1 - right), 12)
  })
  it('"Cible Énorme: Succès Auto.": a Huge target in the melee is always the one hit', () => {
    const p = shot({ engagedAlly: 'ronin' }, {}, { size: 'huge' })
    expect(p.intoMelee).toBeNull()
    const e = shotExactView(p)
    expect(e.hitAlly).toBe(0)
    expect(e.hitTarget).toBeCloseTo(e.success, 12)
  })
  it('the Damage Roll uses SL = final − Challenge Number and the victim\'s own Armour', () => {
    const p = shot({ engagedAlly: 'ronin' })
    const e = shotExactView(p)
    const meanTarget = e.toTarget.reduce((s, x, k) => s + x * k, 0) / e.hitTarget
    const meanAlly = e.toAlly.reduce((s, x, k) => s + x * k, 0) / e.hitAlly
    // the friendly samurai wears Armour 1, the bandit none: same SL distribution, fewer wounds
    expect(meanAlly).toBeLessThan(meanTarget)
  })
  it('trace shows the Challenge Number with French and English labels and the dice', () => {
    const log = traceShot(shot({ cover: true }), createStream(2, 0))
    expect(log[1].text).toBe('Difficulté du Tir / Challenge Number: Portée Courte / Short range 4 −1 Cible Moyenne / Medium target +2 Cible à couvert / Target in Cover = 5.')
    expect(log[2].text).toMatch(/^Ryu|^Archer rolls 3 dice \[\d, \d, \d\] = \d/)
  })
})

describe('Brutal (X) on a ranged weapon (docs/rules/bushido.md section 4: "adds X to the final Attack result (melee, if any dice were put in Attack; ranged always)")', () => {
  /** P(success) and P(SL = k) by listing every roll of n dice: final + Brutal unless every die is a 1. */
  function brute(n: number, cn: number, brutal: number, onAllOnes: boolean): { success: number; bySl: number[] } {
    const total = 6 ** n
    const bySl: number[] = []
    let success = 0
    for (let i = 0; i < total; i++) {
      const d = diceOfIndex(i, n)
      const allOnes = d.every((x) => x === 1)
      const f = finalOfDice(d) + (allOnes && !onAllOnes ? 0 : brutal)
      if (f < cn) continue
      success += 1 / total
      bySl[f - cn] = (bySl[f - cn] ?? 0) + 1 / total
    }
    return { success, bySl }
  }

  it('Brutal 1 on a 3-dice Ranged Attack at Challenge Number 3 (Short, Medium target): every roll counts one higher', () => {
    const p = shot({}, { rangedBrutal: 1 })
    expect(p.brutal).toBe(1)
    const want = brute(3, 3, 1, false)
    const e = shotExactView(p)
    expect(e.success).toBeCloseTo(want.success, 12)
    expect(e.success).toBeGreaterThan(shotExactView(shot({})).success)
    const r = rangedTestExact(3, 3, 1, false)
    want.bySl.forEach((q, sl) => expect(r.bySuccessLevel[sl] / r.total, `SL ${sl}`).toBeCloseTo(q, 12))
  })

  it('the Damage Roll reads SL = final + Brutal − Challenge Number (Brutal 2 against Long range, Medium target: 6 − 1 = 5)', () => {
    const p = shot({ range: 'long' }, { rangedBrutal: 2 }, { wounds: 20 }) // 20 Wounds: no wound is lost beyond those it has
    const want = brute(3, 5, 2, false)
    const e = shotExactView(p)
    const meanWounds = e.toTarget.reduce((s, x, k) => s + x * k, 0)
    const fromBrute = want.bySl.reduce((s, q, sl) => s + (q ?? 0) * woundWays(p.damageTarget, sl).reduce((t, w, k) => t + w * k, 0) / p.damageTarget.faces, 0)
    expect(meanWounds).toBeCloseTo(fromBrute, 12)
  })

  it('every die a 1: the final result is 0 and Brutal does not add (allOnes "zero"); it adds under allOnes "modifiers"', () => {
    // Short 4, Huge target −3 = Challenge Number 1: a 1-die roll of 1 misses only because Brutal does not add
    expect(shotExactView(shot({}, { ranged: 1, rangedBrutal: 1 }, { size: 'huge' })).success).toBeCloseTo(5 / 6, 12)
    expect(shotExactView(shot({}, { ranged: 1, rangedBrutal: 1 }, { size: 'huge' }, { allOnes: 'modifiers' })).success).toBe(1)
  })

  it('the melee weapon\'s Brutal does not carry over to the ranged weapon', () => {
    expect(shotExactView(shot({}, { brutal: 3 })).success).toBeCloseTo(shotExactView(shot({})).success, 12)
  })

  it('our reading: the Ranged Challenge (6) to hit the right model in a melee is its own test: no Brutal there', () => {
    const p = shot({ engagedAlly: 'ronin' }, { rangedBrutal: 2 })
    const e = shotExactView(p)
    expect(e.hitTarget / e.success).toBeCloseTo(challengeExact(3, 5).success / 216, 12)
  })

  it('trace: the roll, then "+ Brutal X =" the final result read against the Challenge Number', () => {
    const p = shot({}, { rangedBrutal: 1 })
    for (let seed = 1; seed <= 30; seed++) {
      const line = traceShot(p, createStream(seed, 0))[2].text
      const m = /rolls 3 dice \[(\d), (\d), (\d)\] = (\d)(?: \+ Brutal 1 = (\d))? against 3: (miss|success, SL (\d+))/.exec(line)
      expect(m, line).not.toBeNull()
      const dice = [m?.[1], m?.[2], m?.[3]].map(Number)
      const final = finalOfDice(dice) + (dice.every((x) => x === 1) ? 0 : 1)
      expect(Number(m?.[5] ?? m?.[4])).toBe(final)
      expect(m?.[6] === 'miss').toBe(final < 3)
      if (final >= 3) expect(Number(m?.[7])).toBe(final - 3)
    }
  })
})

describe('Brutal (X) on a ranged weapon in a game (docs/rules/bushido.md section 4)', () => {
  it('a Shoot action adds the ranged weapon\'s Brutal to the final result and reads the SL from it', () => {
    const s = bushidoScenario([model('archer', 'a', { ranged: 3, rangedBrutal: 2 }), model('bandit', 'b', { wounds: 20 })], { kind: 'game', turns: 1, tactics: [{ model: 'archer', action: 'shoot', target: 'bandit', range: 'long' }] })
    const p = compileGame(s, s.situation as Game)
    let shots = 0
    for (let seed = 1; seed <= 20; seed++) {
      const log: TraceEvent[] = []
      playGame(p, createStream(seed, 0), null, log)
      for (const e of log) {
        const m = /shoots Bandit \(Tir\): \[(\d), (\d), (\d)\] = (\d)(?: \+ Brutal 2 = (\d+))? against Challenge Number (\d)[^:]*: (miss|success, SL (\d+))/.exec(e.text)
        if (!m) continue
        shots++
        const dice = [m[1], m[2], m[3]].map(Number)
        const final = finalOfDice(dice) + (dice.every((x) => x === 1) ? 0 : 2)
        expect(Number(m[5] ?? m[4])).toBe(final)
        const cn = Number(m[6])
        expect(m[7] === 'miss').toBe(final < cn)
        if (final >= cn) expect(Number(m[8])).toBe(final - cn)
      }
    }
    expect(shots).toBeGreaterThan(20)
  })
})

describe('a Stunned or Frightened shooter (the publisher\'s rules reference, states: −1 Ranged Pool each)', () => {
  it('rolls one die fewer for each: Ranged 3 Stunned and Frightened rolls 1 die', () => {
    expect(shot({}, { ranged: 3 }).pool).toBe(3)
    expect(shot({}, { ranged: 3, states: ['stunned'] }).pool).toBe(2)
    expect(shot({}, { ranged: 3, states: ['stunned', 'frightened'] }).pool).toBe(1)
    expect(shot({}, { ranged: 1, states: ['stunned'] }).pool).toBe(1)
  })
})
