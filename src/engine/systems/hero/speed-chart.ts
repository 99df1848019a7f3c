/**
 * The HERO Speed Chart and the absolute Segment clock.
 * @see docs/rules/hero.md section 1 (Turn = 12 Segments, combat starts in Segment 12) and its Speed Chart
 *
 * Time is one integer, `abs = turnIndex * 12 + segment` with segment 1..12. Combat starts at
 * `abs = 12`: the opening Segment 12, shown to the user as "Turn 1, Segment 12" (docs/rules/hero.md section 7).
 */

export const SEGMENTS_PER_TURN = 12

/** The absolute Segment in which every fight begins (docs/rules/hero.md section 1, 6E2 p.20). */
export const COMBAT_START = 12

/** Segments in which each SPD has a Phase: `SPEED_CHART[spd]`, SPD 1–12 (docs/rules/hero.md section 1). */
export const SPEED_CHART: readonly (readonly number[])[] = Object.freeze([
  [],
  [7],
  [6, 12],
  [4, 8, 12],
  [3, 6, 9, 12],
  [3, 5, 8, 10, 12],
  [2, 4, 6, 8, 10, 12],
  [2, 4, 6, 7, 9, 11, 12],
  [2, 3, 5, 6, 8, 9, 11, 12],
  [2, 3, 4, 6, 7, 8, 10, 11, 12],
  [2, 3, 4, 5, 6, 8, 9, 10, 11, 12],
  [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
])

export const MAX_SPD = 12

/** Bit `seg` of `PHASE_MASK[spd]` is set when SPD `spd` has a Phase in Segment `seg`. */
export const PHASE_MASK: Int32Array = (() => {
  const m = new Int32Array(MAX_SPD + 1)
  SPEED_CHART.forEach((segs, spd) => segs.forEach((s) => (m[spd] |= 1 << s)))
  return m
})()

/**
 * `GAP_TO_NEXT[spd * 13 + seg]`: Segments from Segment `seg` to the next Segment (strictly later)
 * in which SPD `spd` has a Phase; wraps across the Turn boundary (SPD 1: 12, from 7 to 7).
 */
export const GAP_TO_NEXT: Int32Array = (() => {
  const g = new Int32Array((MAX_SPD + 1) * 13)
  for (let spd = 1; spd <= MAX_SPD; spd++) {
    for (let seg = 1; seg <= 12; seg++) {
      let d = 1
      while ((PHASE_MASK[spd] & (1 << (((seg - 1 + d) % 12) + 1))) === 0) d++
      g[spd * 13 + seg] = d
    }
  }
  return g
})()

/** Segment 1..12 of an absolute Segment. */
export function segmentOf(abs: number): number {
  return ((abs - 1) % SEGMENTS_PER_TURN) + 1
}

/** Turn number as a GM counts it: the opening Segment 12 is in Turn 1, the next Segment 1 in Turn 2. */
export function turnOf(abs: number): number {
  // from Segment 1 on, an integer division (the same number without a floating-point floor)
  return abs >= 1 ? (((abs - 1) / SEGMENTS_PER_TURN) | 0) + 1 : Math.floor((abs - 1) / SEGMENTS_PER_TURN) + 1
}

export function hasPhase(spd: number, seg: number): boolean {
  return (PHASE_MASK[spd] & (1 << seg)) !== 0
}

/** The first absolute Segment strictly after `abs` in which SPD `spd` has a Phase. */
export function nextPhaseAfter(spd: number, abs: number): number {
  return abs + GAP_TO_NEXT[spd * 13 + segmentOf(abs)]
}

/** "Turn 2, Segment 3" for an absolute Segment. */
export function describeSegment(abs: number): string {
  return `Turn ${turnOf(abs)}, Segment ${segmentOf(abs)}`
}

/** The fewest Segments between two consecutive Phases at this SPD (across the Turn boundary too). */
export function minPhaseGap(spd: number): number {
  const segs = SPEED_CHART[spd]
  let gap = 12
  for (let k = 0; k < segs.length; k++) {
    const next = k + 1 < segs.length ? segs[k + 1] : segs[0] + 12
    if (next - segs[k] < gap) gap = next - segs[k]
  }
  return gap
}
