import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseScenarioOrThrow } from '../../run/parse'
import { attackPossible } from './fight-attack'
import { bandBetween, distance } from './fight-geometry'
import { maneuver } from './fight-maneuver'
import type { FightPlan } from './fight-plan'
import { genesys } from './index'
import { bandAfterStep, bandAt } from './maneuvers'

/**
 * Range bands in a fight: a pair is not in the new band until every maneuver of a two-maneuver move is
 * spent, in either direction.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) "Change range increment"; docs/rules/genesys.md section 5
 */
const examples = join(__dirname, '..', '..', '..', '..', 'resources', 'examples')
const duel = JSON.parse(readFileSync(join(examples, 'genesys-blaster-duel.json'), 'utf8')) as Record<string, unknown>
/** The blaster duel (both blaster pistols reach Medium) starting at `range`. */
const duelAt = (range: string): FightPlan => genesys.compile(parseScenarioOrThrow({ ...duel, range }).scenario as never) as FightPlan

describe('range bands during a two-maneuver move (the Star Wars turn rules (docs/rules/genesys.md section 5))', () => {
  it('backing away from Medium: still Medium after the first of the two maneuvers, Long after the second', () => {
    const p = duelAt('medium')
    maneuver(p, 0, 1, 'retreat', 1)
    expect([distance(p, 0, 1), bandBetween(p, 0, 1), attackPossible(p, 0, 1)]).toEqual([3, 'medium', true])
    maneuver(p, 0, 1, 'retreat', 1)
    expect([distance(p, 0, 1), bandBetween(p, 0, 1), attackPossible(p, 0, 1)]).toEqual([4, 'long', false])
  })
  it('closing from Long: still Long after the first maneuver (the pistol cannot reach), Medium after the second', () => {
    const p = duelAt('long')
    maneuver(p, 0, 1, 'move', 1)
    expect([bandBetween(p, 0, 1), attackPossible(p, 0, 1)]).toEqual(['long', false])
    maneuver(p, 1, 0, 'move', 1)
    expect([bandBetween(p, 0, 1), attackPossible(p, 0, 1)]).toEqual(['medium', true])
  })
  it('Long to Extreme takes two maneuvers too: one step back from Long is still Long', () => {
    const p = duelAt('long')
    maneuver(p, 1, 0, 'retreat', 1)
    expect(bandBetween(p, 1, 0)).toBe('long')
    maneuver(p, 0, 1, 'retreat', 1)
    expect(bandBetween(p, 0, 1)).toBe('extreme')
  })
  it('a step away from Medium and a step back by the foe: Medium throughout', () => {
    const p = duelAt('medium')
    maneuver(p, 0, 1, 'retreat', 1)
    maneuver(p, 1, 0, 'move', 1)
    expect([distance(p, 0, 1), bandBetween(p, 0, 1)]).toEqual([2, 'medium'])
  })
  it('one-maneuver steps change the band at once: Medium → Short → Engaged', () => {
    const p = duelAt('medium')
    maneuver(p, 0, 1, 'move', 1)
    expect(bandBetween(p, 0, 1)).toBe('short')
    maneuver(p, 0, 1, 'move', 1)
    expect(bandBetween(p, 1, 0)).toBe('engaged')
  })
  it('a new fight starts every pair back in the starting band', () => {
    const p = duelAt('medium')
    maneuver(p, 0, 1, 'retreat', 1)
    maneuver(p, 0, 1, 'retreat', 1)
    genesys.trace(p, { u32: () => 0, below: () => 0, die: () => 1 })
    expect(bandBetween(p, 0, 1)).toBe('medium')
  })
  it('property: the band is the fresh band at every whole-band distance, and one of the two neighbours halfway', () => {
    const steps = fc.array(fc.record({ who: fc.integer({ min: 0, max: 1 }), back: fc.boolean() }), { maxLength: 14 })
    fc.assert(
      fc.property(fc.constantFrom('engaged', 'short', 'medium', 'long', 'extreme'), steps, (range, moves) => {
        const p = duelAt(range)
        for (const m of moves) {
          if (!m.back && distance(p, 0, 1) === 0) continue
          maneuver(p, m.who, 1 - m.who, m.back ? 'retreat' : 'move', 1)
          const d = distance(p, 0, 1)
          const band = bandBetween(p, 0, 1)
          if (d === 3) expect(['medium', 'long']).toContain(band)
          else if (d === 5) expect(['long', 'extreme']).toContain(band)
          else expect(band).toBe(bandAt(d))
          expect(bandBetween(p, 1, 0)).toBe(band)
        }
      }),
    )
  })
  it('bandAfterStep keeps the band left only halfway (3 or 5 units)', () => {
    expect([bandAfterStep(2, 3), bandAfterStep(3, 3), bandAfterStep(3, 5), bandAfterStep(4, 5), bandAfterStep(3, 2), bandAfterStep(2, 4)]).toEqual([2, 3, 3, 4, 2, 3])
  })
})
