import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { parseScenario } from '../../run/parse'
import { bushido } from './index'
import { compileGame } from './game-plan'
import { playGame } from './game'
import type { BushidoScenario } from './scenario'
import { choiceOf, type Game } from './schema'

/** The option sets Tactics offers for a Bushido model: its action out of base contact in a game, and its split of the Melee Pool. */
const dir = join(__dirname, '../../../../resources/examples')
const load = (file: string): unknown => withoutChoices(JSON.parse(readFileSync(join(dir, file), 'utf8')))

function parsed(doc: unknown): BushidoScenario {
  const r = parseScenario(doc)
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('; '))
  return r.scenario as BushidoScenario
}

/** Who does what in 15 traced games (seed 5): the activation lines of one model. */
function acts(s: BushidoScenario, id: string): string {
  const p = compileGame(s, s.situation as Game)
  const out: string[] = []
  for (let t = 0; t < 15; t++) {
    const log: TraceEvent[] = []
    playGame(p, createStream(5, t), null, log)
    for (const e of log) if (e.kind === 'act' && e.who[0] === id) out.push(e.text.replace(/ against .*/, ''))
  }
  return [...new Set(out)].sort().join(' | ')
}

describe('Bushido option sets for Tactics', () => {
  it('a game model: charge, Melee action, shoot (archer only) or wait; and its split', () => {
    const s = parsed(load('bushido-skirmish.json'))
    const names = (id: string) => bushido.optionSets(s, id).map((x) => [x.kind, x.options.map((o) => o.name)])
    const splits = ['the recommended mix', 'all dice in Attack', 'all dice in Defence', 'an even split']
    expect(names('samurai')).toEqual([['attacks', ['charges', 'moves in with Melee actions', 'waits']], ['defences', splits]])
    expect(names('archer')).toEqual([['attacks', ['charges', 'moves in with Melee actions', 'shoots', 'waits']], ['defences', splits]])
  })

  it('each action applied to the skirmish parses and changes what the model does', () => {
    const raw = load('bushido-skirmish.json')
    for (const id of ['samurai', 'archer']) {
      const set = bushido.optionSets(parsed(raw), id).find((x) => x.kind === 'attacks')
      const seen = (set?.options ?? []).map((o) => acts(parsed(mergePatch(raw, o.patch)), id))
      expect(new Set(seen).size, id).toBe(seen.length)
    }
  })

  it('each split applied to an exchange with a fixed split parses and sets the model\'s split rule', () => {
    const raw = load('bushido-melee-3v3-2-1.json')
    const s = parsed(raw)
    const set = bushido.optionSets(s, 'samurai').find((x) => x.kind === 'defences')
    const split = (t: BushidoScenario) => choiceOf(t.plans.find((p) => p.model === 'samurai'))
    expect(split(s)).toEqual({ attack: 2, defence: 1, special: undefined })
    const rules = (set?.options ?? []).map((o) => split(parsed(mergePatch(raw, o.patch))))
    expect(rules).toEqual(['recommended', 'all-attack', 'all-defence', 'even'])
  })
})
