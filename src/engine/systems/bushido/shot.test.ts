import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { challengeExact } from '../../dice/bushido-d6'
import type { Shot } from './schema'
import { compileShot, shotExactView, traceShot } from './shot'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

function shot(situation: Doc, shooter: Doc = {}, target: Doc = {}, rules: Doc = {}) {
  const models = [model('archer', 'a', { ranged: 3, ...shooter }), model('ronin', 'a', { armour: 1 }), model('bandit', 'b', target)]
  const s = bushidoScenario(models, { kind: 'shot', shooter: 'archer', target: 'bandit', range: 'short', ...situation }, [], rules)
  return compileShot(s, s.situation as Shot)
}

describe('Ranged Attack (seed "SÉQUENCE DE TIR COMPLÈTE"; rules.md §4.6)', () => {
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
  it('trace `at` is the step of the seed\'s "SÉQUENCE DE TIR": 2 target, 6 Challenge Number, 9 roll, 11 who is hit in the melee, 12 Damage Roll', () => {
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
