import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addToScenario, importCharacter, librariesOf, openFile, type ImportReport, type ImportResult } from '../../src/import'
import { readGcsJson } from '../../src/import/gurps-gcs-json'
import { parseXml, xattr, xkid, type XNode } from '../../src/import/source'

/**
 * Nothing an import reads is dropped silently (issue 26 item 2): every trait, power, skill, talent, perk,
 * complication and item of a character file is either used (and its line says how) or listed under "Not
 * modelled" with the reason; values the file states that the simulator can use are used; and the report's
 * first lines say what the fight uses (attacks, defences, movement), in a GM's words.
 */
const root = join(__dirname, '..', '..')
const shared = join(root, '..', 'shared', 'fixtures', 'import')
const local = join(root, 'tests', 'fixtures', 'import')
const dir = (d: string): string[] => (existsSync(join(shared, d)) ? readdirSync(join(shared, d)).map((f) => join(shared, d, f)) : [])
const haveShared = existsSync(shared)
if (!haveShared) console.warn(`import: ${shared} is absent; the checks over the shared character files are skipped`)

const lines = (r: ImportReport): string[] => [...r.fight, ...r.read, ...r.computed, ...r.defaulted, ...r.ignored]
/** Words a GM never needs: dotted ids, section signs, code, file paths, field names in camelCase. */
const INTERNAL = /\b[a-z]+\.[a-z]+\.[a-z]+\b|\u00a7|\w\(\)|\bsrc\/|\.ts\b|\bundefined\b|\bNaN\b|\[object|\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/

const characters = haveShared ? [...dir('gurps'), ...dir('hero'), ...dir('l5r')].filter((f) => !f.endsWith('.txt')) : []
const imported = characters.flatMap((f) => {
  try {
    return [{ file: f.slice(shared.length + 1), r: importCharacter(readFileSync(f)) }]
  } catch {
    return []
  }
})

describe.skipIf(!haveShared)('every shared character file: the report leads with what the fight uses, in a GM\'s words', () => {
  it.each(imported.map((x) => [x.file, x.r] as [string, ImportResult]))('%s', (_f, r) => {
    expect(r.report.fight.length).toBeGreaterThanOrEqual(2)
    expect(r.report.fight[0]).toMatch(/^(attack|melee): /)
    expect(r.report.fight.some((l) => /^defences: /.test(l))).toBe(true)
    for (const l of lines(r.report)) expect(l, l).not.toMatch(INTERNAL)
  })
})

describe.skipIf(!haveShared)('GURPS Character Sheet files: every trait and every piece of equipment is in the report', () => {
  const gcs = dir('gurps').filter((f) => f.endsWith('.gcs') && readFileSync(f, 'utf8').trimStart().startsWith('{'))
  it.each(gcs.map((f) => [f.slice(shared.length + 1), f]))('%s', (_n, f) => {
    const c = readGcsJson(JSON.parse(readFileSync(f, 'utf8')))
    const text = lines(importCharacter(readFileSync(f)).report).join('\n')
    const missing = [...c.traits.map((t) => t.name), ...c.equipment.map((e) => e.name)].filter((n) => !text.includes(n))
    expect(missing).toEqual([])
  })
})

describe.skipIf(!haveShared)('Hero Designer files: every power, skill, talent, perk and complication is in the report', () => {
  const kids = (n: XNode | undefined, tags: string[]): XNode[] =>
    !n ? [] : Object.entries(n).flatMap(([k, v]) => (k.startsWith('@_') || !Array.isArray(v) ? [] : (v as XNode[]).flatMap((c) => (typeof c === 'object' ? [...(tags.includes(k) ? [c] : []), ...kids(c, tags)] : []))))
  const hdc = [...dir('hero').filter((f) => f.endsWith('.hdc')), join(local, 'hdc_hero6efvtt_smash.extracted.hdc')]
  const results = hdc.flatMap((f) => {
    try {
      return [[f.split('/').pop() as string, f, importCharacter(readFileSync(f))] as const]
    } catch {
      return []
    }
  })
  it.each(results)('%s', (_n, f, r) => {
    const bytes = readFileSync(f)
    const text = new TextDecoder(bytes[0] === 0xfe ? 'utf-16be' : bytes[0] === 0xff ? 'utf-16le' : 'utf-8').decode(bytes).replace(/^\ufeff/, '')
    const doc = parseXml(text.trimStart()).CHARACTER as XNode[]
    const all = kids(doc[0], ['POWER', 'SKILL', 'TALENT', 'PERK', 'DISAD'])
    const report = lines(r.report).join('\n')
    const name = (x: XNode): string => (xattr(x, 'NAME') ?? '').trim() || (xattr(x, 'ALIAS') ?? '').trim()
    // his attack is named as the simulator names it: the power's NAME, else its kind ("Blast")
    const c0 = r.combatants[0] as { attack?: { name: string }; attacks?: { name: string }[] }
    const his = new Set((c0.attacks ?? (c0.attack ? [c0.attack] : [])).map((a) => a.name))
    const KINDS: Record<string, string> = { ENERGYBLAST: 'Blast', BLAST: 'Blast', RKA: 'Ranged Killing Attack', HKA: 'Hand-to-Hand Killing Attack', HANDTOHANDATTACK: 'Hand-to-Hand Attack' }
    const isHisAttack = (x: XNode): boolean => [...his].some((h) => h.replace(/ \d+$/, '') === ((xattr(x, 'NAME') ?? '').trim() || KINDS[xattr(x, 'XMLID') ?? '']))
    const missing = all.filter((x) => name(x) !== '' && !report.includes(name(x)) && !isHisAttack(x)).map((x) => `${name(x)} [${xattr(x, 'XMLID') ?? ''}]`)
    expect(missing).toEqual([])
    expect(xkid(doc[0], 'CHARACTERISTICS')).toBeDefined()
  })
})

describe.skipIf(!haveShared)('Bushido cards: the values printed are used, or the report says why not', () => {
  const lib = (f: string) => librariesOf([openFile(readFileSync(join(shared, 'bushido', f)))])[0]!
  const take = (f: string, name: string) => {
    const l = lib(f)
    return l.take(l.entries.find((e) => e.name === name)!)
  }
  it('a Ki Cap printed "*" is the card\'s own rule: Akuba keeps her Ki 2 (she lost it all, "Ki Cap is 0"), and the report says to enter the cap', () => {
    const r = take('bsdata_bushido_cult_of_yurei.cat', 'Akuba')
    expect(r.combatants[0].ki).toBe(2)
    expect(r.combatants[0].kiMax).toBe(20)
    expect(r.report.defaulted.join('\n')).toMatch(/Ki Cap "\*": set by the card's own rule/)
    expect(r.report.defaultedFields.map((d) => d.path)).toContain('kiMax')
    expect(lines(r.report).join('\n')).not.toMatch(/Ki Cap is 0/)
  })
  it('no card with Ki loses it all to a Ki Cap the card does not print as a number', () => {
    let seen = 0
    for (const f of ['bsdata_bushido_cult_of_yurei.cat', 'bsdata_bushido_library_ronin.cat', 'bsdata_bushido_prefecture_of_ryu.cat', 'bsdata_bushido_jung_pirates.cat']) {
      const l = lib(f)
      for (const e of l.entries) {
        let r: ImportResult
        try {
          r = l.take(e)
        } catch {
          continue
        }
        const printed = /Ki (\d+)\/\*/.exec(r.report.read.join('\n'))
        if (printed && Number(printed[1]) > 0) {
          seen++
          expect(r.combatants[0].ki ?? 0, e.name).toBe(Number(printed[1]))
        }
      }
    }
    expect(seen).toBeGreaterThanOrEqual(8)
  })
})

describe('Bushido: a weapon Strength beyond the simulator\'s range', () => {
  it('Strength +4 as printed: +3 is used, and the report says so and marks the field', () => {
    const text = readFileSync(join(local, 'bushido', 'quickdraw_test_warband.cat'), 'utf8').replace('<characteristic name="Melee Weapon Strength" typeId="c1">+1</characteristic>', '<characteristic name="Melee Weapon Strength" typeId="c1">+4</characteristic>')
    const l = librariesOf([openFile(new TextEncoder().encode(text))])[0]!
    const r = l.take(l.entries.find((e) => e.name === 'Captain Hoshino')!)
    expect(r.combatants[0].strength).toBe(3)
    expect(r.report.defaulted.join('\n')).toMatch(/Nodachi Strength \+4 as printed is beyond what the simulator takes \(-3 to 3\); \+3 used/)
    expect(r.report.defaultedFields.map((d) => d.path)).toContain('strength')
  })
})

describe('L5R: the campaign\'s wound multiplier the file states is used', () => {
  const akodo = JSON.parse(readFileSync(join(local, 'l5r', 'quickdraw_l5rcm_akodo.l5r'), 'utf8')) as Record<string, unknown>
  const enc = (j: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(j))
  it('×3 in the file is set on a new scenario, and said', () => {
    const r = importCharacter(enc({ ...akodo, health_multiplier: 3 }))
    expect(r.settings).toEqual({ woundMultiplier: 3 })
    const out = addToScenario({ system: 'l5r' }, [r])
    expect(out.doc.woundMultiplier).toBe(3)
    expect(out.report.read.join('\n')).toMatch(/wound multiplier ×3, as the file gives it, set for the whole scenario/)
  })
  it('×2 (the default) leaves a scenario untouched', () => {
    const out = addToScenario({ system: 'l5r' }, [importCharacter(enc(akodo))])
    expect(out.doc.woundMultiplier).toBeUndefined()
  })
  it('a scenario that already has fighters keeps its own multiplier, and the report says the file differs', () => {
    const first = addToScenario({ system: 'l5r' }, [importCharacter(enc(akodo))]).doc
    const out = addToScenario(first, [importCharacter(enc({ ...akodo, health_multiplier: 3 }))])
    expect(out.doc.woundMultiplier).toBeUndefined()
    expect(out.report.ignored.join('\n')).toMatch(/the file's wound multiplier ×3 differs from the scenario's wound multiplier ×2; the scenario's is kept/)
  })
})
