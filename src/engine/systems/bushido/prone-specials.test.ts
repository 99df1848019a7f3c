import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { traceExchange } from './exchange-kind'
import { compileExchange } from './exchange-plan'
import { fight } from './game-actions'
import { compileGame, type GamePlan } from './game-plan'
import { playGame } from './game'
import { scenarioSchema } from './scenario'
import { variants, type Exchange, type Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

/**
 * Variant proneSpecials: the publisher's online rules reference says a Prone model "may not use Special
 * Abilities"; the French card does not say it. Issue 15 item 4 makes the reference the default ("none"),
 * the card's silence the alternative ("allowed"). @see modifiers.ts specialsBarred
 */

const grappler = (extra: Doc = {}): Doc => model('bandit', 'b', { melee: 4, wounds: 20, specials: [{ ability: 'grapple-defence', cost: 1 }], ...extra })
const sweeper = (extra: Doc = {}): Doc => model('ronin', 'a', { melee: 4, wounds: 20, specials: [{ ability: 'sweep-attack', cost: 1 }], ...extra })

function duel(rules: Doc, proneBandit: boolean, plans: Doc[] = []) {
  const s = bushidoScenario([sweeper(), grappler({ states: proneBandit ? ['prone'] : [] })], { kind: 'exchange', activating: 'ronin', opponent: 'bandit' }, plans, rules)
  return compileExchange(s, s.situation as Exchange)
}

describe('variant proneSpecials (the publisher\'s rules reference, Prone: "may not use Special Abilities")', () => {
  it('is documented with the default "none" (issue 15 item 4: the publisher\'s reference) and the alternative "allowed"', () => {
    const v = variants.find((x) => x.key === 'proneSpecials')
    expect(v?.default).toBe('none')
    expect(v?.values.map((x) => x.value)).toEqual(['none', 'allowed'])
  })

  it('default (issue 15 item 4): a Prone model has no Special Defence on offer in a single exchange', () => {
    const p = duel({}, true)
    expect(p.opp.options.count).toBe(4)
    expect(p.specialsBarred).toEqual([false, true])
  })

  it('"allowed": a Prone model still has its Special Defence on offer in a single exchange', () => {
    const p = duel({ proneSpecials: 'allowed' }, true)
    // pool 4 − 1 (Prone) = 3: splits 0..3 plus Grapple Defence (1) with 0 or 1 Attack die of 2 rolled
    expect(p.opp.options.count).toBe(4 + 2)
    expect(p.specialsBarred).toEqual([false, false])
  })

  it('"none": a Prone model may not use Special Abilities — its specials are dropped from its options, the standing model keeps its own', () => {
    const p = duel({ proneSpecials: 'none' }, true)
    expect(p.opp.options.count).toBe(4)
    expect(p.opp.options.specials).toEqual([])
    expect(p.act.options.specials.map((s) => s.ability)).toEqual(['sweep-attack'])
    expect(p.specialsBarred).toEqual([false, true])
    expect(p.matrix.cells[0].length).toBe(4)
    const log = traceExchange(p, createStream(3, 0))
    expect(log.map((e) => e.text)).toContain('Bandit is Au Sol / Prone: it may not use Special Abilities (Bushido rules reference, Prone), so it declares no Special Attack or Defence.')
  })

  it('"none" leaves a model that is not Prone its specials', () => {
    expect(duel({ proneSpecials: 'none' }, false).opp.options.count).toBe(5 + 3)
  })

  it('"none": a special declared in the plan of a Prone model is rejected, naming the path and the variant\'s values', () => {
    const doc = (rules: Doc) => ({
      schemaVersion: 1,
      name: 't',
      system: 'bushido',
      rules,
      models: [sweeper(), grappler({ states: ['prone'] })],
      situation: { kind: 'exchange', activating: 'ronin', opponent: 'bandit' },
      plans: [{ model: 'bandit', split: { attack: 0 }, special: 'grapple-defence' }],
      run: { trials: 10, seed: 1 },
    })
    expect(scenarioSchema.safeParse(doc({ proneSpecials: 'allowed' })).success).toBe(true)
    const r = scenarioSchema.safeParse(doc({}))
    expect(r.success).toBe(false)
    const issue = r.error?.issues.find((i) => i.path.join('.') === 'plans.0.special')
    expect(issue?.message).toContain('must be omitted: Bandit is Prone (Au Sol)')
    expect(issue?.message).toContain('rules.proneSpecials is "none"; set it to "allowed"')
  })
})

describe('variant proneSpecials in a game: Prone changes mid-game', () => {
  const plans = [
    { model: 'ronin', split: { attack: 3 }, special: 'sweep-attack' },
    { model: 'bandit', split: { attack: 0 }, special: 'grapple-defence' },
  ]
  function game(rules: Doc): GamePlan {
    const s = bushidoScenario([sweeper(), grappler()], { kind: 'game', turns: 2, engaged: [['ronin', 'bandit']], tactics: [{ model: 'ronin', action: 'melee', target: 'bandit' }] }, plans, rules)
    return compileGame(s, s.situation as Game)
  }
  /** One Melee Exchange of the ronin against the bandit, with the bandit Prone or not. */
  function oneFight(p: GamePlan, prone: number): TraceEvent[] {
    p.woundsLeft.set([20, 20])
    p.counters.set([2, 2])
    p.engaged.set([1, 0])
    p.prone.set([0, prone])
    const log: TraceEvent[] = []
    fight(p, createStream(5, 0), 0, 1, 0, true, 1, log)
    return log
  }
  const split = (log: TraceEvent[]): string => log.find((e) => e.kind === 'split')?.text ?? ''

  it('"allowed": the Prone bandit still declares its planned Grapple Defence', () => {
    const p = game({ proneSpecials: 'allowed' })
    expect(split(oneFight(p, 1))).toContain('Bandit 0 Attack / 2 Defence after paying 1 die for Grapple Defence')
  })

  it('"none": once Prone the bandit fights with plain splits and its planned split without the special; standing again, it has it back', () => {
    const p = game({ proneSpecials: 'none' })
    const log = oneFight(p, 1)
    expect(split(log)).toContain('Bandit 0 Attack / 3 Defence.')
    expect(p.fighters[1].options.specials).toEqual([])
    expect(log[0].text).toContain('Bandit Au Sol / Prone −1, no Special Attacks or Defences')
    expect(split(oneFight(p, 0))).toContain('Bandit 0 Attack / 3 Defence after paying 1 die for Grapple Defence')
  })

  it('"none": over whole games, a bandit knocked Prone by the Sweep never declares a special while Prone', () => {
    const p = game({ proneSpecials: 'none' })
    let proneFights = 0
    for (let seed = 1; seed <= 150; seed++) {
      const log: TraceEvent[] = []
      playGame(p, createStream(seed, 0), null, log)
      log.forEach((e, k) => {
        if (!e.text.includes('Bandit Au Sol / Prone −1')) return
        proneFights++
        const next = log.slice(k).find((x) => x.kind === 'split')?.text ?? ''
        expect(next).not.toContain('Grapple Defence')
      })
    }
    expect(proneFights).toBeGreaterThan(0)
  })
})
