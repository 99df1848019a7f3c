import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_PATCH_DEPTH, mergePatch, TacticsRefusal, tooDeepAt } from '../../src/engine/run/merge-patch'
import { checkTactics } from '../../src/engine/run/tactics'
import { examplesDir } from '../helpers'

/** `{"x":{"x":…{}}}`, `levels` objects deep, built without recursion. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {}
  for (let i = 1; i < levels; i++) value = { x: value }
  return value
}

/**
 * A patch (an option of tactics, one a scenario keeps in "choices", one the app's Tactics tab plays) is
 * merged only when it nests at most MAX_PATCH_DEPTH levels; deeper, it is refused with the limit and
 * where it goes too deep, never with a stack overflow, however deep it is.
 */
describe('patches are refused past a depth limit, without recursion', () => {
  it(`a patch ${MAX_PATCH_DEPTH} levels deep merges; one level more is refused, naming the limit and where`, () => {
    const plan = (levels: number): unknown => ({ combatants: [{ id: 'doc', plan: nested(levels - 3) }] })
    expect(tooDeepAt(plan(MAX_PATCH_DEPTH))).toBeUndefined()
    expect(() => mergePatch({ combatants: [{ id: 'doc' }] }, plan(MAX_PATCH_DEPTH))).not.toThrow()
    expect(tooDeepAt(plan(MAX_PATCH_DEPTH + 1))).toBe('combatants[0].plan.x…')
    expect(() => mergePatch({ combatants: [{ id: 'doc' }] }, plan(MAX_PATCH_DEPTH + 1))).toThrow(
      new TacticsRefusal(`the patch is nested more than ${MAX_PATCH_DEPTH} levels deep (at combatants[0].plan.x…); a scenario's fields go only a few levels deep`),
    )
  })

  it('a patch 100,000 levels deep is refused as a tactics question, not a stack overflow', () => {
    const scenario = JSON.parse(readFileSync(join(examplesDir, 'hero-gunfighters.json'), 'utf8')) as unknown
    const deep = { combatants: [{ id: 'doc', plan: nested(100_000) }] }
    let thrown: unknown
    try {
      checkTactics({ scenario, a: [{ name: 'as it is', patch: {} }], b: [{ name: 'dig deep', patch: deep }] })
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(TacticsRefusal)
    expect((thrown as Error).message).toContain(`nested more than ${MAX_PATCH_DEPTH} levels deep`)
  })

  it('the usual patches still merge as before (item by item, null removes)', () => {
    const merged = mergePatch({ combatants: [{ id: 'a', skill: 12, hold: true }, { id: 'b', skill: 10 }] }, { combatants: [{ id: 'b', skill: 14 }, { id: 'a', hold: null }] })
    expect(merged).toEqual({ combatants: [{ id: 'a', skill: 12 }, { id: 'b', skill: 14 }] })
  })
})
