import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { damageRowText, type DamageTable } from './damage'
import { damageRoll } from './exchange'
import { meleeDamage, rangedDamage } from './fighters'
import { specialDamage, SPECIALS } from './specials'
import type { Model } from './schema'
import { bushidoScenario, model } from './test-helpers'
import type { TraceEvent } from '../../core/trace'

type Doc = Record<string, unknown>
const models = (a: Doc, b: Doc): [Model, Model] => {
  const s = bushidoScenario([model('ronin', 'a', a), model('bandit', 'b', b)], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' })
  return [s.models[0], s.models[1]]
}

/**
 * Issue 15 item 6: the Damage Roll line shows the whole row (dice, Strength, Charge, Armour, Pierce, the
 * clamped row, the table value, then Tough / Durable / halving), so a player can check it against the
 * Wound Table of the Bushido: Risen Sun rulebook by hand.
 */
describe('Damage Roll trace a player can check by hand (issue 15 item 6)', () => {
  it('regression: Strong [1, 5, 5] keeps 10, + Strength 1 = row 11, which reads 3 at SL 1 (the old line said "= 10 → 3 wounds")', () => {
    const [r, b] = models({ strong: true, strength: 1 }, {})
    const t = meleeDamage(r, b, false, 'formula')
    const index = 0 + 4 * 6 + 4 * 36 // dice [1, 5, 5]
    expect(damageRowText(t, index, 1)).toEqual({ text: '3D6 keep the 2 highest (Strong) [1, 5, 5] = 10 + Strength 1 = row 11 → Wound Table at SL 1: 3', wounds: 3 })
  })

  it('every part in order: Charge, Armour less Pierce, the row clamped to 12, Tough, Durable', () => {
    const [r, b] = models({ strength: 3, pierce: 1 }, { armour: 2, tough: 1, durable: true })
    const t = meleeDamage(r, b, true, 'formula')
    const index = 5 + 5 * 6 // [6, 6]
    expect(damageRowText(t, index, 2).text).toBe('2D6 [6, 6] = 12 + Strength 3 + Charge 2 − Armour 1 (Armour 2 − Pierce 1) = row 16 (read as row 12) → Wound Table at SL 2: 5 − Tough 1 = 4; Durable: at most 1')
  })

  it('a Sweep Attack halves after the table, rounding down; Powerful Attack names its +3', () => {
    const [r, b] = models({}, {})
    const normal = meleeDamage(r, b, false, 'formula')
    const sweep = specialDamage(SPECIALS['sweep-attack'], normal, () => normal) as DamageTable
    expect(damageRowText(sweep, 0 + 6 * 5, 1).text).toBe('2D6 [1, 6] = 7 = row 7 → Wound Table at SL 1: 1; halved, rounding down: 0')
    const powerful = specialDamage(SPECIALS['powerful-attack'], normal, (k) => meleeDamage(r, b, false, 'formula', k)) as DamageTable
    expect(damageRowText(powerful, 0, 0).text).toBe('2D6 [1, 1] = 2 + Powerful Attack 3 = row 5 → Wound Table at SL 0: 0')
  })

  it('the written-out row always arrives at the wounds the table deals (every roll, SL 0–8, many cards)', () => {
    const cards: [Doc, Doc][] = [
      [{}, {}], [{ strength: -2 }, { armour: 3 }], [{ strength: 2, pierce: 4 }, { armour: 2, tough: -1 }], [{ strong: true }, { tough: 2 }],
      [{ weak: true, strength: 1 }, { durable: true }], [{ rangedStrength: 1, rangedPierce: 1 }, { armour: 1 }],
    ]
    for (const [a, d] of cards) {
      const [r, b] = models(a, d)
      const normal = meleeDamage(r, b, true, 'formula')
      const tables = [normal, rangedDamage(r, b, 'clamp'), specialDamage(SPECIALS['throw-attack'], normal, () => normal) as DamageTable]
      for (const t of tables) {
        for (let sl = 0; sl <= 8; sl++) for (let i = 0; i < t.faces; i++) expect(damageRowText(t, i, sl).wounds).toBe(t.wounds[sl * t.faces + i])
      }
    }
  })

  it('the trace line carries the row and the wounds dealt', () => {
    const [r, b] = models({ strength: 1 }, { armour: 1 })
    const log: TraceEvent[] = []
    const w = damageRoll(createStream(1, 0), meleeDamage(r, b, false, 'formula'), 2, log, ['ronin', 'bandit'], 'Bandit')
    expect(log[0].text).toMatch(new RegExp(`^Jet de Dégâts / Damage Roll at SL 2: 2D6 \\[\\d, \\d\\] = \\d+ \\+ Strength 1 − Armour 1 = row \\d+ → Wound Table at SL 2: \\d+ → ${w} wounds? to Bandit\\.$`))
  })
})

describe('pools and wounds in words (issue 15 item 6)', () => {
  it('a pool changed by the opposed-test rule names it: Melee 0 and Prone against Melee 3 (0 − 1 vs 3 → 1 vs 5)', async () => {
    const { compileExchange } = await import('./exchange-plan')
    const { traceExchange } = await import('./exchange-kind')
    const s = bushidoScenario([model('ronin', 'a', { melee: 0, states: ['prone'] }), model('bandit', 'b')], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' })
    const p = compileExchange(s, s.situation as import('./schema').Exchange)
    expect([p.act.pool, p.opp.pool]).toEqual([1, 5])
    const texts = traceExchange(p, createStream(1, 0)).map((e) => e.text)
    expect(texts).toContain('Ronin\'s pool: Statistique de Mêlée / Melee Pool 0 −1 Au Sol / Prone +2 opposed test: both sides add 2 dice so that each rolls at least one → 1 die.')
    expect(texts).toContain('Bandit\'s pool: Statistique de Mêlée / Melee Pool 3 +2 opposed test: both sides add 2 dice so that each rolls at least one → 5 dice.')
  })

  it('wound distributions stop at the target\'s Wounds: a 1-Wound bandit takes 0 or 1, never more (exact and sampled)', async () => {
    const { compileExchange } = await import('./exchange-plan')
    const { exactView, simulateExchange, exchangeShape, summarizeExchange } = await import('./exchange-kind')
    const { createTally } = await import('../../core/tally')
    const s = bushidoScenario([model('ronin', 'a', { strength: 3 }), model('bandit', 'b', { wounds: 1 })], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, [{ model: 'ronin', split: { attack: 3 } }, { model: 'bandit', split: { attack: 0 } }])
    const p = compileExchange(s, s.situation as import('./schema').Exchange)
    const e = exactView(p)
    expect(e.toOpp.slice(2).every((x) => x === 0)).toBe(true)
    expect(e.toOpp[1]).toBeCloseTo(e.oppRemoved, 12)
    const tally = createTally(exchangeShape(p))
    for (let t = 0; t < 300; t++) simulateExchange(p, createStream(t, 2), tally)
    tally.trials = 300
    const dealt = summarizeExchange(p, tally).find((m) => m.id === 'wounds-dealt:ronin')
    expect(dealt?.kind === 'distribution' && dealt.bins.map((b) => b.value).every((v) => v <= 1)).toBe(true)
  })
})
