import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { compileGame } from './game-plan'
import { playGame } from './game'
import type { Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

type Doc = Record<string, unknown>

function game(models: Doc[], situation: Doc, plans: Doc[] = []) {
  const s = bushidoScenario(models, { kind: 'game', turns: 1, ...situation }, plans)
  return compileGame(s, s.situation as Game)
}

function traced(p: ReturnType<typeof game>, seed: number): TraceEvent[] {
  const log: TraceEvent[] = []
  playGame(p, createStream(seed, 0), null, log)
  return log
}

/** The first traced game (seeds 1, 2, ...) that passes `ok`; fails the test if none of 400 does. */
function find(p: ReturnType<typeof game>, ok: (log: TraceEvent[]) => boolean): TraceEvent[] {
  for (let seed = 1; seed <= 400; seed++) {
    const log = traced(p, seed)
    if (ok(log)) return log
  }
  throw new Error('no traced game matched')
}

const texts = (log: TraceEvent[]): string[] => log.map((e) => e.text)
const at = (log: TraceEvent[], part: string): number => log.findIndex((e) => e.text.includes(part))
const firstAct = (log: TraceEvent[]): string => log.find((e) => e.kind === 'act')?.who[0] ?? ''

describe('Surprise in a game (the Bushido reference card (docs/rules/bushido.md) "SURPRISE"; docs/rules/bushido.md section 2)', () => {
  const ninja = (surprise: string, extra: Doc = {}) => game([model('ninja', 'a', extra), model('sentry', 'b', { wounds: 20, lightningReflexes: true })], { tactics: [{ model: 'ninja', action: 'charge', target: 'sentry', surprise }] }, [{ model: 'ninja', rule: 'all-attack' }, { model: 'sentry', rule: 'all-defence' }])
  it('"Elle effectue une action qui ... la fait entrer en CSS": the charged sentry is Surprised: −1 Melee Pool, always second even with Lightning Reflexes', () => {
    const log = find(ninja('first'), (l) => firstAct(l) === 'ninja')
    expect(texts(log)).toContain('Ninja activates: Charge (Complex, 2 counters) against Sentry — unseen: Sentry is Surprised (Surprise) until this action is resolved.')
    const line = log[at(log, 'Ninja charges Sentry')].text
    expect(line).toMatch(/pools 3 vs 2 \(Sentry Surprise \/ Surprised −1\); Ninja has the Initiative \(the opponent is Surprised \(Surprise\), always second\)/)
  })
  it('"Une figurine demeure Surprise jusqu\'à la résolution de l\'action": the sentry\'s own exchange afterwards is not Surprised', () => {
    const log = find(ninja('first'), (l) => firstAct(l) === 'ninja')
    const after = log.slice(at(log, 'no longer Surprised') + 1)
    expect(at(log, 'The action that Surprised Sentry is resolved: it is no longer Surprised.')).toBeGreaterThan(0)
    const back = after.find((e) => e.text.startsWith('Sentry attacks Ninja'))
    expect(back?.text).toMatch(/pools 3 vs 2 \(Ninja Épuisée \/ Exhausted −1\); Sentry has the Initiative \(Lightning Reflexes\)/)
  })
  it('without surprise the sentry\'s Lightning Reflexes make it strike first', () => {
    const log = find(ninja('never'), (l) => firstAct(l) === 'ninja')
    expect(log[at(log, 'Ninja charges Sentry')].text).toMatch(/pools 3 vs 3; Sentry has the Initiative \(Lightning Reflexes\)/)
  })
  it('"Elle commence son Activation sans être au CSS de la Cible": models already in base contact never Surprise', () => {
    const p = game([model('ninja', 'a'), model('sentry', 'b', { wounds: 20 })], { engaged: [['ninja', 'sentry']], tactics: [{ model: 'ninja', action: 'melee', target: 'sentry', surprise: 'every' }] })
    expect(texts(traced(p, 1)).filter((t) => t.includes('Surprise'))).toEqual([])
  })
  const archer = (surprise: string) => game([model('archer', 'a', { ranged: 3 }), model('b1', 'b', { wounds: 20 })], { turns: 2, tactics: [{ model: 'archer', action: 'shoot', target: 'b1', surprise }] })
  it('"Cible Surprise −1": a hidden archer\'s first shot is at −1; once seen ("first") its later shots are not', () => {
    const shots = texts(traced(archer('first'), 2)).filter((t) => t.startsWith('Archer shoots'))
    expect(shots).toHaveLength(4)
    expect(shots.map((t) => t.includes('(Cible Surprise / target Surprised −1)'))).toEqual([true, false, false, false])
  })
  it('an archer that keeps out of its target\'s line of sight ("every") Surprises with every shot', () => {
    const shots = texts(traced(archer('every'), 2)).filter((t) => t.startsWith('Archer shoots'))
    expect(shots.every((t) => t.includes('(Cible Surprise / target Surprised −1)'))).toBe(true)
    expect(shots[0]).toMatch(/against Challenge Number 3 \(Cible Surprise/)
  })
})

describe('Au Sol / Prone carries into later activations (docs/rules/bushido.md sections 2 and 5)', () => {
  const pair = (b: Doc = {}) => game([model('a1', 'a', { wounds: 20 }), model('b1', 'b', { wounds: 20, states: ['prone'], lightningReflexes: true, ...b })], { engaged: [['a1', 'b1']] }, [{ model: 'a1', rule: 'all-defence' }, { model: 'b1', rule: 'all-defence' }])
  it('"Au Sol ... −1" and "toujours le second Attaquant": a Prone model fights at −1 and second, Lightning Reflexes or not', () => {
    const log = find(pair(), (l) => firstAct(l) === 'a1')
    expect(log[at(log, 'A1 attacks B1')].text).toMatch(/pools 3 vs 2 \(B1 Au Sol \/ Prone −1\); A1 has the Initiative \(the opponent is Prone \(Au Sol\), always second\)/)
  })
  it('"Se Relever — CSS: Oui": a Prone model spends its activation standing up, then fights at −1 (Se Relever) instead of −1 (Au Sol)', () => {
    const log = find(pair(), (l) => firstAct(l) === 'b1')
    expect(log.find((e) => e.kind === 'act')?.text).toBe('B1 activates: Se Relever / Stand Up — no longer Au Sol / Prone; still in base contact with A1, so a Melee Exchange follows at −1 Melee Pool.')
    expect(log[at(log, 'B1 attacks A1')].text).toMatch(/pools 2 vs 3 \(B1 Se Relever \/ Stand Up −1\); B1 has the Initiative \(Lightning Reflexes\)/)
    expect(texts(log).filter((t) => t.includes('Au Sol / Prone −1'))).toEqual([])
  })
  it('"Cible Au Sol −1": shooting at a Prone target', () => {
    const p = game([model('archer', 'a', { ranged: 3 }), model('b1', 'b', { wounds: 20, states: ['prone'] })], { tactics: [{ model: 'archer', action: 'shoot', target: 'b1', range: 'short' }] })
    const log = find(p, (l) => at(l, 'Archer shoots') >= 0 && at(l, 'Archer shoots') < at(l, 'B1 activates'))
    expect(log.find((e) => e.text.startsWith('Archer shoots'))?.text).toMatch(/against Challenge Number 2 \(Cible Au Sol \/ target Prone −1\)/)
  })
  it('a Sweep Attack paid for in the plan knocks the defender Prone; it stands up at its next activation', () => {
    const p = game([model('a1', 'a', { wounds: 20, specials: [{ ability: 'sweep-attack', cost: 1 }] }), model('b1', 'b', { wounds: 20 })], { engaged: [['a1', 'b1']] }, [{ model: 'a1', split: { attack: 2 }, special: 'sweep-attack' }, { model: 'b1', rule: 'all-defence' }])
    const log = find(p, (l) => firstAct(l) === 'a1' && at(l, 'Sweep Attack succeeds') > 0 && at(l, 'Sweep Attack succeeds') < at(l, 'B1 activates'))
    expect(log[at(log, 'Répartition secrète')].text).toMatch(/A1 2 Attack \/ 0 Defence after paying 1 die for Sweep Attack/)
    const down = at(log, 'B1 is Au Sol / Prone')
    expect(down).toBeGreaterThan(at(log, 'Sweep Attack succeeds'))
    const next = log.slice(down).find((e) => e.kind === 'act')
    expect(next?.text).toMatch(/^(B1 activates: Se Relever \/ Stand Up|A1 activates)/)
    const stand = log.findIndex((e, k) => k > down && e.text.startsWith('B1 activates'))
    expect(log[stand].text).toMatch(/^B1 activates: Se Relever \/ Stand Up/)
  })
})

describe('Paralysée / Held and leaving base contact (specials in a game)', () => {
  // Issue 15 item 7: Held follows the publisher's rules reference (Held; Disengage Action), not the End Phase.
  it('Grapple Defence leaves the attacker Held by the grappler: its only action is to Disengage (all dice in Defence), and Held does not end with the Turn', () => {
    const p = game([model('a1', 'a', { wounds: 20 }), model('b1', 'b', { wounds: 20, specials: [{ ability: 'grapple-defence', cost: 1 }] })], { turns: 2, engaged: [['a1', 'b1']] }, [{ model: 'a1', rule: 'all-attack' }, { model: 'b1', split: { attack: 0 }, special: 'grapple-defence' }])
    const log = find(p, (l) => {
      const k = at(l, 'Grapple Defence succeeds')
      return k > 0 && at(l, 'A1 activates: Désengagement') > k
    })
    const held = at(log, 'A1 is Paralysée / Held by B1')
    expect(held).toBeGreaterThan(0)
    const next = log.slice(held).find((e) => e.kind === 'act' && e.who[0] === 'a1')
    expect(next?.text).toBe('A1 activates: Désengagement / Disengage from B1, who holds it (a Melee Exchange with every die in Defence).')
    const split = log.slice(held).find((e) => e.kind === 'split' && e.text.includes('A1 0 Attack'))
    expect(split).toBeDefined()
    // the End Phase does not free it
    const end = at(log, 'Phase de Fin')
    expect(log.slice(end, end + 2).some((e) => e.text.includes('no longer Paralysée'))).toBe(false)
  })
  it('a Held model that is not hit in its Disengage is freed and walks out of base contact', () => {
    const p = game([model('a1', 'a', { wounds: 20, states: ['held'] }), model('b1', 'b', { wounds: 20 })], { engaged: [['a1', 'b1']] }, [{ model: 'b1', rule: 'all-attack' }])
    const log = find(p, (l) => at(l, 'A1 is no longer Paralysée / Held: it Disengaged from B1') > 0)
    const k = at(log, 'A1 is no longer Paralysée / Held: it Disengaged from B1')
    expect(log[k + 1].text).toBe('A1 walks out of base contact with B1.')
    expect(log.slice(at(log, 'A1 activates: Désengagement'), k).some((e) => e.kind === 'hit' && e.who[0] === 'b1')).toBe(false)
  })
  it('a model Held on its card with nobody in base contact is free at once: its Charge goes ahead', () => {
    const p = game([model('a1', 'a', { states: ['held'] }), model('b1', 'b')], { tactics: [{ model: 'a1', action: 'charge', target: 'b1' }] })
    const log = traced(p, 1)
    expect(log.map((e) => e.text)).toContain('A1 is no longer Paralysée / Held: nobody holds it.')
    expect(log.find((e) => e.kind === 'act' && e.who[0] === 'a1')?.text).toBe('A1 activates: Charge (Complex, 2 counters) against B1.')
  })
  it('Blind, Stunned and Frightened from the card end in the first End Phase; Ran only counts in the first Turn', () => {
    const p = game([model('a1', 'a', { wounds: 20, states: ['blind', 'stunned', 'frightened'], ran: true }), model('b1', 'b', { wounds: 20 })], { turns: 2, engaged: [['a1', 'b1']] })
    const log = traced(p, 3)
    expect(log.map((e) => e.text)).toContain('Phase de Fin / End Phase: A1 is no longer Aveuglée / Blind, Étourdie / Stunned, Apeurée / Frightened.')
    const end = at(log, 'Phase de Fin / End Phase: A1')
    const fights = log.filter((e) => e.text.includes(' attacks '))
    const before = fights.filter((e) => log.indexOf(e) < end)
    const after = fights.filter((e) => log.indexOf(e) > end)
    expect(before.length).toBeGreaterThan(0)
    expect(after.length).toBeGreaterThan(0)
    for (const e of before) expect(e.text).toContain('A1 Aveuglée / Blind −1) (A1 Étourdie / Stunned −1) (A1 Apeurée / Frightened −1) (A1 a couru ce Tour-ci / ran this turn −1)')
    for (const e of after) expect(e.text).not.toMatch(/Blind|Stunned|Frightened|ran this turn/)
  })
  it('a Push Attack breaks base contact: the pushed model moves back into contact (Melee action) instead of fighting in contact', () => {
    const p = game([model('a1', 'a', { wounds: 20, specials: [{ ability: 'push-attack', cost: 1 }] }), model('b1', 'b', { wounds: 20 })], { engaged: [['a1', 'b1']], tactics: [{ model: 'b1', action: 'melee', target: 'a1' }] }, [{ model: 'a1', split: { attack: 2 }, special: 'push-attack' }, { model: 'b1', rule: 'all-defence' }])
    const log = find(p, (l) => firstAct(l) === 'a1' && at(l, 'Push Attack succeeds') > 0 && at(l, 'Push Attack succeeds') < at(l, 'B1 activates'))
    expect(at(log, 'A1 and B1 are no longer in base contact (CSS).')).toBeGreaterThan(0)
    expect(log.find((e) => e.text.startsWith('B1 activates'))?.text).toBe('B1 activates: Mêlée / Melee action, moving into contact against A1.')
  })
  it('a planned special is dropped when the pool can no longer pay for it (the plain split is played)', () => {
    const p = game([model('a1', 'a', { specials: [{ ability: 'sweep-attack', cost: 1 }] }), model('b1', 'b')], {}, [{ model: 'a1', split: { attack: 2 }, special: 'sweep-attack' }])
    const opt = (pool: number) => p.options[0][pool]
    const planned = (pool: number) => p.planned[0][pool]?.fixed ?? -1
    expect(opt(3).special[planned(3)]).toBe(0)
    expect(opt(3).attack[planned(3)]).toBe(2)
    expect(opt(1).special[planned(1)]).toBe(-1)
    expect(opt(1).attack[planned(1)]).toBe(1)
  })
})
