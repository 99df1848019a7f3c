import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario } from '../../run/parse'
import { compileGame } from './game-plan'
import { playGame } from './game'
import type { BushidoScenario } from './scenario'
import type { Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

/**
 * A removed model leaves the table (the card's Passe d'armes: the second model strikes back only "si elle
 * est toujours vivante, en CSS avec l'Attaquant"), so no exchange, shot or activation may ever involve
 * it; every Wait says why; a model told to Charge with one Activation Counter left makes the Melee action
 * (the card's ACTIONS table: Mêlée, Simple, movement allowed; Charge, Complex).
 */

type Doc = Record<string, unknown>
const dir = join(__dirname, '../../../../resources/examples')
const SEED = 20261127
const GAMES = 300
/** Games traced of each kept option of an example (the example itself gets GAMES). */
const OPTION_GAMES = 100

function game(models: Doc[], situation: Doc, plans: Doc[] = []) {
  const s = bushidoScenario(models, { kind: 'game', turns: 1, ...situation }, plans)
  return compileGame(s, s.situation as Game)
}

function traced(p: ReturnType<typeof game>, seed: number, trial = 0): TraceEvent[] {
  const log: TraceEvent[] = []
  playGame(p, createStream(seed, trial), null, log)
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

/** Every shipped Bushido game example, and each of its kept options ("choices") applied on its own. */
function gameExamples(): { name: string; scenario: BushidoScenario; games: number }[] {
  const out: { name: string; scenario: BushidoScenario; games: number }[] = []
  for (const file of readdirSync(dir).filter((f) => f.startsWith('bushido-') && f.endsWith('.json')).sort()) {
    const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { situation: { kind: string }; choices?: { a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] } }
    if (raw.situation.kind !== 'game') continue
    const variants = [{ name: file, doc: withoutChoices(raw), games: GAMES }, ...[...(raw.choices?.a ?? []), ...(raw.choices?.b ?? [])].map((o) => ({ name: `${file}, ${o.name}`, doc: withoutChoices(mergePatch(raw, o.patch)), games: OPTION_GAMES }))]
    for (const v of variants) {
      const parsed = parseScenario(v.doc)
      if (!parsed.ok) throw new Error(`${v.name} does not parse`)
      out.push({ name: v.name, scenario: parsed.scenario as BushidoScenario, games: v.games })
    }
  }
  return out
}

/**
 * Reads a traced game as a GM would: who has been removed (the trace's removals, and independently the
 * wounds the Damage Rolls dealt against each model's Wounds), and every line after that involving one.
 */
function involvingRemoved(s: BushidoScenario, log: TraceEvent[]): string[] {
  const byName = new Map(s.models.map((m) => [m.name, m]))
  const left = new Map(s.models.map((m) => [m.id, m.wounds - m.woundsTaken]))
  const removed = new Set<string>()
  const bad: string[] = []
  for (const e of log) {
    const fights = e.kind === 'act' || /^.+ (attacks|charges) .+: pools /.test(e.text) || / shoots .+ \(Tir\)/.test(e.text)
    if (fights && e.who.some((id) => removed.has(id))) bad.push(`Turn ${e.at}: ${e.text}`)
    if (e.kind === 'remove') removed.add(e.who[0])
    const w = / → (\d+) wounds? to (.+)\.$/.exec(e.text)
    if (w) {
      const m = byName.get(w[2])
      if (!m) throw new Error(`unknown model in "${e.text}"`)
      const now = (left.get(m.id) ?? 0) - Number(w[1])
      left.set(m.id, now)
      if (now <= 0) removed.add(m.id)
    }
  }
  return bad
}

describe('a removed model frees its contacts (the card: "si elle est toujours vivante, en CSS avec l\'Attaquant")', () => {
  const examples = gameExamples()

  it('the game examples and their options are all here (ambush, Ki Focus, skirmish and its six options, the Variable game, the one-counter Charge)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10)
  })

  it(`no Melee Exchange, shot or activation ever involves a removed model, and every Wait says why: ${GAMES} traced games of every Bushido game example, ${OPTION_GAMES} of each of its options (seed ${SEED})`, () => {
    console.log(`removed-contact: seed ${SEED}, ${GAMES} games per example, ${OPTION_GAMES} per option`)
    let removals = 0
    let waits = 0
    for (const { name, scenario, games } of examples) {
      const p = compileGame(scenario, scenario.situation as Game)
      for (let t = 0; t < games; t++) {
        const log = traced(p, SEED, t)
        removals += log.filter((e) => e.kind === 'remove').length
        expect(involvingRemoved(scenario, log), `${name}, game ${t}`).toEqual([])
        for (const e of log) {
          if (!e.text.includes('Attente / Wait')) continue
          waits++
          expect(e.text, `${name}, game ${t}`).toMatch(/Attente \/ Wait \([a-z][^)]+\)\.$/)
        }
      }
    }
    // the checks have something to catch: models are removed, and models Wait, in most games
    expect(removals).toBeGreaterThan(examples.reduce((n, x) => n + x.games, 0))
    expect(waits).toBeGreaterThan(GAMES)
  })

  it('the skirmish bandit whose samurai fell turns on the archer instead of striking the corpse (the reported game)', () => {
    // Bandit 3 charges the samurai, who is already fighting Bandit 1; Bandit 1 kills him: Bandit 3 is then free
    const p = game(
      [model('samurai', 'a', { wounds: 1 }), model('archer', 'a', { wounds: 20 }), model('bandit1', 'b', { melee: 6 }), model('bandit3', 'b', { wounds: 20 })],
      { engaged: [['samurai', 'bandit1'], ['bandit3', 'samurai']], tactics: [{ model: 'bandit3', action: 'melee', target: 'archer' }] },
      [{ model: 'bandit1', rule: 'all-attack' }, { model: 'samurai', rule: 'all-defence' }, { model: 'bandit3', rule: 'all-defence' }, { model: 'archer', rule: 'all-defence' }],
    )
    const log = find(p, (l) => l.findIndex((e) => e.kind === 'remove' && e.who[0] === 'samurai') >= 0 && l.some((e) => e.kind === 'act' && e.who[0] === 'bandit3' && l.indexOf(e) > l.findIndex((r) => r.kind === 'remove' && r.who[0] === 'samurai')))
    const gone = log.findIndex((e) => e.kind === 'remove' && e.who[0] === 'samurai')
    const next = log.slice(gone).find((e) => e.kind === 'act' && e.who[0] === 'bandit3')
    expect(next?.text).toBe('Bandit3 activates: Mêlée / Melee action, moving into contact against Archer.')
    expect(log.slice(gone).filter((e) => e.text.includes('attacks Samurai'))).toEqual([])
  })
})

describe('a Charge with one Activation Counter left (the card\'s ACTIONS: Charge Complexe; Mêlée Simple, Mouvement possible)', () => {
  // the ronin kills the bandit it stands against with its first activation, so it meets the charge with one counter
  const ronin = (extra: Doc = {}) =>
    game(
      [model('ronin', 'a', { melee: 6, wounds: 20, brutal: 3, tactician: 3 }), model('bandit', 'b', { melee: 1, wounds: 1 }), model('oni', 'b', { wounds: 20 })],
      { passTokens: 'keep', engaged: [['ronin', 'bandit']], tactics: [{ model: 'ronin', action: 'charge', target: 'oni', ...extra }] },
      [{ model: 'ronin', rule: 'all-attack' }, { model: 'bandit', rule: 'all-defence' }, { model: 'oni', rule: 'all-defence' }],
    )
  const oneLeft = (l: TraceEvent[]) => {
    const acts = l.filter((e) => e.kind === 'act' && e.who[0] === 'ronin')
    const first = l.findIndex((e) => e.kind === 'act')
    return acts.length === 2 && l[first] === acts[0] && acts[0].text.includes('against Bandit (in base contact)') && l.some((e) => e.kind === 'remove' && e.who[0] === 'bandit')
  }

  it('falls back to the Melee action, moving into contact without the Charge\'s +2, and says why', () => {
    const log = find(ronin(), oneLeft)
    const second = log.filter((e) => e.kind === 'act' && e.who[0] === 'ronin')[1]
    expect(second.text).toBe('Ronin activates: Mêlée / Melee action, moving into contact (one Activation Counter left: a Charge takes two, so no Charge bonus) against Oni.')
    const exchange = log.find((e) => e.text.startsWith('Ronin') && e.text.includes(' Oni: pools'))
    expect(exchange?.text).toMatch(/^Ronin attacks Oni: pools/)
    expect(log.some((e) => e.text.includes('+ Charge 2'))).toBe(false)
  })

  it('with two counters the same tactic Charges (Complex, +2 on the Damage Roll)', () => {
    const p = game([model('ronin', 'a', { melee: 6, wounds: 20 }), model('oni', 'b', { wounds: 20 })], { tactics: [{ model: 'ronin', action: 'charge', target: 'oni' }] }, [{ model: 'ronin', rule: 'all-attack' }, { model: 'oni', rule: 'all-defence' }])
    const log = find(p, (l) => l.some((e) => e.kind === 'act' && e.who[0] === 'ronin'))
    expect(log.find((e) => e.kind === 'act' && e.who[0] === 'ronin')?.text).toBe('Ronin activates: Charge (Complex, 2 counters) against Oni.')
  })

  it('the plan option "wait" keeps it waiting, and the trace says why', () => {
    const log = find(ronin({ oneCounterLeft: 'wait' }), oneLeft)
    const second = log.filter((e) => e.kind === 'act' && e.who[0] === 'ronin')[1]
    expect(second.text).toBe('Ronin activates: Attente / Wait (only one Activation Counter left: a Charge takes two, and its tactic says to wait rather than make a plain Melee action).')
    expect(log.some((e) => e.text.includes(' Oni: pools'))).toBe(false)
  })
})
