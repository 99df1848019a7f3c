import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { setAtPath } from '../../../engine/run/json-path'
import { findSystem } from '../../../engine/systems/registry'
import { systemForm } from '../editor/system-form'
import { differences, differencesLine } from './ab-diff'

const read = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', f), 'utf8')) as unknown

describe('issue 13: what B changes from A, in words', () => {
  const hero = read('hero-gunfighters.json')
  const diff = (b: unknown): string[] => differences(hero, b, systemForm('hero')?.schema, findSystem('hero')?.variants ?? [])

  it('a value, a rule variant and a plan given whole are each named by whose they are, never by a path', () => {
    expect(diff(hero)).toEqual([])
    const b = setAtPath(setAtPath(hero, 'combatants[1].dex', 22), 'rules.tieRule', 'int-pre')
    const words = diff(b)
    expect(words).toHaveLength(2)
    expect(words[0]).toBe('Kid — DEX: 22') // the rules' spelling, never "Dex" (issue 28)
    expect(words[1]).toMatch(/: .*INT/)
    const plan = diff(setAtPath(hero, 'combatants[0].plan', { onPhase: 'attack' }))
    expect(plan.join('; ')).toMatch(/^Doc — /)
    expect(plan.join('; ')).not.toMatch(/\[\d\]|combatants/)
  })

  it('a long list is shortened in the legend', () => {
    expect(differencesLine(['a', 'b', 'c', 'd', 'e'])).toBe('a; b; c; and 2 more')
    expect(differencesLine([])).toBe('the same as A')
  })
})
