import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COMBAT_START, describeSegment, hasPhase, nextPhaseAfter, segmentOf, SPEED_CHART, turnOf } from './speed-chart'

/** docs/rules/hero.md section 1 "Segment view": row = Segment, column = SPD 1..12, X = has a Phase. */
const SEGMENT_VIEW = `
1  . . . . . . . . . . . X
2  . . . . . X X X X X X X
3  . . . X X . . X X X X X
4  . . X . . X X . X X X X
5  . . . . X . . X . X X X
6  . X . X . X X X X X X X
7  X . . . . . X . X . X X
8  . . X . X X . X X X X X
9  . . . X . . X X . X X X
10 . . . . X X . . X X X X
11 . . . . . . X X X X X X
12 . X X X X X X X X X X X`

describe('Speed Chart (docs/rules/hero.md section 1)', () => {
  it('the whole table: every SPD 1–12 has exactly the Phases of the book\'s Segment view', () => {
    const rows = SEGMENT_VIEW.trim().split('\n').map((l) => l.trim().split(/\s+/))
    for (const row of rows) {
      const seg = Number(row[0])
      for (let spd = 1; spd <= 12; spd++) expect(hasPhase(spd, seg), `SPD ${spd}, Segment ${seg}`).toBe(row[spd] === 'X')
    }
  })
  it('the Phase lists per SPD', () => {
    expect(SPEED_CHART[1]).toEqual([7])
    expect(SPEED_CHART[2]).toEqual([6, 12])
    expect(SPEED_CHART[3]).toEqual([4, 8, 12])
    expect(SPEED_CHART[5]).toEqual([3, 5, 8, 10, 12])
    expect(SPEED_CHART[7]).toEqual([2, 4, 6, 7, 9, 11, 12])
    expect(SPEED_CHART[12]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })
  it('SPD n has n Phases a Turn', () => {
    for (let spd = 1; spd <= 12; spd++) expect(SPEED_CHART[spd]).toHaveLength(spd)
  })
  it('the campaign house rules (docs/rules/hero.md): "if you have 18 DEX and 4 SPD, your Phases begin on DEX 18 in Segments 3, 6, 9 and 12"', () => {
    expect([...Array(12).keys()].map((i) => i + 1).filter((s) => hasPhase(4, s))).toEqual([3, 6, 9, 12])
  })
})

describe('Segment clock (docs/rules/hero.md section 1)', () => {
  it('combat starts in Segment 12: every SPD ≥ 2 acts in the first Segment, SPD 1 first in Segment 7 of the next Turn', () => {
    expect(segmentOf(COMBAT_START)).toBe(12)
    for (let spd = 2; spd <= 12; spd++) expect(hasPhase(spd, segmentOf(COMBAT_START))).toBe(true)
    expect(hasPhase(1, 12)).toBe(false)
    expect(nextPhaseAfter(1, COMBAT_START)).toBe(19)
    expect(describeSegment(19)).toBe('Turn 2, Segment 7')
  })
  it('the opening Segment is Turn 1, Segment 12; the next Segment is Turn 2, Segment 1', () => {
    expect(describeSegment(12)).toBe('Turn 1, Segment 12')
    expect(describeSegment(13)).toBe('Turn 2, Segment 1')
    expect(turnOf(24)).toBe(2)
    expect(turnOf(25)).toBe(3)
  })
  it('the next Phase wraps across the Turn boundary (SPD 4 from Segment 12 → Segment 3)', () => {
    expect(nextPhaseAfter(4, 12)).toBe(15)
    expect(nextPhaseAfter(2, 12)).toBe(18)
    expect(nextPhaseAfter(12, 12)).toBe(13)
  })
  it('property: nextPhaseAfter is the first later Segment with a Phase', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 12, max: 500 }), (spd, abs) => {
        const next = nextPhaseAfter(spd, abs)
        expect(next).toBeGreaterThan(abs)
        expect(hasPhase(spd, segmentOf(next))).toBe(true)
        for (let a = abs + 1; a < next; a++) expect(hasPhase(spd, segmentOf(a))).toBe(false)
      }),
    )
  })
})
