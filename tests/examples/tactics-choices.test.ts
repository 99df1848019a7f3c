import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseMetricQuery } from '../../src/engine/run/estimate'
import { runJob } from '../../src/engine/run/job'
import { parseScenario } from '../../src/engine/run/parse'
import { runChunk } from '../../src/engine/run/run-chunk'
import { mergePatch, withoutChoices } from '../../src/engine/run/merge-patch'
import { playTactics } from '../../src/engine/run/tactics'

/**
 * The shipped examples that keep a tactical question ("choices") answer it as their descriptions say: each
 * side's recommended option, played at 20,000 fights a cell with the example's own seed. The descriptions
 * tell a GM what the Tactics tab shows; if a rule change moves the answer, this fails and the text must
 * be rewritten with the new answer.
 */
const dir = join(__dirname, '../../resources/examples')
const cases: { file: string; a: string; b: string }[] = [
  { file: 'gurps-duel.json', a: 'attack', b: 'attack' },
  { file: 'hero-gunfighters.json', a: 'shoot on his Phase', b: 'shoot on his Phase' },
  { file: 'hero-coordinated-tandem.json', a: 'Falcon attacks on his own Phases', b: 'Juggernaut hits Falcon' },
  { file: 'genesys-blaster-duel.json', a: 'aim twice (2 strain), then shoot', b: 'aim twice (2 strain), then shoot' },
  { file: 'l5r-fast-vs-strong.json', a: 'attack, calling the best Raises', b: 'full attack' },
  { file: 'bushido-skirmish.json', a: 'samurai charges, archer shoots', b: 'all charge the archer' },
]

let clock = 0
const now = (): number => (clock += 1)

describe('shipped examples with a tactical question', () => {
  it('one example per system keeps its options', () => {
    const systems = new Set(cases.map((c) => (JSON.parse(readFileSync(join(dir, c.file), 'utf8')) as { system: string }).system))
    expect([...systems].sort()).toEqual(['bushido', 'genesys', 'gurps', 'hero', 'l5r'])
  })

  for (const c of cases) {
    it(`${c.file}: the matrix recommends "${c.a}" for side A and "${c.b}" for side B, as its description says`, async () => {
      const raw = JSON.parse(readFileSync(join(dir, c.file), 'utf8')) as { description: string; choices: { metric: string; a: { name: string; patch: unknown }[]; b: { name: string; patch: unknown }[] }; run: { seed: number } }
      const parsed = parseScenario(raw)
      expect(parsed.ok).toBe(true)
      // every option is a valid scenario on its own, and the description names both answers
      for (const o of [...raw.choices.a, ...raw.choices.b]) expect(parseScenario(withoutChoices(mergePatch(raw, o.patch))).ok, o.name).toBe(true)
      expect(raw.description).toMatch(/Tactics tab/)
      const seed = raw.run.seed
      const answer = await playTactics({
        scenario: raw,
        a: raw.choices.a,
        b: raw.choices.b,
        query: parseMetricQuery(raw.choices.metric),
        trials: 20_000,
        seed,
        run: (scenario, trials) => runJob({ scenario, trials, seed, chunkSize: 20_000, concurrency: 1, workers: 1, execute: async (t) => runChunk(t), now }),
      })
      expect(answer.equilibrium.a[c.a]).toBeGreaterThan(0.99)
      expect(answer.equilibrium.b[c.b]).toBeGreaterThan(0.99)
    })
  }
})
