import { sameDrawsSuite } from '../../../../tests/same-draws'

/**
 * A faster sampler must play the same fights: for seed 7, chunks 0 and 1, 1,000 fights each, every
 * shipped HERO example's whole tally (every counter and histogram) is bit for bit the one this release
 * started from (c5f3893), pinned by its SHA-256. A change of draws must be documented
 * (docs/changelog.md and the system version) and these pins recomputed with it.
 */
const PINNED: Record<string, string> = {
  'hero-abort-deadly': '3dd8f4d8982909a6',
  'hero-abort-dodge': 'e61c70ced1e087a3',
  'hero-bench-2v2': '1f905776e8d29df4',
  'hero-bodyguard-protect': '42075166e3486ea0',
  'hero-brick-vs-speedster': '339febd898da894d',
  'hero-coordinated-tandem': 'be28eb805149d2cc',
  'hero-deadly-duel': '3e928e1a6f2af82c',
  'hero-gunfighters': '50d2901daf0603b0',
  'hero-haymaker-or-punches': 'fa258b274f22c958',
  'hero-hold-for-defense-blocks': 'a15898a4537a9918',
  'hero-rivalry-d6': '41a9d23bae4cce13',
  'hero-rivalry-dex-roll': 'e142568b192f96a4',
  'hero-rivalry-int-pre': 'ee819754f4e7ff10',
  'hero-street-brawl': 'f957c28fde4bca47',
}

sameDrawsSuite('HERO', PINNED)
