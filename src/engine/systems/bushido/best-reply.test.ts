import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { compileExchange } from './exchange-plan'
import { fight } from './game-actions'
import { compileGame } from './game-plan'
import type { Exchange, Game } from './schema'
import { bestReplyTo } from './split-matrix'
import { bushidoScenario, exchange3v3, model } from './test-helpers'

/**
 * Issue 15 item 8: "recommended" plays the equilibrium, which is safe against anyone; a player facing a
 * known habit wants the best reply to it. Plan rule "best-reply" answers the opponent's fixed split or
 * split rule (or its mix), in a single exchange and in every exchange of a game.
 */
describe('plan rule best-reply (issue 15 item 8)', () => {
  const plan = (s: ReturnType<typeof exchange3v3>) => compileExchange(s, s.situation as Exchange)
  const value = (p: ReturnType<typeof plan>, a: number, b: number) => p.matrix.cells[a][b].payoff

  it('against an opponent who always defends (0/3), the samurai plays the best reply to that column, which beats the recommended mix against it', () => {
    const p = plan(exchange3v3(0, 0, { actPlan: { split: undefined, rule: 'best-reply' } }))
    const best = p.act.strategy.fixed
    expect(best).toBe(p.matrix.actBestReply[0])
    const mix = p.matrix.mix.row.reduce((s, w, a) => s + w * value(p, a, 0), 0)
    expect(value(p, best, 0)).toBeGreaterThan(mix + 0.05)
    for (let a = 0; a < p.matrix.cells.length; a++) expect(value(p, best, 0)).toBeGreaterThanOrEqual(value(p, a, 0) - 1e-12)
  })

  it('the opponent can reply too: against a samurai who always goes all in (3/0), the bandit\'s best column', () => {
    const p = plan(exchange3v3(3, 0, { oppPlan: { split: undefined, rule: 'best-reply' } }))
    expect(p.opp.strategy.fixed).toBe(p.matrix.oppBestReply[3])
  })

  it('against a split rule: the best reply to "even" (2/1 with a pool of 3)', () => {
    const p = plan(exchange3v3(0, 0, { actPlan: { split: undefined, rule: 'best-reply' }, oppPlan: { split: undefined, rule: 'even' } }))
    expect(p.opp.strategy.fixed).toBe(2)
    expect(p.act.strategy.fixed).toBe(p.matrix.actBestReply[2])
  })

  it('against the recommended mix, a best reply earns exactly the value of the game', () => {
    const p = plan(exchange3v3('recommended', 'recommended', { actPlan: { rule: 'best-reply' } }))
    const reply = bestReplyTo(p.matrix, p.opp.strategy, 'row')
    const w = (b: number) => (p.opp.strategy.cumulative[b] - (b > 0 ? p.opp.strategy.cumulative[b - 1] : 0)) / p.opp.strategy.total
    const earned = p.matrix.cells[reply].reduce((s, c, b) => s + w(b) * c.payoff, 0)
    expect(earned).toBeCloseTo(p.matrix.mix.value, 3)
  })

  it('two models replying to each other both play the recommended mix', () => {
    const p = plan(exchange3v3('recommended', 'recommended', { actPlan: { rule: 'best-reply' }, oppPlan: { rule: 'best-reply' } }))
    const q = plan(exchange3v3('recommended', 'recommended'))
    expect(Array.from(p.act.strategy.cumulative)).toEqual(Array.from(q.act.strategy.cumulative))
    expect(Array.from(p.opp.strategy.cumulative)).toEqual(Array.from(q.opp.strategy.cumulative))
  })

  it('in a game: every exchange of a best-reply samurai against an all-defence bandit plays the best reply for that situation', () => {
    const s = bushidoScenario([model('samurai', 'a', { wounds: 20 }), model('bandit', 'b', { wounds: 20 })], { kind: 'game', turns: 1, engaged: [['samurai', 'bandit']] }, [{ model: 'samurai', rule: 'best-reply' }, { model: 'bandit', rule: 'all-defence' }])
    const g = compileGame(s, s.situation as Game)
    const x = bushidoScenario([model('samurai', 'a', { wounds: 20 }), model('bandit', 'b', { wounds: 20 })], { kind: 'exchange', activating: 'samurai', opponent: 'bandit' }, [{ model: 'samurai', rule: 'best-reply' }, { model: 'bandit', rule: 'all-defence' }])
    const want = compileExchange(x, x.situation as Exchange)
    const attack = want.act.options.attack[want.act.strategy.fixed]
    g.woundsLeft.set([20, 20])
    g.counters.set([2, 2])
    g.engaged.set([1, 0])
    const log: TraceEvent[] = []
    fight(g, createStream(1, 0), 0, 1, 0, true, 1, log)
    expect(log.find((e) => e.kind === 'split')?.text).toContain(`Samurai ${attack} Attack / ${3 - attack} Defence`)
    expect(attack).toBe(3)
  })
})

describe('bushido-best-reply.json says what the rules give (exact)', () => {
  it('best reply 3/0 removes the bandit 96.9% and is removed 3.0%; the recommended 2/1 removes it 89.2% and is removed 6.3%', async () => {
    const { readFileSync } = await import('node:fs')
    const { join } = await import('node:path')
    const { exactView } = await import('./exchange-kind')
    const { scenarioSchema } = await import('./scenario')
    const doc = JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples/bushido-best-reply.json'), 'utf8'))
    const view = (rule: string) => {
      const s = scenarioSchema.parse({ ...doc, plans: [{ model: 'samurai', rule }, doc.plans[1]] })
      const p = compileExchange(s, s.situation as Exchange)
      return { label: p.matrix.actLabels[p.act.strategy.fixed] ?? 'mix', e: exactView(p) }
    }
    const best = view('best-reply')
    expect(best.label).toBe('3/0')
    expect(best.e.oppRemoved.toFixed(3)).toBe('0.969')
    expect(best.e.actRemoved.toFixed(3)).toBe('0.030')
    const rec = view('recommended')
    expect(rec.label).toBe('2/1')
    expect(rec.e.oppRemoved.toFixed(3)).toBe('0.892')
    expect(rec.e.actRemoved.toFixed(3)).toBe('0.063')
  })
})
