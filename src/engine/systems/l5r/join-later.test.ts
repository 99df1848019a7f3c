import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile } from './plan'
import { facesRng, skirmish, traceOf } from './test-helpers'

/**
 * Issue 15 item 18: characters joining in a later Round. The skirmish text: Initiative is rolled in a
 * character's first Round (L5R 4th Edition core rulebook, the skirmish Round, Stage 1).
 */
describe('a character joining in a later Round (issue 15 item 18)', () => {
  // a (Agility 3) and b fight from Round 1; c, b's ally, arrives in Round 3
  const plan = () => {
    const s = skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 10, rounds: [{ stance: 'defense' }] }, { id: 'c', side: 'B', earth: 10 }], { roundCap: 4 })
    s.combatants[2].joinsRound = 3
    return compile(s)
  }

  it('rolls Initiative at the start of its first Round, is not attacked and does not act before it', () => {
    const events = traceOf(plan(), facesRng([], 7))
    const rollC = events.filter((e) => e.kind === 'roll' && e.who[0] === 'c' && e.text.includes('rolls Initiative'))
    expect(rollC.map((e) => e.at)).toEqual([3])
    expect(events.find((e) => e.who[0] === 'c' && e.kind === 'note')?.text).toBe('C joins the skirmish in Round 3.')
    const before = events.filter((e) => e.at < 3)
    expect(before.some((e) => e.who.includes('c'))).toBe(false)
    expect(events.filter((e) => e.kind === 'round' && e.at < 3).every((e) => !e.text.includes('C '))).toBe(true)
    expect(events.find((e) => e.kind === 'round' && e.at === 3)?.text).toMatch(/C \d+/)
    expect(events.some((e) => e.at >= 3 && (e.kind === 'hit' || e.kind === 'miss') && e.who[0] === 'c')).toBe(true)
  })

  it('everyone else rolls in Round 1 exactly as before (the same draws as a skirmish without the late arrival\'s roll)', () => {
    const texts = traceOf(plan(), facesRng([], 7)).filter((e) => e.at === 1).map((e) => e.text)
    expect(texts.filter((t) => t.includes('rolls Initiative'))).toHaveLength(2)
  })

  it('its Initiative Score metric counts only skirmishes it joined; the exact Round 1 order is not offered', () => {
    const p = plan()
    const tally = createTally(l5r.shape(p))
    for (let t = 0; t < 50; t++) l5r.simulate(p, createStream(t, 3), tally)
    tally.trials = 50
    const m = l5r.summarize(p, tally)
    const init = m.find((x) => x.id === 'initiative:c')
    expect(init?.kind === 'distribution' && init.bins.every((b) => b.value > 0)).toBe(true)
    expect((l5r.exact?.(p) ?? []).some((x) => x.id.startsWith('initiative-first:'))).toBe(false)
  })

  it('a side whose present members are all defeated stays in the fight while a member is still to arrive', () => {
    const s = skirmish([{ id: 'a', earth: 10 }, { id: 'b', earth: 1, agility: 1, rounds: [{ stance: 'defense' }] }, { id: 'c', side: 'B', earth: 10 }], { roundCap: 4 })
    s.combatants[2].joinsRound = 3
    const events = traceOf(compile(s), facesRng([], 7))
    const bDown = events.findIndex((e) => e.kind === 'wound' && e.who[0] === 'b' && /Down|Out|dead/.test(e.text))
    expect(bDown).toBeGreaterThan(0)
    expect(events[bDown].at).toBeLessThan(3)
    expect(events.some((e) => e.at >= 3 && e.who[0] === 'c')).toBe(true)
  })
})
