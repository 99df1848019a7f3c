import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { parseScenarioOrThrow } from '../../run/parse'

/**
 * A faster sampler must play the same fights: for seed 7, chunks 0 and 1, 1,000 fights each, every
 * shipped GURPS example's whole tally (every counter and histogram) is bit for bit the one this release
 * started from (c5f3893, GURPS 1.3.0), pinned by its SHA-256. A change of draws must be documented
 * (docs/changelog.md and the system version) and these pins recomputed with it.
 */
const PINNED: Record<string, string> = {
  'gurps-brawl': '7ea3546e00ae28e7',
  'gurps-deadly-blows': '31f355b85a9602af',
  'gurps-duel': 'c2e0bb12ec1dc573',
  'gurps-ets': '72757ffd73c92b95',
  'gurps-first-exchange': 'f8e043233797ee5d',
  'gurps-knife-revolver-fists': 'ad9307d999d2c5ef',
  'gurps-spears-and-berserker': 'e446b7d9f9f15ea2',
  'gurps-standoff': 'f5931d3161f5f0ea',
  'gurps-stop-hit': '965c7ef909cbe9ba',
  'gurps-two-on-one': 'f0a10b8acdec3b57',
}

/**
 * The SHA-256 (first 16 hex digits) of a scenario file's whole tally — every
 * counter and histogram — after `trials` fights in each of chunks 0 and 1 of `seed`. Equal fingerprints
 * mean the sampler played the same fights: the "same draws" tests pin them.
 */
function tallyFingerprint(file: string, seed = 7, trials = 1000): string {
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

describe('GURPS: the same scenario and seed play the same fights as this release started with (seed 7)', () => {
  for (const [name, pin] of Object.entries(PINNED)) {
    it(`${name}: 2,000 fights tally bit for bit as before`, () => {
      expect(tallyFingerprint(`resources/examples/${name}.json`)).toBe(pin)
    })
  }
})
