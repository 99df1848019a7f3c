import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createStream } from '../src/engine/core/rng'
import { createTally } from '../src/engine/core/tally'
import { parseScenarioOrThrow } from '../src/engine/run/parse'
import { examplesDir } from './helpers'

/**
 * The SHA-256 (first 16 hex digits) of a scenario file's whole tally — every
 * counter and histogram — after `trials` fights in each of chunks 0 and 1 of `seed`. Equal fingerprints
 * mean the sampler played the same fights: the "same draws" tests pin them.
 */
export function tallyFingerprint(file: string, seed = 7, trials = 1000): string {
  const parsed = parseScenarioOrThrow(JSON.parse(readFileSync(file, 'utf8')))
  const system = parsed.system
  const plan = system.compile(parsed.scenario)
  const tally = createTally(system.shape(plan))
  for (let chunk = 0; chunk < 2; chunk++) {
    const rng = createStream(seed, chunk)
    for (let t = 0; t < trials; t++) system.simulate(plan, rng, tally)
  }
  return createHash('sha256').update(Buffer.from(tally.counts.buffer)).update(Buffer.from(tally.bins.buffer)).digest('hex').slice(0, 16)
}

/** One test per shipped example (by file name without `.json`): its 2,000 fights of seed 7 tally bit for bit as pinned. */
export function sameDrawsSuite(system: string, pinned: Record<string, string>): void {
  describe(`${system}: the same scenario and seed play the same fights as this release started with (seed 7)`, () => {
    for (const [name, pin] of Object.entries(pinned)) {
      it(`${name}: 2,000 fights tally bit for bit as before`, () => {
        expect(tallyFingerprint(join(examplesDir, `${name}.json`))).toBe(pin)
      })
    }
  })
}
