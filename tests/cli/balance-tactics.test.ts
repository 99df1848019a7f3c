import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'

const standoff = join(examplesDir, 'gurps-waits-standoff.json')
const duel = join(examplesDir, 'gurps-duel.json')
let dir = ''

function quickdraw(...args: string[]) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 300_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('quickdraw balance and tactics', () => {
  beforeAll(() => {
    requireBuild()
    dir = mkdtempSync(join(tmpdir(), 'quickdraw-balance-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('balance answers in a sentence, exactly where the system has exact values', () => {
    const r = quickdraw('balance', standoff, '--param', 'combatants[0].skill', '--metric', 'acts-first-alone:kid', '--target', '0.5', '--from', '9', '--to', '18')
    expect(r.code).toBe(0)
    expect(r.out.split('\n')[0]).toBe(`The Kid's skill 14 makes "The Kid acts first, alone" 54.64% (exact); at 13 it is 45.36% (exact).`)
  })

  it('balance on an outcome of an ordering names it as Results do, never by its id or the field by its path', () => {
    const r = quickdraw('balance', join(examplesDir, 'hero-gunfighters.json'), '--param', 'combatants[0].dex', '--metric', 'first-actor=kid', '--target', '0.5', '--trials', '2000')
    expect(r.code).toBe(0)
    expect(r.out.split('\n')[0]).toMatch(/^Doc's DEX \d+ makes "Kid takes the fight's first action" \d+\.\d\d% \(/)
    expect(r.out).not.toMatch(/first-actor|combatants\[/)
  })

  it('balance --json on a whole fight: the same answer with 1 and 2 workers, the bracket straddling the target', () => {
    const args = ['balance', duel, '--param', 'combatants[0].weapon.skill', '--metric', 'wins:aldo', '--target', '0.5', '--from', '9', '--to', '18', '--trials', '20000', '--seed', '3', '--json']
    const one = quickdraw(...args, '--workers', '1')
    const two = quickdraw(...args, '--workers', '2')
    expect(one.code).toBe(0)
    expect(two.out).toBe(one.out)
    const a = JSON.parse(one.out)
    expect(Object.keys(a)).toEqual(expect.arrayContaining(['param', 'metric', 'target', 'value', 'bracket', 'interval', 'trials', 'seed']))
    expect(a.bracket).toHaveLength(2)
    expect(a.bracket[0].estimate).toBeLessThan(0.5)
    expect(a.bracket[1].estimate).toBeGreaterThanOrEqual(0.5)
    expect(a.interval[0]).toBeLessThanOrEqual(a.value)
    expect(a.interval[1]).toBeGreaterThanOrEqual(a.value)
  })

  it('balance refuses with exit 1 and the reason when the target is out of reach', () => {
    const r = quickdraw('balance', standoff, '--param', 'combatants[0].skill', '--metric', 'acts-first-alone:kid', '--target', '0.99', '--from', '9', '--to', '18')
    expect(r.code).toBe(1)
    expect(r.err).toBe(`quickdraw: "The Kid acts first, alone" does not reach 99.00% for The Kid's skill from 9 to 18: it goes from 14.86% to 85.14%; widen --from/--to or pick another target\n`)
    expect(r.err).not.toMatch(/at .*\.js/)
  })

  it('tactics plays every pairing and recommends, --json in the documented shape', () => {
    const s = JSON.parse(readFileSync(duel, 'utf8'))
    const withSkill = (i: number, skill: number) => ({ combatants: s.combatants.map((c: { weapon: object }, k: number) => (k === i ? { ...c, weapon: { ...c.weapon, skill } } : c)) })
    writeFileSync(join(dir, 'a-sharp.json'), JSON.stringify(withSkill(0, 15)))
    const r = quickdraw('tactics', duel, '--a', 'as-is={}', '--a', `sharp=@${join(dir, 'a-sharp.json')}`, '--b', 'as-is={}', '--b', `aoa=${JSON.stringify({ tactics: [s.tactics[0], { combatant: 'bruno', maneuvers: [{ maneuver: 'all-out-attack', option: 'determined' }] }] })}`, '--metric', 'wins:aldo', '--trials', '20000', '--seed', '2', '--json')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const t = JSON.parse(r.out)
    expect(t.a).toEqual(['as-is', 'sharp'])
    expect(t.b).toEqual(['as-is', 'aoa'])
    expect(t.cells).toHaveLength(2)
    expect(t.cells[0]).toHaveLength(2)
    // A sharper swordsman wins more against either plan: "sharp" dominates.
    expect(t.bestReplyA).toEqual(['sharp', 'sharp'])
    expect(t.equilibrium.a).toEqual({ 'as-is': 0, sharp: 1 })
    expect(Object.keys(t)).toEqual(expect.arrayContaining(['metric', 'a', 'b', 'cells', 'bestReplyA', 'bestReplyB', 'equilibrium']))
  })

  it('tactics on a fight with exact answers takes them, samples nothing, and says so (issue 29 item 5)', () => {
    const blows = join(examplesDir, 'gurps-deadly-blows.json')
    const s = JSON.parse(readFileSync(blows, 'utf8'))
    const sharp = { combatants: s.combatants.map((c: { weapon: object }, k: number) => (k === 0 ? { ...c, weapon: { ...c.weapon, skill: 15 } } : c)) }
    const r = quickdraw('tactics', blows, '--a', 'as-is={}', '--a', `sharp=${JSON.stringify(sharp)}`, '--b', 'as-is={}', '--metric', 'wins:aldo')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^"Aldo wins", side A's options down, side B's across \(exact values, no sampling\):$/m)
    expect(r.out).toMatch(/^ {2}sharp {2}\d+\.\d\d% exact$/m)
    expect(r.out).not.toMatch(/trials a cell|wins:aldo/)
  })

  it('tactics plays the options the scenario keeps when none are given, and --a replaces side A\'s only', () => {
    const kept = quickdraw('tactics', join(examplesDir, 'hero-gunfighters.json'), '--trials', '4000', '--json')
    expect(kept.code).toBe(0)
    const k = JSON.parse(kept.out) as { metric: string; a: string[]; b: string[] }
    expect(k).toMatchObject({ metric: 'wins=A', a: ['hold to interrupt', 'shoot on his Phase'], b: ['shoot on his Phase', 'hold to interrupt Doc'] })
    const mixed = quickdraw('tactics', join(examplesDir, 'hero-gunfighters.json'), '--trials', '2000', '--a', 'as-is={}', '--json')
    expect(mixed.code).toBe(0)
    expect(JSON.parse(mixed.out)).toMatchObject({ a: ['as-is'], b: ['shoot on his Phase', 'hold to interrupt Doc'] })
    // The answer names the players the file keeps ("players"), only for a side whose options are the file's.
    const named = quickdraw('tactics', join(examplesDir, 'hero-gunfighters.json'), '--trials', '1000', '--a', 'as-is={}')
    expect(named.code).toBe(0)
    expect(named.out).toMatch(/^Side A should always "as-is"; the Kid should (always|mix) "/)
    expect(named.out).toMatch(/\(side A wants it high, the Kid low\)/)
    expect(named.out).toMatch(/side A's options down, the Kid's across/)
    expect(named.out).toMatch(/if the Kid plays "shoot on his Phase", side A should play "as-is"/)
    const none = quickdraw('tactics', standoff, '--metric', 'acts-first-alone:kid')
    expect(none.code).toBe(2)
    expect(none.err).toMatch(/keeps no options \("choices"\)/)
  })

  it('tactics refuses an option that makes the scenario invalid, naming it and the path', () => {
    const r = quickdraw('tactics', duel, '--a', 'as-is={}', '--b', 'weird={"combatants":[{"id":"x"}]}', '--metric', 'wins:aldo', '--trials', '1000')
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/option B "weird" make the scenario invalid: combatants/)
  })

  it('bench times a whole tactics matrix and a whole balance search (structure, not speed)', () => {
    for (const id of ['hero-tactics-4x4', 'hero-balance']) {
      const r = quickdraw('bench', '--only', id, '--trials', '1000', '--repeat', '1', '--json')
      expect(r.code).toBe(0)
      const b = JSON.parse(r.out).benchmarks
      expect(b.map((x: { id: string }) => x.id)).toEqual([id])
      expect(b[0].seconds.median).toBeGreaterThan(0)
    }
  })
})
