import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMetricQuery } from '../../run/estimate'
import { runJob } from '../../run/job'
import { mergePatch, withoutChoices } from '../../run/merge-patch'
import { runChunk } from '../../run/run-chunk'
import { playTactics } from '../../run/tactics'

/**
 * The figures the Bushido game examples' descriptions state, recomputed with each example's own seed
 * (a Tactics cell's 20,000 games; the long Variable game 8,000). If a rule change moves
 * them, this fails and the description must be rewritten with the new figures.
 */
const dir = join(__dirname, '../../../../resources/examples')
const TRIALS = 20_000
/** Games of the longer Variable (4) example (up to 7 Game Turns each). */
const VARIABLE_TRIALS = 8_000

type Choice = { name: string; patch: unknown }
type Example = { description: string; choices: { metric: string; a: Choice[]; b: Choice[] }; run: { seed: number } }
const load = (file: string): Example => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Example

let clock = 0
const now = (): number => (clock += 1)

async function tactics(file: string) {
  const raw = load(file)
  const seed = raw.run.seed
  const answer = await playTactics({
    scenario: raw,
    a: raw.choices.a,
    b: raw.choices.b,
    query: parseMetricQuery(raw.choices.metric),
    trials: TRIALS,
    seed,
    run: (scenario, trials) => runJob({ scenario, trials, seed, chunkSize: TRIALS, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now }),
  })
  /** The cell of side A's option `a` against side B's option `b`, in percent. */
  const cell = (a: string, b: string): number => {
    const i = raw.choices.a.findIndex((o) => o.name === a)
    const j = raw.choices.b.findIndex((o) => o.name === b)
    if (i < 0 || j < 0) throw new Error(`no cell ${a} × ${b}`)
    return 100 * answer.cells[i][j].estimate
  }
  return { raw, answer, cell }
}

/**
 * The description says "<words> N%": N is the figure rounded, so the recomputed percentage lies within
 * half a point of N plus 3 standard errors of this recomputation (`n` games).
 */
function states(description: string, value: number, words: string, n = TRIALS): void {
  const at = description.indexOf(`${words} `)
  expect(at, `the description says "${words} N%"`).toBeGreaterThanOrEqual(0)
  const stated = Number(/^(\d+)%/.exec(description.slice(at + words.length + 1))?.[1])
  const p = value / 100
  const tolerance = 0.5 + 300 * Math.sqrt((p * (1 - p)) / n)
  expect(Math.abs(value - stated), `${words} ${stated}%: recomputed ${value.toFixed(2)}%`).toBeLessThanOrEqual(tolerance)
}

/** P(the second warband is wiped out), in percent, over `n` games of the scenario with the example's seed (chunk 0, as a Tactics cell plays it). */
function aWins(scenario: unknown, seed: number, n = TRIALS): number {
  const r = runChunk({ scenario: withoutChoices(scenario), seed, chunk: 0, trials: n })
  // counter 1 of a game: side B wiped out
  return (100 * r.counts[1]) / n
}

describe('the Bushido game examples state their own figures', () => {
  it('skirmish: against bandits who all rush the archer the samurai charging the first bandit wipes them out about 35%, the strong bandit about 32%, waiting about 19%', () => {
    const raw = load('bushido-skirmish.json')
    const option = (name: string): unknown => mergePatch(mergePatch(raw, raw.choices.a.find((o) => o.name === name)?.patch ?? {}), raw.choices.b.find((o) => o.name === 'all charge the archer')?.patch ?? {})
    states(raw.description, aWins(option('samurai charges, archer shoots'), raw.run.seed), 'wipe them out only about')
    states(raw.description, aWins(option('samurai charges the strong bandit'), raw.run.seed), 'charging the strong bandit instead gives about')
    states(raw.description, aWins(option('samurai waits, archer shoots'), raw.run.seed), 'a samurai who waits falls to about')
  })

  it('one counter left: going in at once on one counter (about 35%) beats holding the Charge (about 21%) and waiting (never); the brute waits (about 38% if he charges)', async () => {
    const { raw, answer, cell } = await tactics('bushido-one-counter-charge.json')
    const go = 'charge him (on one counter, a Melee action)'
    expect(answer.equilibrium.a[go]).toBeGreaterThan(0.99)
    expect(answer.equilibrium.b['wait for him']).toBeGreaterThan(0.99)
    states(raw.description, cell(go, 'wait for him'), 'wipes out the Ito in about')
    states(raw.description, cell('charge him only on two counters', 'wait for him'), 'against about')
    expect(cell('wait for him', 'wait for him')).toBe(0)
    states(raw.description, cell(go, 'charge the samurai'), "lifts the samurai's chance to about")
  })

  it('Variable (4) game: the Ito wiped out about 33%, both standing about 59%; as a Fixed 7-Turn game about 51% and 34%', () => {
    const file = 'bushido-variable-length.json'
    const raw = load(file) as unknown as { description: string; run: { seed: number } }
    const outcome = (scenario: unknown): Record<string, number> => {
      const r = runChunk({ scenario, seed: raw.run.seed, chunk: 0, trials: VARIABLE_TRIALS })
      // counters 0, 1, 2 of a game: side A wiped out, side B wiped out, both stand
      return { 'a-wins': (100 * r.counts[1]) / VARIABLE_TRIALS, 'both-stand': (100 * r.counts[2]) / VARIABLE_TRIALS }
    }
    const variable = outcome(raw)
    const fixed = outcome(mergePatch(raw, { situation: { variableFrom: null } }))
    states(raw.description, variable['a-wins'], "'The Ito wiped out' is about", VARIABLE_TRIALS)
    states(raw.description, variable['both-stand'], "'both warbands still stand' about", VARIABLE_TRIALS)
    states(raw.description, fixed['a-wins'], 'the Ito are wiped out about', VARIABLE_TRIALS)
    states(raw.description, fixed['both-stand'], 'of the time, with about', VARIABLE_TRIALS)
  })
})
