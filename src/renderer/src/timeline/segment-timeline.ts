import type { TraceEvent } from '../../../engine/core/trace'

/**
 * The HERO Speed Chart of one sample fight as a grid: a column per Segment (12 to a Turn; the fight opens
 * in Segment 12 of Turn 1), a row per combatant, and in each cell the marks of what he did there.
 * Built from the system's trace events only: `at` is the absolute Segment, `who[0]` the actor.
 * @see docs/rules/gurps.md (HERO Speed Chart) and the hero system's trace text
 */
export type Mark = 'phase' | 'hold' | 'interrupt' | 'tandem' | 'abort' | 'defend' | 'hit' | 'miss' | 'lost' | 'status' | 'act'

export interface TimelineCell {
  marks: Mark[]
  /** The trace lines of this combatant in this Segment, for the tooltip. */
  lines: string[]
}

export interface Timeline {
  segments: { at: number; turn: number; segment: number }[]
  rows: { id: string; cells: TimelineCell[] }[]
}

export function segmentLabel(at: number): { turn: number; segment: number } {
  return { turn: Math.ceil(at / 12), segment: ((at - 1) % 12) + 1 }
}

/** What one trace event shows on the chart, or null for lines that are not a combatant's doing. */
export function markOf(e: TraceEvent): Mark | null {
  switch (e.kind) {
    case 'phase':
      return 'phase'
    case 'hold':
      return 'hold'
    case 'roll':
      if (/interrupt/i.test(e.text)) return 'interrupt'
      if (/tandem/i.test(e.text)) return 'tandem'
      return null
    case 'defend':
      return /abort/i.test(e.text) ? 'abort' : 'defend'
    case 'hit':
      return 'hit'
    case 'miss':
      return 'miss'
    case 'lose':
      return 'lost'
    case 'status':
      return 'status'
    case 'act':
      return 'act'
    default:
      return null
  }
}

/** The grid for the first `maxSegments` Segments of the fight (from its opening Segment). */
export function buildTimeline(events: readonly TraceEvent[], combatants: readonly string[], maxSegments = 36): Timeline {
  if (events.length === 0) return { segments: [], rows: combatants.map((id) => ({ id, cells: [] })) }
  const first = Math.min(...events.map((e) => e.at))
  const last = Math.min(Math.max(...events.map((e) => e.at)), first + maxSegments - 1)
  const segments: Timeline['segments'] = []
  for (let at = first; at <= last; at++) segments.push({ at, ...segmentLabel(at) })
  const rows = combatants.map((id) => ({ id, cells: segments.map((): TimelineCell => ({ marks: [], lines: [] })) }))
  const rowOf = new Map(rows.map((r) => [r.id, r]))
  for (const e of events) {
    if (e.at > last || e.who.length === 0) continue
    const row = rowOf.get(e.who[0])
    const mark = markOf(e)
    if (!row) continue
    const cell = row.cells[e.at - first]
    cell.lines.push(e.text)
    if (mark && !cell.marks.includes(mark)) cell.marks.push(mark)
  }
  return { segments, rows }
}

export const MARK_LABELS: Record<Mark, { glyph: string; label: string }> = {
  phase: { glyph: '●', label: 'Phase' },
  hold: { glyph: 'H', label: 'Holds or delays his action' },
  interrupt: { glyph: '⚡', label: 'Tries to interrupt' },
  tandem: { glyph: '⇉', label: 'Acts in tandem' },
  abort: { glyph: 'A', label: 'Aborts to a defence' },
  defend: { glyph: '⛨', label: 'Defends' },
  hit: { glyph: '✓', label: 'Attack hits' },
  miss: { glyph: '✗', label: 'Attack misses' },
  lost: { glyph: '—', label: 'Phase or held action lost' },
  status: { glyph: '!', label: 'Stunned, Knocked Out or dead' },
  act: { glyph: '▶', label: 'Uses a held or delayed action' },
}
