import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { contestKey } from '../../dice/quick-contest'
import { resolveCascade, Status, type CascadeCast } from './cascade'

const cast = (n: number, over: Partial<CascadeCast> = {}): CascadeCast => ({
  n,
  late: over.late ?? new Array(n).fill(false),
  interrupts: over.interrupts ?? new Array(n).fill(-1),
  prevents: over.prevents ?? new Array(n).fill(0),
})

describe('Cascading Waits order (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2))', () => {
  it('"those who succeed act in order of decreasing margin of success, then those who fail in order of increasing margin of failure"', () => {
    // skill 12: roll 9 succeeds by 3, roll 11 by 1, roll 13 fails by 1, roll 16 fails by 4
    const keys = [contestKey(13, 12), contestKey(9, 12), contestKey(16, 12), contestKey(11, 12)]
    expect(resolveCascade(cast(4), keys).slots).toEqual([[1], [3], [0], [2]])
  })

  it('"tied fighters act truly simultaneously"', () => {
    const keys = [contestKey(10, 12), contestKey(10, 12), contestKey(8, 12)]
    expect(resolveCascade(cast(3), keys).slots).toEqual([[2], [0, 1]])
  })

  it('"if a faster fighter\'s action renders that of a slower fighter impossible, the slower one loses his action (and his Wait)"', () => {
    const out = resolveCascade(cast(2, { prevents: [0b10, 0] }), [5, 3])
    expect(out.slots).toEqual([[0]])
    expect(out.status).toEqual([Status.Acted, Status.Lost])
    expect(out.lostBy[1]).toBe(0b01)
  })

  it('a simultaneous action is not "faster": tied fighters both act even if one would prevent the other', () => {
    const out = resolveCascade(cast(2, { prevents: [0b10, 0b01] }), [4, 4])
    expect(out.slots).toEqual([[0, 1]])
    expect(out.status).toEqual([Status.Acted, Status.Acted])
  })

  it('a fighter who lost his action prevents nobody', () => {
    // 0 prevents 1, 1 would prevent 2; 1 is lost so 2 still acts
    const out = resolveCascade(cast(3, { prevents: [0b010, 0b100, 0] }), [9, 5, 1])
    expect(out.slots).toEqual([[0], [2]])
    expect(out.status).toEqual([Status.Acted, Status.Lost, Status.Acted])
  })
})

describe('late joiners (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2): "previously uninvolved fighter ... extra −2")', () => {
  const lateCast = (prevents: number[] = [0, 0, 0]): CascadeCast => cast(3, { late: [false, false, true], interrupts: [-1, -1, 0], prevents })

  it('"if this is before the person he\'s trying to interrupt, he successfully interrupts him"', () => {
    // 0 (key 8) then 1 (key 6); the late joiner triggers on 0 and has key 9
    const out = resolveCascade(lateCast(), [8, 6, 9])
    expect(out.slots).toEqual([[2], [0], [1]])
  })

  it('he enters the sequence where his margin puts him, never before actions already taken', () => {
    // 1 acts first (key 9), then 0 (key 5) triggers the joiner, whose key 8 is above 0 but below 1
    const out = resolveCascade(lateCast(), [5, 9, 8])
    expect(out.slots).toEqual([[1], [2], [0]])
  })

  it('"if not, he just has to wait": a lower margin places him after the fighter he tried to interrupt', () => {
    const out = resolveCascade(lateCast(), [8, 2, 5])
    expect(out.slots).toEqual([[0], [2], [1]])
  })

  it('"...and risk losing his action if it becomes impossible"', () => {
    const out = resolveCascade(lateCast([0b100, 0, 0]), [8, 2, 5])
    expect(out.slots).toEqual([[0], [1]])
    expect(out.status[2]).toBe(Status.Lost)
  })

  it('an equal key makes him act simultaneously with the fighter he tried to interrupt', () => {
    expect(resolveCascade(lateCast(), [8, 2, 8]).slots).toEqual([[0, 2], [1]])
  })

  it('a late joiner whose trigger never comes keeps waiting', () => {
    // 1 prevents 0, so 0 never acts and never triggers the joiner
    const out = resolveCascade(cast(3, { late: [false, false, true], interrupts: [-1, -1, 0], prevents: [0, 0b001, 0] }), [4, 9, 7])
    expect(out.slots).toEqual([[1]])
    expect(out.status).toEqual([Status.Lost, Status.Acted, Status.NotTriggered])
  })

  it('chains: a second late joiner can cut in on the first', () => {
    const c = cast(4, { late: [false, false, true, true], interrupts: [-1, -1, 0, 2] })
    expect(resolveCascade(c, [8, 6, 9, 10]).slots).toEqual([[3], [2], [0], [1]])
  })
})

describe('cascade invariants (property)', () => {
  const arb = fc.integer({ min: 1, max: 6 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      keys: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: n, maxLength: n }),
      late: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      interrupts: fc.array(fc.integer({ min: -1, max: n - 1 }), { minLength: n, maxLength: n }),
      prevents: fc.array(fc.integer({ min: 0, max: (1 << n) - 1 }), { minLength: n, maxLength: n }),
    }),
  )
  it('everyone acts at most once, lost fighters never act, and nobody acts after a fighter who prevents him', () => {
    fc.assert(
      fc.property(arb, (r) => {
        const prevents = r.prevents.map((m, i) => m & ~(1 << i))
        const interrupts = r.interrupts.map((t, i) => (t === i ? -1 : t))
        const out = resolveCascade({ n: r.n, late: r.late, interrupts, prevents }, r.keys)
        const seen = out.slots.flat()
        expect(new Set(seen).size).toBe(seen.length)
        for (let i = 0; i < r.n; i++) {
          expect(seen.includes(i)).toBe(out.status[i] === Status.Acted)
          if (!r.late[i]) expect(out.status[i]).not.toBe(Status.NotTriggered)
        }
        out.slots.forEach((slot, k) => {
          for (const v of slot) for (const earlier of out.slots.slice(0, k).flat()) expect(prevents[earlier] & (1 << v)).toBe(0)
          // within a slot every key is equal: truly simultaneous only on exact ties
          expect(new Set(slot.map((i) => r.keys[i])).size).toBe(1)
        })
        // proceeding fighters act in non-increasing key order
        const order = out.slots.flat().filter((i) => !r.late[i])
        for (let k = 1; k < order.length; k++) expect(r.keys[order[k - 1]]).toBeGreaterThanOrEqual(r.keys[order[k]])
      }),
      { numRuns: 2000 },
    )
  })
})
