import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { pairExact } from './exchange-exact'
import { traceExchange } from './exchange-kind'
import { compileExchange } from './exchange-plan'
import { fight } from './game-actions'
import { compileGame } from './game-plan'
import { variants, type Exchange, type Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

/**
 * Issue 15 item 3. The French reference card of the Bushido: Risen Sun rulebook (Passe d'armes, pp.38–42):
 * the model without the Initiative strikes back "si elle est toujours vivante, en CSS avec l'Attaquant et
 * n'est pas Au Sol". A model already Prone when the exchange begins does not strike back (default "no");
 * the old reading, where only a model knocked Prone in this exchange is stopped, is "knocked-down-only".
 */
describe('a model already Prone (Au Sol) does not strike back (issue 15 item 3)', () => {
  const duel = (rules: Doc, bandit: Doc = {}) => {
    const s = bushidoScenario([model('ronin', 'a', { wounds: 20 }), model('bandit', 'b', { wounds: 20, states: ['prone'], ...bandit })], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, [{ model: 'ronin', split: { attack: 1 } }, { model: 'bandit', split: { attack: 2 } }], rules)
    return compileExchange(s, s.situation as Exchange)
  }

  it('is a documented variant, default "no" (the card), alternative "knocked-down-only"', () => {
    const v = variants.find((x) => x.key === 'proneStrikeBack')
    expect(v?.default).toBe('no')
    expect(v?.values.map((x) => x.value)).toEqual(['no', 'knocked-down-only'])
  })

  it('default: the Prone bandit wins its comparisons but never lands a strike (exact), and the trace says why', () => {
    const p = duel({})
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    expect(r.pSecondWins).toBeGreaterThan(0.3)
    expect(r.pHitSecond).toBe(0)
    let told = 0
    for (let seed = 1; seed <= 40; seed++) {
      const log = traceExchange(p, createStream(seed, 0))
      expect(log.some((e) => e.kind === 'hit' && e.who[0] === 'bandit')).toBe(false)
      if (log.some((e) => e.text === 'Bandit cannot strike back: it is Prone (Au Sol), and only a model that is not Au Sol strikes back.')) told++
    }
    expect(told).toBeGreaterThan(30)
  })

  it('"knocked-down-only": the Prone bandit strikes back whenever it wins its comparison and is still standing in contact', () => {
    const p = duel({ proneStrikeBack: 'knocked-down-only' })
    const r = pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed)
    expect(r.pHitSecond).toBeGreaterThan(0.3)
    expect(r.pHitSecond).toBeCloseTo(r.pSecondWins, 12) // 20 wounds: the ronin's single die never kills it
  })

  it('a standing bandit is unaffected by the variant', () => {
    const a = duel({}, { states: [] })
    const b = duel({ proneStrikeBack: 'knocked-down-only' }, { states: [] })
    expect(pairExact(a.setup, 1, 2).pHitSecond).toBeCloseTo(pairExact(b.setup, 1, 2).pHitSecond, 12)
    expect(pairExact(a.setup, 1, 2).pHitSecond).toBeGreaterThan(0)
  })

  it('in a game: a bandit that is Prone when the ronin engages it does not strike back', () => {
    const s = bushidoScenario([model('ronin', 'a', { wounds: 20 }), model('bandit', 'b', { wounds: 20 })], { kind: 'game', turns: 1, engaged: [['ronin', 'bandit']] }, [{ model: 'ronin', split: { attack: 1 } }, { model: 'bandit', split: { attack: 3 } }])
    const p = compileGame(s, s.situation as Game)
    let strikes = 0
    for (const prone of [1, 0]) {
      for (let seed = 1; seed <= 30; seed++) {
        p.woundsLeft.set([20, 20])
        p.counters.set([2, 2])
        p.engaged.set([1, 0])
        p.prone.set([0, prone])
        const log: TraceEvent[] = []
        fight(p, createStream(seed, 0), 0, 1, 0, true, 1, log)
        const hits = log.filter((e) => e.kind === 'hit' && e.who[0] === 'bandit').length
        if (prone) expect(hits).toBe(0)
        else strikes += hits
      }
    }
    expect(strikes).toBeGreaterThan(10)
  })
})

/**
 * Issue 15 item 5. The card only says "Sans dé attribué à la Défense, aucune Défense Spéciale ne se
 * déclenche"; whether a Special Defence triggers against a model that put no dice in Attack is a variant.
 */
describe('a Special Defence against a model with no Attack dice (issue 15 item 5)', () => {
  const duel = (rules: Doc) => {
    const s = bushidoScenario(
      [model('ronin', 'a', { wounds: 20 }), model('bandit', 'b', { wounds: 20, specials: [{ ability: 'grapple-defence', cost: 1 }] })],
      { kind: 'exchange', activating: 'ronin', opponent: 'bandit' },
      [{ model: 'ronin', split: { attack: 0 } }, { model: 'bandit', split: { attack: 0 }, special: 'grapple-defence' }],
      rules,
    )
    return compileExchange(s, s.situation as Exchange)
  }
  it('is a documented variant, default "no-trigger"', () => {
    const v = variants.find((x) => x.key === 'specialDefenceNoAttack')
    expect(v?.default).toBe('no-trigger')
    expect(v?.values.map((x) => x.value)).toEqual(['no-trigger', 'triggers'])
    expect(v?.source).toMatch(/pp\.38–42/)
  })
  it('default: the ronin puts no dice in Attack, so the bandit\'s Grapple Defence never triggers', () => {
    const p = duel({})
    expect(pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed).pSpecialSecond).toBe(0)
  })
  it('"triggers": the comparison against an Attack of 0 is always lost, so the Grapple Defence always triggers (and the trace shows it)', () => {
    const p = duel({ specialDefenceNoAttack: 'triggers' })
    expect(pairExact(p.setup, p.act.strategy.fixed, p.opp.strategy.fixed).pSpecialSecond).toBeCloseTo(1, 12)
    const log = traceExchange(p, createStream(1, 0))
    expect(log.map((e) => e.text)).toContain('Défense Spéciale / Special Defence: Bandit\'s Grapple Defence succeeds: the Attacker becomes Held (Paralysée).')
  })
})
