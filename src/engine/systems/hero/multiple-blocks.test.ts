import { describe, expect, it } from 'vitest'
import { withinStandardErrors } from '../../../../tests/helpers'
import { createStream } from '../../core/rng'
import { waysAtMost } from '../../dice/three-d6'
import { hero } from './index'
import { C, PER_COMBATANT } from './layout'
import { heroPlan, playLogged, playMany, UNHURT } from './test-helpers'

const PASSIVE = { ...UNHURT, attack: { dice: '1d6' } }
const at = (i: number, c: number): number => 4 + i * PER_COMBATANT + c

/** Blocker d (DEX 10, SPD 4) holds for defense with Block; three SPD 4 attackers at DEX 20, 19, 18 (OCV 3). */
const gangUp = (ocv: number, multipleBlocks: string, turnCap = 1) =>
  heroPlan(
    [
      { id: 'd', side: 'A', dex: 10, spd: 4, ocv, ...PASSIVE, plan: { onPhase: 'hold-defense', defense: 'block' } },
      { id: 'm1', side: 'B', dex: 20, spd: 4, ...PASSIVE },
      { id: 'm2', side: 'B', dex: 19, spd: 4, ...PASSIVE },
      { id: 'm3', side: 'B', dex: 18, spd: 4, ...PASSIVE },
    ],
    { ruleset: 'tlot3-house', multipleBlocks },
    { turnCap },
  )

describe('several Blocks in one Segment (docs/rules/hero.md section 6: "Each further Block in the same Segment is at a cumulative −2")', () => {
  it('"continue" (default): after Blocking M1 with his held action he keeps Blocking M2 and M3 at −2 and −4, with no further action', () => {
    const plan = gangUp(30, 'continue', 2)
    const { events } = playLogged(plan, 1)
    const blocks = events.filter((e) => e.at === 15 && e.kind === 'defend').map((e) => e.text)
    expect(blocks).toHaveLength(3)
    expect(blocks[0]).toMatch(/^D uses his held action to Block M1: rolls \d+ against 38- — blocked/)
    expect(blocks[1]).toMatch(/^D keeps Blocking \(no further action\) to Block M2: rolls \d+ against 36- — blocked/)
    expect(blocks[2]).toMatch(/^D keeps Blocking \(no further action\) to Block M3: rolls \d+ against 34-/)
    const t = playMany(plan, 50)
    expect(t.counts[at(0, C.chainedBlocks)]).toBeGreaterThan(0)
    // the held actions are his only actions: chained Blocks spend none
    expect(t.counts[at(0, C.actions)]).toBe(t.counts[at(0, C.holdsUsed)])
  })
  it('"one": a Block stops one attack; M2 and M3 attack him unblocked (he has no action left that Segment)', () => {
    const { events } = playLogged(gangUp(30, 'one', 2), 1)
    const seg = events.filter((e) => e.at === 15 && e.kind !== 'segment' && e.kind !== 'phase')
    expect(seg.filter((e) => e.kind === 'defend')).toHaveLength(1)
    expect(seg.filter((e) => (e.kind === 'hit' || e.kind === 'miss') && e.who[0] !== 'd').map((e) => e.who[0])).toEqual(['m2', 'm3'])
  })
  it('"as long as they continue succeeding" (variants.multipleBlocks): a failed Block ends it; the second Block (11 − 2 = 9-) succeeds 81/216 of the time', () => {
    const plan = gangUp(3, 'continue', 3)
    let second = 0
    let secondOk = 0
    for (let f = 0; f < 600; f++) {
      const events = hero.trace(plan, createStream(7, f))
      let run: boolean[] = []
      let segment = -1
      for (const e of events) {
        if (e.kind !== 'defend') continue
        if (e.at !== segment) [segment, run] = [e.at, []]
        const ok = / — blocked/.test(e.text)
        if (/keeps Blocking/.test(e.text)) {
          expect(run.length > 0 && run.every(Boolean)).toBe(true)
          if (run.length === 1) {
            expect(e.text).toMatch(/against 9-/)
            second++
            if (ok) secondOk++
          }
        }
        run.push(ok)
      }
    }
    expect(second).toBeGreaterThan(500)
    expect(withinStandardErrors(secondOk, second, waysAtMost(9) / 216)).toBe(true)
  })
})
