import { describe, expect, it } from 'vitest'
import { diceOfIndex, finalOfDice } from '../../dice/bushido-d6'
import { expectedWounds, woundWays, type DamageTable } from './damage'
import { playExchange, newResult } from './exchange'
import { marginals, pairExact } from './exchange-exact'
import { compileExchange } from './exchange-plan'
import { traceExchange } from './exchange-kind'
import { meleeDamage } from './fighters'
import { scenarioSchema } from './scenario'
import { optionIndex, optionLabel, specialDamage, SPECIALS, splitOptions } from './specials'
import { bushidoScenario, model } from './test-helpers'
import type { Exchange } from './schema'
import { payoff } from '../../core/zero-sum'
import { createStream } from '../../core/rng'
import { withinStandardErrors } from '../../../../tests/helpers'

type Doc = Record<string, unknown>

/** Ronin (activating, Initiative) against Bandit, both Melee 3, with the specials and plans given. */
function duel(actSpecials: Doc[], oppSpecials: Doc[], plans: Doc[] = []) {
  const s = bushidoScenario([model('ronin', 'a', { specials: actSpecials }), model('bandit', 'b', { specials: oppSpecials })], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, plans)
  return compileExchange(s, s.situation as Exchange)
}

const halfExpected = (t: DamageTable, sl: number): number => woundWays(t, sl).reduce((s, w, k) => s + w * Math.floor(k / 2), 0) / t.faces

/**
 * Independent enumeration of explicit dice (no summary codes): the first Attacker (active) rolls fa/fd
 * dice, the second ga/gd. Returns P(first hits), P(second strikes back) and E[wounds] both ways given
 * the first's wounds per SL and the second's, and whether the second may strike after each outcome.
 */
function brute(fa: number, fd: number, ga: number, gd: number, w1: (sl: number) => number, w2: (sl: number) => number, reply: (firstHit: boolean) => boolean) {
  let pHit = 0
  let pBack = 0
  let toSecond = 0
  let toFirst = 0
  const n = fa + fd + ga + gd
  const total = 6 ** n
  for (let i = 0; i < total; i++) {
    const d = diceOfIndex(i, n)
    const [A, D, B, E] = [d.slice(0, fa), d.slice(fa, fa + fd), d.slice(fa + fd, fa + fd + ga), d.slice(fa + fd + ga)]
    const nf = d.slice(0, fa + fd).filter((x) => x > 1).length
    const ng = d.slice(fa + fd).filter((x) => x > 1).length
    const wins = (att: number, def: number, na: number, nb: number, active: boolean) => att > def || (att === def && (na > nb || (na === nb && active)))
    const hit = fa > 0 && wins(finalOfDice(A), finalOfDice(E), nf, ng, true)
    const back = ga > 0 && wins(finalOfDice(B), finalOfDice(D), ng, nf, false)
    if (hit) {
      pHit += 1 / total
      toSecond += w1(finalOfDice(A) - finalOfDice(E)) / total
    }
    if (back && reply(hit)) {
      pBack += 1 / total
      toFirst += w2(Math.max(0, finalOfDice(B) - finalOfDice(D))) / total
    }
  }
  return { pHit, pBack, toSecond, toFirst }
}

const mean = (d: number[]): number => d.reduce((s, p, k) => s + p * k, 0)

describe('Special Attacks and Defences: cost, one per exchange, trigger (docs/rules/bushido.md section 2 steps 4–6)', () => {
  it('paying Sweep Attack (1) removes one die before the split: a pool of 3 splits 2 dice, 1 or 2 of them in Attack', () => {
    const o = splitOptions(3, [{ ability: 'sweep-attack', cost: 1 }])
    const withSweep = Array.from({ length: o.count }, (_, i) => i).filter((i) => o.special[i] === 0)
    expect(withSweep.map((i) => optionLabel(o, i, 3))).toEqual(['1/1 + Sweep Attack (1)', '2/0 + Sweep Attack (1)'])
    expect(o.count).toBe(4 + 2)
  })

  it('the cost cannot reduce the pool to 0: Powerful Attack (3) is not offered from a pool of 3, (2) is', () => {
    expect(splitOptions(3, [{ ability: 'powerful-attack', cost: 3 }]).count).toBe(4)
    expect(splitOptions(3, [{ ability: 'powerful-attack', cost: 2 }]).count).toBe(5)
  })

  it('a Special Defence is only offered with at least one Defence die (no Defence dice → it cannot trigger)', () => {
    const o = splitOptions(3, [{ ability: 'sidestep-defence', cost: 1 }])
    const attacks = Array.from({ length: o.count }, (_, i) => i).filter((i) => o.special[i] === 0).map((i) => o.attack[i])
    expect(attacks).toEqual([0, 1])
  })

  it("at most one special per exchange: every option declares none or exactly one of the card's specials", () => {
    const o = splitOptions(4, [{ ability: 'sweep-attack', cost: 1 }, { ability: 'grapple-defence', cost: 1 }])
    expect(o.count).toBe(5 + 3 + 3)
    expect(new Set(o.special)).toEqual(new Set([-1, 0, 1]))
  })

  it('Powerful Attack (+3 to the Damage Roll) reads the table three rows lower; Sweep and Throw halve the wounds (rounded down); Push makes no Damage Roll', () => {
    const s = bushidoScenario([model('ronin', 'a'), model('bandit', 'b')], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' })
    const [r, b] = s.models
    const normal = meleeDamage(r, b, false, 'formula')
    const plus3 = specialDamage(SPECIALS['powerful-attack'], normal, (k) => meleeDamage(r, b, false, 'formula', k)) as DamageTable
    expect(expectedWounds(plus3, 0)).toBeCloseTo((11 * 1 + 5 * 2 + 10 * 3) / 36, 12) // SL 0, 2D6 + 3: raw 6–7 → row 9–10 → 1, raw 8 → 2, raw 9+ → row 12 → 3
    const half = specialDamage(SPECIALS['sweep-attack'], normal, () => normal) as DamageTable
    expect(expectedWounds(half, 3)).toBeCloseTo(halfExpected(normal, 3), 12)
    expect(specialDamage(SPECIALS['push-attack'], normal, () => normal)).toBeNull()
  })

  it('rounding (issue 15 item 1; Bushido: Risen Sun, the publisher\'s online rules reference: "If results are divided and leave fractions, always round down"): a Sweep or Throw hit whose table value is 1 does 0 wounds, 3 does 1', () => {
    const s = bushidoScenario([model('ronin', 'a'), model('bandit', 'b')], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' })
    const normal = meleeDamage(s.models[0], s.models[1], false, 'formula')
    for (const key of ['sweep-attack', 'throw-attack'] as const) {
      const half = specialDamage(SPECIALS[key], normal, () => normal) as DamageTable
      for (let i = 0; i < normal.faces; i++) {
        for (let sl = 0; sl <= normal.maxSl; sl++) {
          const full = normal.wounds[sl * normal.faces + i]
          expect(half.wounds[sl * normal.faces + i]).toBe(Math.floor(full / 2))
        }
      }
      // SL 1 on a row of 6–8 (2D6 = 7, Strength 0) reads 1 wound on the Wound Table: halved, 0
      const seven = [1, 6] // die values of roll index 30: (30 % 6) + 1 = 1, floor(30 / 6) + 1 = 6
      const index = (seven[1] - 1) * 6 + (seven[0] - 1)
      expect(normal.wounds[1 * normal.faces + index]).toBe(1)
      expect(half.wounds[1 * normal.faces + index]).toBe(0)
    }
  })

  it('Sweep Attack: the Defender knocked Prone (Au Sol) does not strike back, and takes half the wounds (exact = explicit dice)', () => {
    const p = duel([{ ability: 'sweep-attack', cost: 1 }], [], [{ model: 'ronin', split: { attack: 2 }, special: 'sweep-attack' }, { model: 'bandit', split: { attack: 2 } }])
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    const b = brute(2, 0, 2, 1, (sl) => halfExpected(p.act.damage, sl), (sl) => expectedWounds(p.opp.damage, sl), (hit) => !hit)
    const [toOpp, toAct] = marginals(r)
    expect(r.pHitFirst).toBeCloseTo(b.pHit, 12)
    expect(r.pHitSecond).toBeCloseTo(b.pBack, 12)
    expect(mean(toOpp)).toBeCloseTo(b.toSecond, 12)
    expect(mean(toAct)).toBeCloseTo(b.toFirst, 12)
    expect(r.pSpecialFirst).toBeCloseTo(b.pHit, 12)
  })

  it('Sidestep Defence: when the Attack fails, the Defender leaves base contact and the exchange ends (it does not strike either)', () => {
    const p = duel([], [{ ability: 'sidestep-defence', cost: 1 }], [{ model: 'ronin', split: { attack: 3 } }, { model: 'bandit', split: { attack: 1 }, special: 'sidestep-defence' }])
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    const survives = (sl: number): number => woundWays(p.act.damage, sl).slice(0, 3).reduce((s, w) => s + w, 0) / p.act.damage.faces
    // strikes back only after a hit that left it standing (Sidestep only triggers on a failed Attack)
    const b = brute(3, 0, 1, 1, (sl) => survives(sl), (sl) => expectedWounds(p.opp.damage, sl), (hit) => hit)
    expect(r.pHitSecond).toBeLessThanOrEqual(b.pBack + 1e-12)
    expect(r.pHitSecond).toBeGreaterThan(0)
    expect(r.pSpecialSecond).toBeCloseTo(1 - b.pHit, 12)
    const noSpecial = duel([], [{ ability: 'sidestep-defence', cost: 1 }], [{ model: 'ronin', split: { attack: 3 } }, { model: 'bandit', split: { attack: 1 } }])
    const r0 = pairExact(noSpecial.setup, noSpecial.act.strategy.fixed, noSpecial.opp.strategy.fixed)
    expect(r0.pHitSecond).toBeGreaterThan(r.pHitSecond)
  })

  it('Grapple Defence leaves the Attacker Held but in contact: the Defender still strikes back', () => {
    const p = duel([], [{ ability: 'grapple-defence', cost: 1 }], [{ model: 'ronin', split: { attack: 2 } }, { model: 'bandit', split: { attack: 1 }, special: 'grapple-defence' }])
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    const b = brute(2, 1, 1, 1, (sl) => expectedWounds(p.act.damage, sl), (sl) => expectedWounds(p.opp.damage, sl), () => true)
    expect(r.pSpecialSecond).toBeCloseTo(1 - b.pHit, 12)
    expect(r.pSecondWins).toBeCloseTo(b.pBack, 12)
  })

  it('Push Attack: the Defender is pushed away with no Damage Roll: no wounds either way once it lands', () => {
    const p = duel([{ ability: 'push-attack', cost: 1 }], [], [{ model: 'ronin', split: { attack: 2 }, special: 'push-attack' }, { model: 'bandit', split: { attack: 3 } }])
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    expect(marginals(r)[0][0]).toBeCloseTo(1, 12)
    const b = brute(2, 0, 3, 0, () => 0, (sl) => expectedWounds(p.opp.damage, sl), (hit) => !hit)
    expect(r.pHitSecond).toBeCloseTo(b.pBack, 12)
  })

  it('the split matrix has a row per split × special choice, and the recommended mix is an equilibrium over them', () => {
    const p = duel([{ ability: 'sweep-attack', cost: 1 }], [{ ability: 'sidestep-defence', cost: 1 }])
    expect(p.matrix.cells.length).toBe(6)
    expect(p.matrix.cells[0].length).toBe(4 + 2)
    expect(p.matrix.actLabels).toContain('2/0 + Sweep Attack (1)')
    expect(p.matrix.oppLabels).toContain('1/1 + Sidestep Defence (1)')
    const a = p.matrix.cells.map((row) => row.map((c) => c.payoff))
    const { row, col, value } = p.matrix.mix
    expect(payoff(a, row, col)).toBeCloseTo(value, 9)
    for (let i = 0; i < a.length; i++) expect(payoff(a, a.map((_, k) => (k === i ? 1 : 0)), col)).toBeLessThanOrEqual(value + 1e-9)
    for (let j = 0; j < a[0].length; j++) expect(payoff(a, row, a[0].map((_, k) => (k === j ? 1 : 0)))).toBeGreaterThanOrEqual(value - 1e-9)
  })

  it('a plan fixes a split with a special: option of 2 Attack dice after paying for the Sweep', () => {
    const p = duel([{ ability: 'sweep-attack', cost: 1 }], [], [{ model: 'ronin', split: { attack: 2 }, special: 'sweep-attack' }])
    expect(p.act.strategy.fixed).toBe(optionIndex(p.act.options, 2, 'sweep-attack'))
    expect(optionLabel(p.act.options, p.act.strategy.fixed, 3)).toBe('2/0 + Sweep Attack (1)')
  })

  it('trace: the split names the special and its cost, and the special is announced when it triggers', () => {
    const p = duel([{ ability: 'sweep-attack', cost: 1 }], [], [{ model: 'ronin', split: { attack: 2 }, special: 'sweep-attack' }, { model: 'bandit', split: { attack: 3 } }])
    let seen = false
    for (let seed = 1; seed < 40 && !seen; seed++) {
      const log = traceExchange(p, createStream(seed, 0))
      expect(log.map((e) => e.text).join('\n')).toMatch(/Ronin 2 Attack \/ 0 Defence after paying 1 die for Sweep Attack \(Attaque Spéciale\)/)
      const i = log.findIndex((e) => /Sweep Attack succeeds/.test(e.text))
      if (i >= 0) {
        seen = true
        expect(log.slice(i).some((e) => /cannot strike back/.test(e.text) || /removed/.test(e.text))).toBe(true)
      }
    }
    expect(seen).toBe(true)
  })

  it('simulate and exact agree that a landed Sweep never lets the Defender strike back', () => {
    const p = duel([{ ability: 'sweep-attack', cost: 1 }], [], [{ model: 'ronin', split: { attack: 2 }, special: 'sweep-attack' }, { model: 'bandit', split: { attack: 3 } }])
    const rng = createStream(5, 0)
    const out = newResult()
    for (let t = 0; t < 2000; t++) {
      playExchange(p.setup, rng, out)
      if (out.hitFirst) expect(out.hitSecond).toBe(false)
      expect(out.specialFirst).toBe(out.hitFirst)
    }
  })
})

describe('Special validation (path and allowed values)', () => {
  const doc = (plans: Doc[], specials: Doc[] = [{ ability: 'sweep-attack', cost: 1 }]): Doc => ({
    schemaVersion: 1, name: 't', system: 'bushido', models: [model('ronin', 'a', { specials }), model('bandit', 'b')],
    situation: { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, plans, run: { trials: 10, seed: 1 },
  })
  const issues = (d: Doc) => {
    const r = scenarioSchema.safeParse(d)
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }

  it('an unknown ability names the catalogue', () => {
    expect(issues(doc([], [{ ability: 'dragon-attack', cost: 1 }])).join()).toMatch(/models\.0\.specials\.0\.ability: must be one of "powerful-attack", "sweep-attack"/)
  })
  it('a special the model does not have', () => {
    expect(issues(doc([{ model: 'bandit', split: { attack: 1 }, special: 'sweep-attack' }])).join()).toMatch(/plans\.0\.special: Bandit has no specials on its card/)
  })
  it('a cost that would reduce the pool to 0', () => {
    expect(issues(doc([{ model: 'ronin', split: { attack: 1 }, special: 'sweep-attack' }], [{ ability: 'sweep-attack', cost: 3 }])).join()).toMatch(/plans\.0\.special: costs 3 dice: it may not reduce Ronin's pool of 3 to 0/)
  })
  it('a Special Attack with no Attack dice, a split larger than the pool left after paying', () => {
    expect(issues(doc([{ model: 'ronin', split: { attack: 0 }, special: 'sweep-attack' }])).join()).toMatch(/plans\.0\.split\.attack: must be 1–2: a Special Attack needs Attack dice/)
    expect(issues(doc([{ model: 'ronin', split: { attack: 3 }, special: 'sweep-attack' }])).join()).toMatch(/plans\.0\.split\.attack: must be 0–2 .*after paying 1 for sweep-attack/)
  })
  it('a special without a fixed split, and the same ability twice on a card', () => {
    expect(issues(doc([{ model: 'ronin', special: 'sweep-attack' }])).join()).toMatch(/plans\.0\.special: needs a fixed split/)
    expect(issues(doc([], [{ ability: 'sweep-attack', cost: 1 }, { ability: 'sweep-attack', cost: 2 }])).join()).toMatch(/models\.0\.specials\.1\.ability: must be unique/)
  })
})

describe('Parry (X): +X on the highest Defence die (docs/rules/bushido.md section 1 and section 2 step 5)', () => {
  const parried = (allOnes: string) => {
    const s = bushidoScenario([model('ronin', 'a'), model('bandit', 'b', { parry: 1 })], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, [{ model: 'ronin', split: { attack: 2 } }, { model: 'bandit', split: { attack: 1 } }], { allOnes })
    return compileExchange(s, s.situation as Exchange)
  }
  /** P(ronin's 2 Attack dice hit the bandit's 2 Defence dice with Parry 1), every roll of the 6 dice written out. */
  const explicitHit = (parryOnAllOnes: boolean): number => {
    let pHit = 0
    for (let i = 0; i < 6 ** 6; i++) {
      const d = diceOfIndex(i, 6)
      const att = finalOfDice(d.slice(0, 2))
      const raw = finalOfDice(d.slice(4, 6))
      const def = raw > 0 || parryOnAllOnes ? raw + 1 : 0
      const nf = d.slice(0, 3).filter((x) => x > 1).length
      const ng = d.slice(3).filter((x) => x > 1).length
      if (att > def || (att === def && nf >= ng)) pHit += 6 ** -6
    }
    return pHit
  }
  it('Parry 1 adds 1 to the final Defence when Defence dice were allocated, not when every die went to Attack (exact = explicit dice)', () => {
    const p = parried('zero')
    expect(pairExact(p.setup, 2, 1).pHitFirst).toBeCloseTo(explicitHit(false), 12)
    expect(pairExact(p.setup, 2, 3).pHitFirst).toBeGreaterThan(pairExact(p.setup, 2, 1).pHitFirst)
  })
  it('"if every die rolled 1, final = 0" (docs/rules/bushido.md section 1): Defence dice 1, 1 with Parry 1 is a Defence of 0, not 1', () => {
    expect(explicitHit(false)).not.toBeCloseTo(explicitHit(true), 6)
    expect(pairExact(parried('zero').setup, 2, 1).pHitFirst).toBeCloseTo(explicitHit(false), 12)
  })
  it('variant allOnes "modifiers": Parry still adds 1 to a Defence whose dice all rolled 1', () => {
    expect(pairExact(parried('modifiers').setup, 2, 1).pHitFirst).toBeCloseTo(explicitHit(true), 12)
  })
})

describe('Brutal (X) when every Attack die rolled 1 (docs/rules/bushido.md section 1; variant allOnes)', () => {
  const brutal = (allOnes: string) => {
    const s = bushidoScenario([model('ronin', 'a', { melee: 1, brutal: 3 }), model('bandit', 'b')], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, [{ model: 'ronin', split: { attack: 1 } }, { model: 'bandit', split: { attack: 0 } }], { allOnes })
    return compileExchange(s, s.situation as Exchange)
  }
  /** Ronin's single Attack die with Brutal 3 against 3 Defence dice, every roll written out. */
  const explicitHit = (brutalOnAllOnes: boolean): number => {
    let pHit = 0
    for (let i = 0; i < 6 ** 4; i++) {
      const d = diceOfIndex(i, 4)
      const raw = finalOfDice(d.slice(0, 1))
      const att = raw > 0 || brutalOnAllOnes ? raw + 3 : 0
      const def = finalOfDice(d.slice(1))
      const nf = d.slice(0, 1).filter((x) => x > 1).length
      const ng = d.slice(1).filter((x) => x > 1).length
      if (att > def || (att === def && nf >= ng)) pHit += 6 ** -4
    }
    return pHit
  }
  it('default "zero": an Attack die that rolled 1 gives Attack 0 even with Brutal 3 (exact = explicit dice)', () => {
    expect(pairExact(brutal('zero').setup, 1, 0).pHitFirst).toBeCloseTo(explicitHit(false), 12)
  })
  it('"modifiers": Brutal 3 makes that Attack 3, which beats a Defence of 2 (one Defence die 2, the others 1)', () => {
    expect(pairExact(brutal('modifiers').setup, 1, 0).pHitFirst).toBeCloseTo(explicitHit(true), 12)
    expect(explicitHit(true)).toBeGreaterThan(explicitHit(false))
  })
  it('sampled exchanges agree with the exact value under each reading (fixed seed, 4 standard errors)', () => {
    for (const v of ['zero', 'modifiers']) {
      const p = brutal(v)
      const rng = createStream(7, 0)
      const out = newResult()
      const n = 40000
      let hits = 0
      for (let t = 0; t < n; t++) {
        playExchange(p.setup, rng, out)
        if (out.hitFirst) hits++
      }
      expect(withinStandardErrors(hits, n, pairExact(p.setup, 1, 0).pHitFirst, 4)).toBe(true)
    }
  })
})
