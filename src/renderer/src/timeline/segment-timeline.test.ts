import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { replayTrial } from '../../../engine/run/replay'
import { buildTimeline, markOf, segmentLabel } from './segment-timeline'

const example = (f: string): { combatants: { id: string }[] } => JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', f), 'utf8'))

describe('HERO Segment timeline', () => {
  it('numbers Segments 1–12 within Turns; the fight opens in Turn 1, Segment 12', () => {
    expect(segmentLabel(12)).toEqual({ turn: 1, segment: 12 })
    expect(segmentLabel(13)).toEqual({ turn: 2, segment: 1 })
    expect(segmentLabel(24)).toEqual({ turn: 2, segment: 12 })
  })

  it('reads Phases, holds, interrupts and aborts from trace events', () => {
    expect(markOf({ at: 12, kind: 'phase', who: ['a'], text: "A's Phase (DEX 20)." })).toBe('phase')
    expect(markOf({ at: 16, kind: 'defend', who: ['a'], text: 'A Aborts his next Phase to Dodge (+3 DCV) before B attacks.' })).toBe('abort')
    expect(markOf({ at: 16, kind: 'roll', who: ['h', 'x'], text: 'H tries to interrupt X: rolls 9 against 13- ...' })).toBe('interrupt')
    expect(markOf({ at: 16, kind: 'segment', who: [], text: '— Turn 2, Segment 4 —' })).toBeNull()
  })

  it('a sample Abort-to-Dodge fight puts each combatant\'s Phases and Aborts in their Segment cells', () => {
    const doc = example('hero-abort-dodge.json')
    const events = replayTrial(doc, 3, 3)
    const t = buildTimeline(events, doc.combatants.map((c) => c.id), 36)
    expect(t.segments[0]).toEqual({ at: 12, turn: 1, segment: 12 })
    for (const e of events.filter((x) => x.kind === 'phase' && x.at < 12 + 36)) {
      const row = t.rows.find((r) => r.id === e.who[0])
      expect(row?.cells[e.at - 12].marks).toContain('phase')
    }
    const aborts = events.filter((e) => markOf(e) === 'abort' && e.at < 48)
    expect(aborts.length).toBeGreaterThan(0)
    for (const e of aborts) expect(t.rows.find((r) => r.id === e.who[0])?.cells[e.at - 12].marks).toContain('abort')
  })
})
