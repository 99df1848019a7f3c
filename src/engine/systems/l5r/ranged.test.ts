import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../run/parse'
import { compile } from './plan'
import { scenarioSchema } from './schema'
import { facesRng, skirmish, traceOf, type FighterSpec } from './test-helpers'

const YUMI = { name: 'yumi', kind: 'bow', bowStrength: 3, rolled: 2, kept: 2 }
const archer = (a: Partial<FighterSpec>, extra = {}) =>
  compile(skirmish([{ id: 'a', agility: 3, attackSkill: 2, weapon: YUMI, ...a }, { id: 'b', agility: 2, earth: 10, rounds: [{ stance: 'defense' }] }], { roundCap: 1, ...extra }))

function issues(doc: unknown): string[] {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}

/** A valid two-fighter document to break (the combatant under test is the first). */
function doc(c: Record<string, unknown>, rounds: Record<string, unknown>[] = [{}]): unknown {
  return {
    schemaVersion: 1, name: 't', system: 'l5r',
    combatants: [
      { id: 'a', name: 'A', side: 'A', agility: 3, classRank: 1, attackSkill: 2, strength: 3, earth: 2, ...c },
      { id: 'b', name: 'B', side: 'B', agility: 3, classRank: 1, attackSkill: 2, strength: 3, earth: 2 },
    ],
    tactics: [{ combatant: 'a', rounds }, { combatant: 'b', rounds: [{}] }],
  }
}

describe('ranged attacks with a bow (docs/rules/l5r.md sections 1, 3 and 4)', () => {
  it('"bows use the lower of bow strength and the archer\'s Strength": yumi 3 with 2k2 arrows rolls 5k2 for Strength 4, 4k2 for Strength 2', () => {
    expect(archer({ strength: 4 }).fighters[0].damage[0]).toEqual({ rolled: 5, kept: 2, bonus: 0 })
    expect(archer({ strength: 2 }).fighters[0].damage[0]).toEqual({ rolled: 4, kept: 2, bonus: 0 })
  })
  it('a Raise still adds +1k0: 5k2 becomes 6k2', () => {
    expect(archer({ strength: 4 }).fighters[0].damage[1]).toEqual({ rolled: 6, kept: 2, bonus: 0 })
  })
  it('"ranged (Reflexes + Kyujutsu) k Reflexes": the skirmish text\'s Agility is 4e Reflexes, so Agility 3, skill 2 rolls 5k3', () => {
    expect(archer({}).fighters[0].attack[0]).toEqual({ rolled: 5, kept: 3, bonus: 0 })
  })
  it('in a skirmish: on 7s the archer hits a Defense Stance TN of 15 + Air 2 = 17 with 5k3 = 21 and deals 4k2 = 14 (Strength 2 under a yumi 3)', () => {
    const plan = archer({ strength: 2 })
    const hit = traceOf(plan, facesRng([], 7)).find((e) => e.kind === 'hit')
    expect(hit?.text).toMatch(/^A hits B: 5k3 = 21 vs TN 17 .*Damage 4k2 = 14 → 14 wounds\.$/)
  })
  it('Full Attack is "melee only (no ranged attacks)": a bow in Full Attack is rejected with the allowed Stances', () => {
    expect(issues(doc({ weapon: YUMI }, [{}, { stance: 'full-attack' }]))).toEqual([
      'tactics[0].rounds[1].stance: must be one of "attack", "defense", "full-defense", "center": Full Attack allows melee attacks only (weapon "yumi" is a bow), got "full-attack"',
    ])
  })
  it('a bow needs its strength rating; a melee weapon has none; a bow keeps Agility, so attackTrait is refused', () => {
    expect(issues(doc({ weapon: { ...YUMI, bowStrength: undefined } }))).toEqual([
      'combatants[0].weapon.bowStrength: must be an integer 1–10 for a bow (its strength rating; damage adds min(bowStrength, Strength) dice)',
    ])
    expect(issues(doc({ weapon: { name: 'katana', rolled: 3, kept: 2, bowStrength: 3 } }))).toEqual(['combatants[0].weapon.bowStrength: must be omitted unless weapon.kind is "bow", got 3'])
    expect(issues(doc({ weapon: YUMI, attackTrait: 4 }))).toEqual(['combatants[0].attackTrait: must be omitted with a bow: a ranged attack rolls (Agility + skill) k Agility (4e Reflexes), got 4'])
    expect(issues(doc({ weapon: { ...YUMI, kind: 'sling' } }))).toEqual(['combatants[0].weapon.kind: must be one of "melee", "bow", got "sling"'])
  })
  it('no Void +1k1 on bow damage ("not damage rolls", the katana excepted), even when the bow is named katana', () => {
    expect(issues(doc({ weapon: { ...YUMI, name: 'katana' } }, [{ void: 'damage' }]))[0]).toMatch(/^tactics\[0\]\.rounds\[0\]\.void: must be one of .*Void adds to damage only with a katana/)
  })
})

describe('variants.strengthInDamage: Strength in melee damage (docs/rules/l5r.md sections 4 and 7)', () => {
  const katana = (rules = {}, weapon = { name: 'katana', rolled: 3, kept: 2 }) => compile(skirmish([{ id: 'a', strength: 3, weapon }, { id: 'b' }], { rules })).fighters[0].damage[0]
  it('default "added": katana 3k2 with Strength 3 rolls 6k2', () => {
    expect(katana()).toEqual({ rolled: 6, kept: 2, bonus: 0 })
  })
  it('"weapon-only": the weapon entry is the whole roll, so the katana is entered as 6k2 and rolls 6k2', () => {
    expect(katana({ strengthInDamage: 'weapon-only' }, { name: 'katana', rolled: 6, kept: 2 })).toEqual({ rolled: 6, kept: 2, bonus: 0 })
    expect(katana({ strengthInDamage: 'weapon-only' })).toEqual({ rolled: 3, kept: 2, bonus: 0 })
  })
})

describe('Emphasis: his attack rolls reroll 1s once (docs/rules/l5r.md section 1, optional)', () => {
  it('on an attack roll: 6k3 showing 1, 1, 1, 5, 5, 5 rerolls the three 1s (9, 9, 9) and keeps 27 — a hit at TN 21', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3, emphasis: true }, { id: 'b', agility: 3, earth: 10, air: 1, rounds: [{ stance: 'defense' }] }], { roundCap: 1 }))
    // Initiative: a rolls 4k3, b rolls 4k3 (all 5s); then a's attack dice
    const events = traceOf(plan, facesRng([5, 5, 5, 5, 5, 5, 5, 5, 1, 9, 1, 9, 1, 9, 5, 5, 5], 5))
    expect(events.find((e) => e.kind === 'hit')?.text).toMatch(/^A hits B: 6k3 = 27 vs TN 21/)
  })
  it('without it the same dice keep 15 and miss', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3 }, { id: 'b', agility: 3, earth: 10, air: 1, rounds: [{ stance: 'defense' }] }], { roundCap: 1 }))
    const events = traceOf(plan, facesRng([5, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1, 5, 5, 5], 5))
    expect(events.find((e) => e.kind === 'miss')?.text).toMatch(/^A misses B: 6k3 = 15 vs TN 21/)
  })
  it('an Emphasis belongs to a skill: with attackSkill 0 it is rejected', () => {
    expect(issues(doc({ attackSkill: 0, emphasis: true }))).toEqual(['combatants[0].emphasis: must be false when attackSkill is 0 (an Emphasis belongs to a skill he has), got true'])
  })
  it('the schema keeps old files: no emphasis means false', () => {
    expect(scenarioSchema.parse(doc({})).combatants[0].emphasis).toBe(false)
  })
})
