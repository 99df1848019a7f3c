import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { contestKey, quickContestExact } from '../../dice/quick-contest'
import { gurps } from './index'
import { C_TIED_FIRST_STRIKE, F } from './layout'
import { compile } from './plan'
import { d3, freshState, planOf, ScriptedRng, type Spec } from './test-helpers'
import { takeTurn } from './turn'
import { Ev, interrupt } from './waits'

const traceOf = (specs: Spec[], extra: Record<string, unknown> = {}, seed = 1): TraceEvent[] => gurps.trace(planOf(specs, extra), createStream(seed, 0))
const sequenceLine = (events: TraceEvent[]): string => events.find((e) => e.text.startsWith('Turn sequence'))?.text ?? ''

describe('turn sequence (docs/rules/gurps.md section 3, Turn order)', () => {
  it('Basic Speed with fractions kept: 5.25 acts before 5.00', () => {
    const plan = planOf([{ id: 'slow', basicSpeed: 5 }, { id: 'fast', basicSpeed: 5.25 }])
    expect(Array.from(plan.baseOrder)).toEqual([1, 0])
    expect(plan.ties.length).toBe(0)
  })
  it('equal Basic Speed: higher DX first', () => {
    const plan = planOf([{ id: 'a', basicSpeed: 5, dx: 11 }, { id: 'b', basicSpeed: 5, dx: 13 }])
    expect(Array.from(plan.baseOrder)).toEqual([1, 0])
  })
  it('Enhanced Time Sense acts before anyone without it, even at lower Basic Speed', () => {
    const plan = planOf([{ id: 'quick', basicSpeed: 7 }, { id: 'ets', basicSpeed: 4, enhancedTimeSense: true }])
    expect(Array.from(plan.baseOrder)).toEqual([1, 0])
  })
  it('still tied: one roll at the start of the fight fixes the order for the whole fight (both orders happen)', () => {
    const specs: Spec[] = [{ id: 'a', basicSpeed: 5, dx: 12 }, { id: 'b', basicSpeed: 5, dx: 12 }]
    const firsts = new Set<string>()
    for (let seed = 1; seed <= 12; seed++) {
      const events = traceOf(specs, {}, seed)
      firsts.add(sequenceLine(events).split(' ')[2])
      const turns = events.filter((e) => e.kind === 'turn')
      // the order within every turn is the one rolled at the start
      const perTurn = new Map<number, string[]>()
      for (const e of turns) perTurn.set(e.at, [...(perTurn.get(e.at) ?? []), e.who[0]])
      const first = perTurn.get(1) as string[]
      for (const [, who] of perTurn) expect(who).toEqual(first.slice(0, who.length))
    }
    expect(firsts.size).toBe(2)
  })
})

describe('Waits in the fight (docs/rules/gurps.md section 3, GURPS Martial Arts p.108 (docs/rules/gurps.md section 2))', () => {
  it('a Wait set off by "an enemy attacks" interrupts the attack: the waiter strikes first', () => {
    const events = traceOf([{ id: 'w', basicSpeed: 6, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks', response: 'attack' }] }, { id: 'x', basicSpeed: 5 }])
    const strikes = events.filter((e) => e.kind === 'roll' && / attacks .* with the /.test(e.text))
    expect(strikes[0].who[0]).toBe('w')
    expect(events.findIndex((e) => e.kind === 'interrupt')).toBeLessThan(events.indexOf(strikes[0]))
  })
  it('"an enemy comes within reach" fires when the foe steps into reach, before he can attack', () => {
    const events = traceOf([{ id: 'spear', reach: 2, basicSpeed: 6, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-in-reach' }] }, { id: 'knife', basicSpeed: 5 }], { distance: 3 })
    const i = events.findIndex((e) => e.kind === 'interrupt')
    expect(i).toBeGreaterThan(0)
    expect(events[i - 1].kind).toBe('act')
    expect(events[i - 1].who).toEqual(['knife'])
  })
  it('"a named enemy acts" fires only on that enemy', () => {
    const specs: Spec[] = [
      { id: 'w', basicSpeed: 4, target: 'b', maneuvers: [{ maneuver: 'wait', trigger: 'named-enemy-acts', enemy: 'b' }] },
      { id: 'a', side: 'x', basicSpeed: 6, maneuvers: [{ maneuver: 'all-out-defense' }] },
      { id: 'b', side: 'x', basicSpeed: 5, maneuvers: [{ maneuver: 'all-out-defense' }] },
    ]
    const events = traceOf(specs)
    const firstInterrupt = events.findIndex((e) => e.kind === 'interrupt')
    const lastAct = events.slice(0, firstInterrupt).filter((e) => e.kind === 'act').pop()
    expect(lastAct?.who).toEqual(['b'])
  })
  it('variants.unusedWait: a Wait that never fires wastes the turn', () => {
    const events = traceOf([{ id: 'w', maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks' }] }, { id: 'x', maneuvers: [{ maneuver: 'all-out-defense' }] }], { turnCap: 3 })
    expect(events.filter((e) => e.text.includes('never fired')).length).toBe(2)
    expect(events.some((e) => e.kind === 'roll')).toBe(false)
  })
  it('Cascading Waits: two waiters set off together are ordered by the exact Quick Contest (skill + CR + ⌊Basic Speed⌋ + 2)', () => {
    const specs: Spec[] = [
      { id: 'kid', skill: 14, basicSpeed: 6, combatReflexes: true, ranged: 'firearm', distance: 10, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }, { maneuver: 'attack' }] },
      { id: 'marshal', skill: 15, basicSpeed: 5.5, ranged: 'firearm', maneuvers: [{ maneuver: 'wait', trigger: 'signal' }, { maneuver: 'attack' }] },
    ]
    const plan = planOf(specs, { signalTurn: 2 })
    const tally = createTally(plan.layout.shape)
    const rng = createStream(77, 0)
    const n = 40_000
    for (let i = 0; i < n; i++) gurps.simulate(plan, rng, tally)
    const exact = quickContestExact(14 + 1 + 6 + 2, 15 + 5 + 2)
    const within = (count: number, ways: number): boolean => {
      const p = ways / 216 ** 2
      return Math.abs(count - n * p) <= 4 * Math.sqrt(n * p * (1 - p))
    }
    expect(within(tally.counts[plan.layout.fighter[0] + F.WaitStrikesFirst], exact.aFirst)).toBe(true)
    expect(within(tally.counts[plan.layout.fighter[1] + F.WaitStrikesFirst], exact.bFirst)).toBe(true)
    expect(within(tally.counts[C_TIED_FIRST_STRIKE], exact.tie)).toBe(true)
  })
  it('"tied fighters act truly simultaneously; if they attack one another, they cannot parry with the weapons they\'re using to attack"', () => {
    // both roll 10 in the contest (tie); each then hits with 10 and may only dodge (Dodge 8 fails on 12)
    const specs: Spec[] = [
      { id: 'a', basicSpeed: 5, dx: 12, skill: 14, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', basicSpeed: 5, dx: 11, skill: 14, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ]
    const plan = planOf(specs, { signalTurn: 2, turnCap: 2, rules: { retreat: 'never' } })
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng([...d3(10, 10), ...d3(10, 12), { raw: 0 }, ...d3(10, 12), { raw: 0 }]), log)
    st.waiting.fill(1)
    st.round = 2
    playSignal(plan, st)
    expect(log.filter((e) => e.text.includes('dodges')).length).toBe(2)
    expect(log.some((e) => e.text.includes('parries'))).toBe(false)
    expect(st.mutualHit).toBe(true)
  })
  it('late joiner: "he rolls exactly as above, but with an extra −2"', () => {
    const events = traceOf(
      [
        { id: 'axel', target: 'bruno' },
        { id: 'bruno', target: 'axel', basicSpeed: 6, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks' }] },
        { id: 'cora', target: 'bruno', basicSpeed: 6, skill: 12, maneuvers: [{ maneuver: 'wait', trigger: 'named-enemy-acts', enemy: 'bruno' }] },
      ],
      { turnCap: 1 },
    )
    const late = events.find((e) => e.text.includes('(late, cutting in on BRUNO, −2)'))
    expect(late?.text).toMatch(/vs 18/) // 12 + ⌊6⌋ + 2 − 2
  })
  it('contest keys: Enhanced Time Sense outranks any non-ETS success', () => {
    expect(4096 + contestKey(18, 3)).toBeGreaterThan(contestKey(3, 30))
  })
})

/** The signal moment alone, on a hand-set state: what the loop does at the start of the signal turn. */
function playSignal(plan: ReturnType<typeof compile>, st: ReturnType<typeof freshState>): void {
  st.waitStep.fill(0)
  interrupt(plan, st, Ev.Signal, -1, -1)
}

describe('plans meeting the fight', () => {
  it('a Wait for a named enemy who is out of the fight turns into an Attack (it could never fire)', () => {
    const plan = planOf([
      { id: 'w', target: 'a', maneuvers: [{ maneuver: 'wait', trigger: 'named-enemy-acts', enemy: 'b' }] },
      { id: 'a', side: 'x', maneuvers: [{ maneuver: 'all-out-defense' }] },
      { id: 'b', side: 'x' },
    ])
    const log: TraceEvent[] = []
    const st = freshState(plan, createStream(5, 5), log)
    st.cond[2] = 2
    takeTurn(plan, st, 0)
    expect(log.some((e) => e.kind === 'act' && e.text.startsWith('W attacks'))).toBe(true)
    expect(st.waiting[0]).toBe(0)
  })
  it('variants.belowThree: a waiter whose contest score is below 3 rolls anyway by default, and may not roll under "forbid" (losing action and Wait)', () => {
    const specs: Spec[] = [
      { id: 'a', skill: 3, basicSpeed: 1, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', basicSpeed: 5, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ]
    // roll: both contest rolls, b's attack, then a's attack (18s miss); forbid: b's roll and b's attack only
    for (const [rule, totals] of [['roll', [10, 10, 18, 18]], ['forbid', [10, 18]]] as const) {
      const plan = planOf(specs, { signalTurn: 2, rules: { belowThree: rule, retreat: 'never' } })
      const log: TraceEvent[] = []
      const rng = new ScriptedRng(d3(...totals))
      const st = freshState(plan, rng, log)
      st.waiting.fill(1)
      st.shock[0] = 4 // 3 − 4 + 1 + 2 = 2
      playSignal(plan, st)
      expect(rng.left).toBe(0)
      expect(log.some((e) => e.kind === 'interrupt' && e.who[0] === 'a')).toBe(rule === 'roll')
      expect(st.waiting[0]).toBe(0)
    }
  })
})

describe('defending during a cascade', () => {
  it('retreat "not-while-acting" (the earlier reading): a waiter who has already acted in the cascade may retreat against a later member\'s attack; one still to act may not', () => {
    const specs: Spec[] = [
      { id: 'a', basicSpeed: 5, skill: 12, parry: -5, enhancedTimeSense: true, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
      { id: 'b', basicSpeed: 5, skill: 12, parry: -5, maneuvers: [{ maneuver: 'wait', trigger: 'signal' }] },
    ]
    // contest 10 and 10 (ETS puts a first); a hits with 10, b dodges with 18; damage die 1 (3 injury, b at shock −3); b hits with 8, a dodges with 3
    const plan = planOf(specs, { signalTurn: 2, rules: { retreat: 'not-while-acting' } })
    const log: TraceEvent[] = []
    const rng = new ScriptedRng([...d3(10, 10, 10, 18), { raw: 0 }, ...d3(8, 3)])
    const st = freshState(plan, rng, log)
    st.waiting.fill(1)
    st.round = 2
    playSignal(plan, st)
    expect(rng.left).toBe(0)
    expect(log.some((e) => e.text.startsWith('B dodges (8)'))).toBe(true)
    expect(log.some((e) => e.text.startsWith('A dodges with a retreat (12)'))).toBe(true)
  })
})

describe('nested interrupts', () => {
  const waitSignal = [{ maneuver: 'wait', trigger: 'signal' }, { maneuver: 'all-out-defense' }]
  const specs: Spec[] = [
    { id: 'a', side: 'x', target: 'c', basicSpeed: 6, maneuvers: waitSignal },
    { id: 'b', side: 'x', target: 'c', basicSpeed: 6, maneuvers: waitSignal },
    { id: 'c', side: 'y', basicSpeed: 6, hp: 60, ht: 20, maneuvers: [{ maneuver: 'wait', trigger: 'enemy-attacks' }] },
  ]
  it('a waiter whose "enemy attacks" Wait a cascade member\'s attack sets off is a late joiner: he rolls at −2 every time, and fires at most once', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const events = traceOf(specs, { signalTurn: 2, turnCap: 2 }, seed)
      const late = events.filter((e) => e.at === 2 && e.kind === 'roll' && e.who[0] === 'c' && e.text.includes('(late, cutting in on '))
      expect(late).toHaveLength(1)
      expect(late[0].text).toMatch(/vs 18/) // 12 + ⌊6⌋ + 2 − 2
      const interrupts = events.filter((e) => e.kind === 'interrupt' && e.at === 2).map((e) => e.who[0])
      expect(interrupts.filter((w) => w === 'c').length).toBeLessThanOrEqual(1)
    }
  })
  it('"he can try to interrupt — but this isn\'t automatic!": placed after the attacker he waits his turn; placed before, he cuts in', () => {
    // contest: a rolls 10 (margin 10), b 12 (margin 8); c late at 18 rolls 17 (fails) or 4 (margin 14); then every attack roll is 18 (a miss)
    for (const [cRoll, order] of [[17, ['a', 'b', 'c']], [4, ['c', 'a', 'b']]] as const) {
      const plan = planOf(specs, { signalTurn: 2, rules: { retreat: 'never' } })
      const log: TraceEvent[] = []
      const rng = new ScriptedRng(d3(10, 12, cRoll, 18, 18, 18))
      const st = freshState(plan, rng, log)
      st.waiting.fill(1)
      st.round = 2
      playSignal(plan, st)
      expect(rng.left).toBe(0)
      expect(log.filter((e) => e.kind === 'interrupt').map((e) => e.who[0])).toEqual(order)
      expect(log.some((e) => e.who[0] === 'c' && e.text.includes('(late, cutting in on A, −2)'))).toBe(true)
    }
  })
  it('a late joiner set off by several cascade members cuts in on whichever of them acts first', () => {
    const plan = planOf(specs, { signalTurn: 2, rules: { retreat: 'never' } })
    const log: TraceEvent[] = []
    const st = freshState(plan, new ScriptedRng(d3(12, 10, 17, 18, 18, 18)), log)
    st.waiting.fill(1)
    st.round = 2
    playSignal(plan, st)
    expect(log.some((e) => e.who[0] === 'c' && e.text.includes('(late, cutting in on B, −2)'))).toBe(true)
    expect(log.filter((e) => e.kind === 'interrupt').map((e) => e.who[0])).toEqual(['b', 'a', 'c'])
  })
})
