import { describe, expect, it } from 'vitest'
import { scenarioSchema } from './scenario'
import { model } from './test-helpers'

/**
 * Melee Assist (the Bushido reference card (docs/rules/bushido.md) Modificateurs, docs/rules/bushido.md section 2: −1 Melee Pool per other enemy in base contact
 * helping): a game works it out from base contact at every exchange, so a fixed `assistingEnemies` on a
 * model would count it a second time for the whole game.
 */
describe('Melee Assist in a game', () => {
  const doc = (assisting: number, kind: 'game' | 'exchange') => ({
    schemaVersion: 1,
    name: 't',
    system: 'bushido',
    models: [{ ...model('a1', 'a'), assistingEnemies: assisting }, model('b1', 'b')],
    situation: kind === 'game' ? { kind, turns: 3 } : { kind, activating: 'a1', opponent: 'b1' },
    run: { trials: 10, seed: 1 },
  })
  const issues = (d: unknown): string[] => {
    const r = scenarioSchema.safeParse(d)
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }

  it('a fixed assistingEnemies is refused in a game, naming the field and why', () => {
    expect(issues(doc(1, 'game'))).toEqual([
      'models.0.assistingEnemies: must be 0 in a game (Melee Assist comes from the models in base contact at each exchange; set it for a single exchange only)',
    ])
    expect(issues(doc(0, 'game'))).toEqual([])
  })

  it('a single exchange still takes it', () => {
    expect(issues(doc(2, 'exchange'))).toEqual([])
  })
})
