import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { issueLine } from '../core/schema'
import { parseJsonText, parseScenario } from './parse'

const good = {
  schemaVersion: 1,
  name: 'ok',
  system: 'gurps-waits',
  combatants: [
    { id: 'a', name: 'A', skill: 12, basicSpeed: 5 },
    { id: 'b', name: 'B', skill: 12, basicSpeed: 5 },
  ],
  tactics: [
    { combatant: 'a', action: 'stab' },
    { combatant: 'b', action: 'grab' },
  ],
}

const lines = (doc: unknown): string[] => {
  const r = parseScenario(doc)
  if (r.ok) throw new Error('expected problems')
  return r.issues.map(issueLine)
}

describe('scenario validation', () => {
  it('accepts a minimal scenario and fills every documented default', () => {
    const r = parseScenario(good)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.scenario.rules).toEqual({ yardPenalty: 'whole-distance', belowThree: 'roll', prevention: 'if-it-succeeds' })
    expect(r.scenario.run).toEqual({ trials: 100_000, seed: 1 })
  })

  it('names the path, the allowed values and what it got: combatants[1].skill "12a"', () => {
    const doc = structuredClone(good) as { combatants: Record<string, unknown>[] }
    doc.combatants[1].skill = '12a'
    expect(lines(doc)).toEqual(['combatants[1].skill: must be an integer 3–30, got "12a"'])
  })

  it('lists every bad path at once', () => {
    const doc = structuredClone(good) as Record<string, unknown> & { combatants: Record<string, unknown>[]; tactics: Record<string, unknown>[] }
    doc.combatants[0].skill = 31
    doc.combatants[1].basicSpeed = 5.1
    doc.combatants[1].colour = 'red'
    doc.tactics[0].commit = 'maybe'
    doc.tactics[1].prevents = ['zed']
    doc.rules = { yardPenalty: 'all' }
    doc.run = { trials: 0 }
    const got = lines(doc)
    expect(got).toEqual(
      expect.arrayContaining([
        'combatants[0].skill: must be an integer 3–30, got 31',
        'combatants[1].basicSpeed: must be a number 1–20 in steps of 0.25, got 5.1',
        'combatants[1].colour: is not a known field (check its spelling)',
        'tactics[0].commit: must be one of "proceed", "keep-waiting", "late", got "maybe"',
        'rules.yardPenalty: must be one of "whole-distance", "beyond-step", got "all"',
        'run.trials: must be an integer 1–10000000000, got 0',
      ]),
    )
    expect(got.length).toBeGreaterThanOrEqual(6)
  })

  it('checks references between combatants and tactics once the fields are well-formed', () => {
    const doc = structuredClone(good) as { tactics: Record<string, unknown>[] }
    doc.tactics[1].prevents = ['zed']
    doc.tactics[0].attacks = 'a'
    expect(lines(doc)).toEqual(
      expect.arrayContaining(['tactics[1].prevents[0]: must be one of the combatant ids "a", "b", got "zed"', 'tactics[0]: must not attack, interrupt or prevent its own combatant, got "a"']),
    )
  })

  it('requires a late joiner to name whom he interrupts, and someone to proceed', () => {
    const doc = structuredClone(good) as { tactics: Record<string, unknown>[] }
    doc.tactics[0].commit = 'late'
    doc.tactics[1].commit = 'keep-waiting'
    expect(lines(doc)).toEqual(
      expect.arrayContaining([
        'tactics[0].interrupts: is required for a late joiner: the combatant whose action triggers his Wait',
        'tactics: must have at least one combatant whose commit is "proceed"',
      ]),
    )
  })

  it('refuses Combat Reflexes together with Enhanced Time Sense', () => {
    const doc = structuredClone(good) as { combatants: Record<string, unknown>[] }
    Object.assign(doc.combatants[0], { combatReflexes: true, enhancedTimeSense: true })
    expect(lines(doc)[0]).toMatch(/^combatants\[0\]\.combatReflexes: must be false when enhancedTimeSense is true/)
  })

  it('reads a renamed rule-variant value from an older file as its new name, with the same hash (Bushido shooterRan "seed" is now "card")', () => {
    const example = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/bushido-skirmish.json'), 'utf8')) as { rules?: Record<string, string> }
    const older = parseScenario({ ...example, rules: { ...example.rules, shooterRan: 'seed' } })
    const now = parseScenario({ ...example, rules: { ...example.rules, shooterRan: 'card' } })
    if (!older.ok || !now.ok) throw new Error('expected both to parse')
    expect(older.scenario.rules.shooterRan).toBe('card')
    expect(older.hash).toBe(now.hash)
    // Only the variant's own old names: any other value is still refused with the allowed ones.
    expect(lines({ ...example, rules: { shooterRan: 'cards' } })).toEqual(['rules.shooterRan: must be one of "card", "book", got "cards"'])
  })

  it('names the allowed systems for an unknown one', () => {
    const [line] = lines({ ...good, system: 'dnd' })
    expect(line).toMatch(/^system: must be one of "gurps-waits"(, "[a-z0-9-]+")*, got "dnd"$/)
  })

  it('refuses a document that is not an object', () => {
    expect(lines([1, 2])).toEqual(['a scenario must be a JSON object'])
  })
})

/** Issue 16 item 1–2: validation is a function from any JSON value to issues; it never throws. */
describe('validation never throws, and says what is wrong', () => {
  const duel = {
    schemaVersion: 1,
    name: 'duel',
    system: 'l5r',
    combatants: [
      { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2, void: 2 },
      { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 3, strength: 3, earth: 2, void: 2 },
    ],
    tactics: [
      { combatant: 'a', rounds: [{ stance: 'attack' }] },
      { combatant: 'b', rounds: [{ stance: 'attack' }] },
    ],
  }

  it.each(['', '1', '10', '10k', '10K5', '10k5+', ' 10k5'])('an L5R exact roll %j that is not yet a roll is refused at exactRolls[0].roll (it threw "not a roll")', (roll) => {
    const r = parseScenario({ ...duel, exactRolls: [{ roll }] })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.issues.map(issueLine)).toEqual([`exactRolls[0].roll: must be a roll such as "6k3" or "12k4+5", got ${JSON.stringify(roll)}`])
  })

  it('a document nested 100,000 levels deep is refused by name, without a stack overflow', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown
    const r = parseScenario({ ...duel, name: deep })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues.map(issueLine)).toEqual(['name[0][0]: is nested more than 64 levels deep; a scenario needs only a few'])
  })

  it('a number too large for JSON (1e400) is reported as out of range, not as null', () => {
    const doc = JSON.parse(JSON.stringify(duel).replace('"agility":3', '"agility":1e400')) as unknown
    expect(lines(doc)).toEqual(['combatants[0].agility: must be an integer 1–10, got a number out of range'])
  })

  it('reports a wrong field and an unknown id at once (the cross-field checks no longer wait for the fields)', () => {
    const doc = structuredClone(duel) as { combatants: Record<string, unknown>[]; tactics: Record<string, unknown>[] }
    doc.combatants[0].agility = 'high'
    doc.tactics[1].combatant = 'zed'
    const got = lines(doc)
    expect(got).toEqual(expect.arrayContaining([expect.stringMatching(/^combatants\[0\]\.agility: must be an integer/), expect.stringMatching(/^tactics\[1\]\.combatant: must be one of the combatant ids "a", "b"/)]))
  })

  it('skips a UTF-8 byte-order mark before the JSON text', () => {
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    expect(parseJsonText('{"a":')).toMatchObject({ ok: false, message: expect.stringMatching(/^not valid JSON \(/) })
  })
})

/** Issue 16 item 4: a Genesys check of 20 dice of each kind compiled for 18 s and 400 MB, in main and in every worker. */
describe('heavy compiles are refused at validation, naming the limit', () => {
  it('a Genesys check pool of more than 40 dice in all is refused at check.pool', () => {
    const pool = { proficiency: 20, ability: 20, boost: 20, challenge: 20, difficulty: 20, setback: 20 }
    const doc = { schemaVersion: 1, name: 'big', system: 'genesys', mode: 'check', check: { pool, weapon: { name: 'blaster', skill: 'ranged-heavy', damage: 9, crit: 3, range: 'long' }, target: { soak: 4 } } }
    expect(lines(doc)).toEqual(['check.pool: must hold at most 40 dice in all, got 120 (the exact odds of a larger pool take too long to compute)'])
    expect(parseScenario({ ...doc, check: { ...doc.check, pool: { proficiency: 10, ability: 10, difficulty: 10, setback: 10 } } }).ok).toBe(true)
  })
})

describe('the options a scenario keeps (choices)', () => {
  it('are not checked with the scenario (they change no fight; tactics checks each pairing), only their shape is', () => {
    const gunfighters = JSON.parse(readFileSync(join(__dirname, '../../../resources/examples/hero-gunfighters.json'), 'utf8')) as Record<string, unknown> & { choices: { a: { name: unknown; patch: unknown }[] } }
    const stale = structuredClone(gunfighters)
    stale.choices.a[1].patch = { combatants: [{ id: 'kid', plan: { onPhase: 'dance' } }] }
    expect(parseScenario(stale).ok).toBe(true)
    const misshapen = structuredClone(gunfighters)
    misshapen.choices.a[1].name = 42
    const r = parseScenario(misshapen)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.issues.map((i) => i.path)).toEqual(['choices.a[1].name'])
  })
})
