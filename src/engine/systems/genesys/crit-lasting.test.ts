import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Rng } from '../../core/rng'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { parseScenarioOrThrow } from '../../run/parse'
import { critEffectOf, critRow } from './crit-effects'
import { playFight, takeTurn } from './fight'
import { criticalInjury } from './fight-aftermath'
import { attack, checkDefeat } from './fight-attack'
import { maneuver } from './fight-maneuver'
import { ammoAt, type FightPlan } from './fight-plan'
import { genesys } from './index'

/** Critical Injury rows that last past the hit, as a GM recalls EotE Table 6-10 (crit-effects.ts): slots, dropped weapons, check penalties, free attacks. */
const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const load = (file: string): Record<string, unknown> => JSON.parse(readFileSync(join(examples, file), 'utf8')) as Record<string, unknown>
const fightPlan = (doc: Record<string, unknown>): FightPlan => genesys.compile(parseScenarioOrThrow(doc).scenario as never) as FightPlan
const duel = load('genesys-blaster-duel.json')
const fixedD100 = (d100: number): Rng => ({ u32: () => 0, below: () => 0, die: () => d100 })
const tallyOf = (p: FightPlan) => createTally({ counters: p.layout.counters, bins: p.layout.bins })

/** The duel with the d100 of one Critical Injury on the hunter (index 1) by the smuggler (index 0). */
function crit(d100: number, plan = fightPlan(duel)): FightPlan {
  criticalInjury(plan, fixedD100(d100), tallyOf(plan), 0, 1, 1, 2)
  return plan
}

/** The hunter's attack on the smuggler as the trace tells it (the roll line first). */
function hunterShot(plan: FightPlan, seed = 1): TraceEvent[] {
  const log: TraceEvent[] = []
  attack(plan, createStream(seed, 0), tallyOf(plan), 1, 0, 1, log)
  return log
}

describe('lasting Critical Injury rows (EotE Table 6-10 as a GM recalls it)', () => {
  it('rows: 6–10 Slowed Down, 11–15 Sudden Jolt, 56–60 Agonizing Wound, 61–65 Slightly Dazed, 66–70 Scattered Senses, 76–80 Overpowered, 86–90 Compromised, 91–95 At the Brink, 116–120 Blinded', () => {
    const rows = [6, 10, 11, 15, 56, 60, 61, 65, 66, 70, 76, 80, 86, 90, 91, 95, 116, 120].map((r) => critRow(r).effect)
    expect(rows).toEqual(['slowed-down', 'slowed-down', 'sudden-jolt', 'sudden-jolt', 'agonizing-wound', 'agonizing-wound', 'slightly-dazed', 'slightly-dazed', 'scattered-senses', 'scattered-senses', 'overpowered', 'overpowered', 'compromised', 'compromised', 'at-the-brink', 'at-the-brink', 'blinded', 'blinded'])
  })
  it('"severity-only" ignores them', () => {
    for (const r of [8, 13, 58, 63, 68, 78, 88, 93, 118]) expect(critEffectOf(r, false)).toBe('none')
  })
  it('Agonizing Wound and Compromised: each adds a Difficulty die to his combat checks (1Y 2G vs 2P becomes vs 4P)', () => {
    // the second roll: 78 + 10 for the injury he already has = 88
    const p = crit(78, crit(58))
    expect(p.state.hurtIncrease[1]).toBe(2)
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 4P →')
  })
  it('Slightly Dazed: a Setback die on his checks; Blinded: his difficulty upgraded twice', () => {
    expect(hunterShot(crit(63))[0].text).toContain(': 1Y 2G vs 2P 1K →')
    expect(hunterShot(crit(118))[0].text).toContain(': 1Y 2G vs 2R →')
  })
  it('Scattered Senses: his Aim and an ally\'s Boost die are removed from the pool', () => {
    const p = crit(68)
    p.state.aims[1] = 2
    p.state.boost[1] = 1
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 2P →')
  })
  it('At the Brink: 1 strain each time he attacks', () => {
    const p = crit(93)
    const log = hunterShot(p)
    expect(log[0].text).toBe('At the Brink: Bounty hunter suffers 1 strain for his action (1/12).')
    expect(p.state.strain[1]).toBeGreaterThanOrEqual(1)
  })
  it('Sudden Jolt: he drops his weapon and his next turn starts with an Interact maneuver to pick it up before he fires', () => {
    let seen = 0
    for (let seed = 0; seed < 600 && seen < 5; seed++) {
      const log: TraceEvent[] = []
      playFight(fightPlan(duel), createStream(seed, 0), createTally({ counters: 3 + 12, bins: 10000 }), log)
      const i = log.findIndex((e) => e.kind === 'crit' && e.text.includes('Sudden Jolt'))
      if (i < 0) continue
      const who = log[i].who[0]
      const next = log.slice(i + 1).filter((e) => e.who[0] === who && (e.kind === 'maneuver' || e.kind === 'roll'))
      if (next.length < 2) continue
      expect(next[0].text).toMatch(/interact \(picks up his weapon\)/)
      expect(next[1].text).toMatch(/ fires /)
      seen++
    }
    expect(seen).toBeGreaterThan(0)
  })
  it('Sudden Jolt on a Brawl fighter: fists are not dropped, so he needs no Interact and can still attack', () => {
    const brawler = { ...duel, range: 'engaged', combatants: (duel.combatants as Record<string, unknown>[]).map((c) => (c.id === 'hunter' ? { ...c, weapon: { name: 'fists', skill: 'brawl', damage: 1, crit: 5, addsBrawn: true } } : c)) }
    const p = crit(13, fightPlan(brawler))
    expect(p.state.noAmmo[ammoAt(1, 0)]).toBe(0)
    expect(hunterShot(p)[0].text).toMatch(/^Bounty hunter attacks with fists at Smuggler/)
  })
  it('Sudden Jolt on a weapon a Despair emptied: picking it up (Interact) does not reload it, a Manage Gear still does', () => {
    const p = fightPlan(duel)
    p.state.noAmmo[ammoAt(1, 0)] = 1
    p.state.reloads[1] = 1
    crit(13, p)
    maneuver(p, 1, 0, 'interact', 2)
    expect(p.state.noAmmo[ammoAt(1, 0)]).not.toBe(0)
    maneuver(p, 1, 0, 'manage-gear', 2)
    expect(p.state.noAmmo[ammoAt(1, 0)]).toBe(0)
  })
  it('a dropped and emptied weapon (he carries a reload): his next turn starts with Interact, then Manage Gear, then he fires', () => {
    const p = fightPlan(duel)
    p.state.noAmmo[ammoAt(1, 0)] = 1
    p.state.reloads[1] = 1
    crit(13, p)
    const log: TraceEvent[] = []
    takeTurn(p, createStream(1, 0), tallyOf(p), 1, 2, log)
    const mine = log.filter((e) => e.who[0] === 'hunter' && (e.kind === 'maneuver' || e.kind === 'roll')).map((e) => e.text)
    expect(mine[0]).toBe('Bounty hunter: interact (picks up his weapon).')
    expect(mine[1]).toBe('Bounty hunter: manage gear (reloads, 0 reloads left).')
    expect(mine[2]).toMatch(/^Bounty hunter fires /)
  })
  it('Overpowered: the attacker fires again at once with the exact same dice (a free attack, no At the Brink strain)', () => {
    const p = fightPlan(duel)
    p.state.freeAttack[1] = 1
    p.state.brink[1] = 1
    const log = hunterShot(p)
    const shots = log.filter((e) => e.text.startsWith('Bounty hunter fires'))
    expect(shots.length).toBeGreaterThanOrEqual(2)
    expect(shots[1].text).toContain(': 1Y 2G vs 2P →')
    expect(log.filter((e) => e.text.startsWith('At the Brink')).length).toBe(1)
    expect(log.some((e) => e.text === 'Overpowered: Bounty hunter attacks Smuggler again with the same dice.')).toBe(true)
  })
  it('Overpowered is set for the attacker by the row; no free attack on a target already out', () => {
    expect(crit(78).state.freeAttack[0]).toBe(1)
    const p = fightPlan(duel)
    p.state.freeAttack[1] = 1
    p.state.down[0] = 1
    expect(hunterShot(p).filter((e) => e.text.startsWith('Bounty hunter fires')).length).toBe(1)
  })
})

describe('Slowed Down: he acts only in his side\'s last initiative slot on his next turn (EotE Table 6-10, Slowed Down)', () => {
  const squad = load('genesys-squad-cover.json')
  for (const slots of ['side-slots', 'individual']) {
    it(`${slots}: after the note, no one of his side acts later in that round, and he is slowed one turn per Slowed Down`, () => {
      let seen = 0
      for (let seed = 0; seed < 400; seed++) {
        const log: TraceEvent[] = []
        const plan = fightPlan({ ...squad, rules: { initiativeSlots: slots } })
        playFight(plan, createStream(seed, 0), tallyOf(plan), log)
        const i = log.findIndex((e) => e.text.includes('is slowed down'))
        if (i < 0) continue
        const who = log[i].who[0]
        const side = plan.fighters.find((f) => f.c.id === who)?.side
        const mates = new Set(plan.fighters.filter((f) => f.side === side && f.c.id !== who).map((f) => f.c.id))
        const laterSameRound = log.slice(i + 1).filter((e) => e.at === log[i].at && e.kind === 'roll' && mates.has(e.who[0]))
        expect(laterSameRound).toEqual([])
        // slowed for one turn per Slowed Down, not for good
        expect(log.filter((e) => e.text.includes('is slowed down') && e.who[0] === who).length).toBeLessThanOrEqual(log.filter((e) => e.kind === 'crit' && e.who[0] === who && e.text.includes('Slowed Down')).length)
        seen++
      }
      expect(seen).toBeGreaterThan(0)
    })
  }
})

/** A stream whose d100, d10 and d4 give the values asked (the Critical Injury roll, Horrific/Gruesome's characteristic, Crippled's limb). */
const dice = (d100: number, d10 = 1, d4 = 1): Rng => ({ u32: () => 0, below: () => 0, die: (sides: number) => (sides === 100 ? d100 : sides === 10 ? d10 : d4) })
/** The duel with one Critical Injury on the hunter (index 1: Brawn 3, soak 5, wound threshold 14, strain threshold 12, Agility 3). */
function critWith(rng: Rng, plan = fightPlan(duel), log?: TraceEvent[]): FightPlan {
  criticalInjury(plan, rng, tallyOf(plan), 0, 1, 1, 2, log)
  return plan
}
const withRules = (rules: Record<string, string>): Record<string, unknown> => ({ ...duel, rules })

describe('limb and characteristic Critical Injury rows (EotE p.218 Table 6-10)', () => {
  it('rows: 96–100 Crippled, 101–105 Maimed, 106–110 Horrific Injury, 126–130 Gruesome Injury; "severity-only" ignores them', () => {
    expect([96, 100, 101, 105, 106, 110, 126, 130].map((r) => critRow(r).name)).toEqual(['Crippled', 'Crippled', 'Maimed', 'Maimed', 'Horrific Injury', 'Horrific Injury', 'Gruesome Injury', 'Gruesome Injury'])
    expect([98, 103, 108, 128].map((r) => critEffectOf(r, true))).toEqual(['crippled', 'maimed', 'characteristic-loss', 'characteristic-loss'])
    for (const r of [98, 103, 108, 128]) expect(critEffectOf(r, false)).toBe('none')
  })
  it('Crippled (default: the arm he fights with): his attacks are one Difficulty die harder (1Y 2G vs 2P becomes vs 3P), once: a second Crippled takes a limb no attack uses', () => {
    const p = critWith(dice(98))
    expect(p.state.crippled[1]).toBe(1)
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 3P →')
    // 88 + 10 for the injury he already has = 98: Crippled again
    const log: TraceEvent[] = []
    critWith(dice(88), p, log)
    expect(log[0].text).toContain('Crippled — another limb is crippled')
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 3P →')
  })
  it('Crippled, rule "random-limb": a d4 of 1 is his fighting arm (one Difficulty die), 2–4 another limb (nothing); rule "other-limb": nothing', () => {
    expect(critWith(dice(98, 1, 1), fightPlan(withRules({ crippledLimb: 'random-limb' }))).state.crippled[1]).toBe(1)
    for (const d4 of [2, 3, 4]) expect(hunterShot(critWith(dice(98, 1, d4), fightPlan(withRules({ crippledLimb: 'random-limb' }))))[0].text).toContain(': 1Y 2G vs 2P →')
    expect(hunterShot(critWith(dice(98), fightPlan(withRules({ crippledLimb: 'other-limb' }))))[0].text).toContain(': 1Y 2G vs 2P →')
  })
  it('Maimed: a Setback die on his attacks for each limb lost (1Y 2G vs 2P 1K, then 2K)', () => {
    const p = critWith(dice(103))
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 2P 1K →')
    critWith(dice(93), p)
    expect(p.state.maimed[1]).toBe(2)
    expect(hunterShot(p)[0].text).toContain(': 1Y 2G vs 2P 2K →')
  })
  it('Horrific Injury, d10 4–6 Agility: his Ranged checks lose a die (Agility 3, Ranged 1: 1Y 2G becomes 1Y 1G)', () => {
    for (const d10 of [4, 5, 6]) expect(hunterShot(critWith(dice(108, d10)))[0].text).toContain(': 1Y 1G vs 2P →')
  })
  it('Horrific Injury, d10 1–3 Brawn 3 → 2: soak 5 → 4 and wound threshold 14 → 13 (both are worked out from Brawn); Gruesome the same', () => {
    for (const [d100, d10] of [[108, 1], [110, 3], [128, 2]]) {
      const log: TraceEvent[] = []
      const p = critWith(dice(d100, d10), fightPlan(duel), log)
      expect(log[0].text).toContain('Brawn 3 → 2: soak 5 → 4, wound threshold 14 → 13')
      // 14 wounds no longer stay within the threshold
      p.state.wounds[1] = 14
      const t = tallyOf(p)
      checkDefeat(p, 1, t, 2)
      expect(p.state.down[1]).toBe(1)
    }
  })
  it('Horrific Injury, d10 10 Willpower: strain threshold 12 → 11; 7–9 Intellect, Cunning, Presence: nothing a fight checks', () => {
    const p = critWith(dice(108, 10))
    p.state.strain[1] = 12
    checkDefeat(p, 1, tallyOf(p), 2)
    expect(p.state.down[1]).toBe(1)
    for (const d10 of [7, 8, 9]) {
      const q = critWith(dice(108, d10))
      expect([q.state.brawnLost[1], q.state.agilityLost[1], q.state.willLost[1]]).toEqual([0, 0, 0])
      expect(hunterShot(q)[0].text).toContain(': 1Y 2G vs 2P →')
    }
  })
  it('a Brawn of 1 cannot go lower: soak and wound threshold stay', () => {
    const doc = structuredClone(duel) as { combatants: { brawn: number }[] }
    doc.combatants[1].brawn = 1
    const p = critWith(dice(108, 1), fightPlan(doc))
    expect(p.state.brawnLost[1]).toBe(0)
  })
})
