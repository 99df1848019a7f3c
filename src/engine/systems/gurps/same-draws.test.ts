import { sameDrawsSuite } from '../../../../tests/same-draws'

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

sameDrawsSuite('GURPS', PINNED)
