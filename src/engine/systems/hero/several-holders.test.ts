import { describe, expect, it } from 'vitest'
import type { TraceEvent } from '../../core/trace'
import { heroPlan, playLogged, UNHURT } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }

/** Three holders (roster order a, b, c) all hold to interrupt the mover m, who attacks every Phase. */
const crowd = (rules: Record<string, string> = {}) =>
  heroPlan(
    [
      { id: 'a', side: 'A', dex: 10, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt' } } },
      { id: 'b', side: 'A', dex: 15, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt' } } },
      { id: 'c', side: 'A', dex: 20, ...PASSIVE, plan: { onPhase: 'hold', hold: { event: 'm', mode: 'interrupt' } } },
      { id: 'm', side: 'B', dex: 25, ...PASSIVE },
    ],
    rules,
    { turnCap: 3 },
  )

interface Contest {
  at: number
  holder: string
  rh: number
  th: number
  rx: number
  first: boolean
  /** The round was even and rolled again. */
  again: boolean
}

/** The contest lines of one fight: holder, his roll and target, the mover's roll, whether the holder went first. */
function rounds(events: TraceEvent[]): Contest[] {
  return events.flatMap((e) => {
    const m = /rolls (\d+) against (\d+)- .*vs (\d+) against (\d+)-.* — (.*)\.$/.exec(e.text)
    if (e.kind !== 'roll' || !/tries to interrupt/.test(e.text) || !m) return []
    const again = /roll again/.test(m[5])
    return [{ at: e.at, holder: e.who[0], rh: Number(m[1]), th: Number(m[2]), rx: Number(m[3]), first: / goes first$/.test(m[5]) && m[5].startsWith(e.who[0].toUpperCase()), again }]
  })
}

/** The deciding round of each contest. */
const contests = (events: TraceEvent[]): Contest[] => rounds(events).filter((c) => !c.again)

/** The first round of each holder's contest (an even round is rolled again by both, so only the first uses the event's roll). */
function firstRounds(events: TraceEvent[]): Contest[] {
  const seen = new Set<string>()
  return rounds(events).filter((c) => {
    const key = `${c.at}:${c.holder}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

describe('several holders waiting to interrupt one mover (issue 14 item 6)', () => {
  it('the mover\'s DEX Roll is made once per event, not once per holder: every holder contests the same roll', () => {
    let events = 0
    for (let seed = 1; seed <= 10; seed++) {
      const cs = firstRounds(playLogged(crowd(), seed).events)
      const bySeg = new Map<number, Contest[]>()
      for (const c of cs) bySeg.set(c.at, [...(bySeg.get(c.at) ?? []), c])
      for (const group of bySeg.values()) {
        if (group.length < 2) continue
        expect(new Set(group.map((c) => c.rx)).size, JSON.stringify(group)).toBe(1)
        events++
      }
    }
    expect(events).toBeGreaterThan(5)
  })
  it('the holders who beat the mover act in order of their margins, not in roster order', () => {
    let checked = 0
    for (let seed = 1; seed <= 20; seed++) {
      const { events } = playLogged(crowd(), seed)
      const cs = contests(events)
      for (const at of new Set(cs.map((c) => c.at))) {
        const winners = cs.filter((c) => c.at === at && c.first)
        if (winners.length < 2 || new Set(winners.map((c) => c.th - c.rh)).size < winners.length) continue
        const byMargin = [...winners].sort((x, y) => y.th - y.rh - (x.th - x.rh)).map((c) => c.holder)
        const acted = events.filter((e) => e.at === at && e.kind === 'act' && /uses his held action/.test(e.text)).map((e) => e.who[0])
        expect(acted.slice(0, winners.length)).toEqual(byMargin)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(3)
  })
  it('rule variant "per-holder": the mover rolls against each holder separately (his rolls may differ within one event)', () => {
    let differ = 0
    for (let seed = 1; seed <= 10; seed++) {
      const cs = firstRounds(playLogged(crowd({ severalHolders: 'per-holder' }), seed).events)
      for (const at of new Set(cs.map((c) => c.at))) if (new Set(cs.filter((c) => c.at === at).map((c) => c.rx)).size > 1) differ++
    }
    expect(differ).toBeGreaterThan(0)
  })
})
