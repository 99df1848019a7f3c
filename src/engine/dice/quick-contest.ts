import { THREE_D6_WAYS, gurpsSucceeds } from './three-d6'

/**
 * Quick Contest ordering: successes before failures, then by margin (effective − roll) descending.
 * Criticals never decide a Quick Contest, only margins do. Equal keys are ties.
 * @see docs/rules/gurps.md section 1 (GURPS Basic Set p.B348; Sean Punch on criticals); the literal key is the reading that section states.
 */
export function contestKey(roll: number, effective: number): number {
  const margin = effective - roll
  return (gurpsSucceeds(roll, effective) ? 1024 : 0) + margin + 512
}

/** Exact Quick Contest between effective skills a and b, as counts out of 216². */
export function quickContestExact(a: number, b: number): { aFirst: number; tie: number; bFirst: number } {
  let aFirst = 0
  let tie = 0
  let bFirst = 0
  for (let ra = 3; ra <= 18; ra++) {
    const ka = contestKey(ra, a)
    for (let rb = 3; rb <= 18; rb++) {
      const w = THREE_D6_WAYS[ra - 3] * THREE_D6_WAYS[rb - 3]
      const kb = contestKey(rb, b)
      if (ka > kb) aFirst += w
      else if (ka < kb) bFirst += w
      else tie += w
    }
  }
  return { aFirst, tie, bFirst }
}

/**
 * HERO "larger margin first" contest of two Characteristic/Skill Rolls. A 3 always succeeds and an 18
 * always fails, but the order is by margin alone: if both fail, the smaller failure ranks first.
 * @see docs/rules/hero.md sections 2 and 3 (both failing: the book's reading, `rules.bothFail` "smaller-failure")
 * and the contest table of section 8
 */
export function heroContestExact(a: number, b: number): { aFirst: number; tie: number; bFirst: number } {
  let aFirst = 0
  let tie = 0
  let bFirst = 0
  for (let ra = 3; ra <= 18; ra++) {
    for (let rb = 3; rb <= 18; rb++) {
      const w = THREE_D6_WAYS[ra - 3] * THREE_D6_WAYS[rb - 3]
      const ma = a - ra
      const mb = b - rb
      if (ma > mb) aFirst += w
      else if (ma < mb) bFirst += w
      else tie += w
    }
  }
  return { aFirst, tie, bFirst }
}
