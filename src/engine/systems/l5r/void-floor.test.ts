import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import { createTally } from '../../core/tally'
import { l5r } from './index'
import { compile } from './plan'
import { scenarioSchema } from './schema'
import { traceOf } from './test-helpers'

/**
 * Void never goes below zero, and a Down character without a Void Point to spend has no Turn
 * (L5R 4th Edition core rulebook p.86, the Down wound rank: only Free actions, each costing a Void
 * Point). Issue 15 item 16: the random-skirmish property test (fuzz.test.ts) found a Down delayer
 * taking his Turn with no Void left ("-1 left").
 */
describe('Void never goes below zero (issue 15 item 16)', () => {
  // The property test's shrunk counterexample (fast-check seed 20261124, run 119, trial seed 642937):
  // Crane 0 (Void 1) spends his Point on +10 Armor TN and delays; Crane 1, tied-group rules "simultaneous", hits
  // him twice, and the wounds land when the tie group closes, just as Crane 0 was about to take his delayed Turn.
  // Since L5R 1.5.0 draws each roll whole, trial seed 115 plays that skirmish (Crane 1 hits for 11 and 5 wounds).
  const counterexample = {
    schemaVersion: 1, name: 'fuzz', system: 'l5r', roundCap: 1,
    rules: { oddExcessRolled: 'discard', keptOverRolled: 'cap', initiativeTies: 'simultaneous', damageExplodes: 'yes', everyoneDelays: 'delayers-act', voidPerRound: 'one', defenseMastery: 'yes', down: 'fights-on', strengthInDamage: 'added', initiativeSwap: 'skirmish' },
    combatants: [
      { id: 'c0', name: 'Crane 0', side: 'A', agility: 3, classRank: 4, attackSkill: 1, strength: 1, earth: 1, void: 1, defenseSkill: 0, armor: 'light', attacksPerTurn: 2, emphasis: true, weapon: { name: 'yari', rolled: 2, kept: 2 } },
      { id: 'c1', name: 'Crane 1', side: 'B', agility: 4, classRank: 2, attackSkill: 3, strength: 1, earth: 1, void: 2, defenseSkill: 0, armor: 'none', attacksPerTurn: 2, emphasis: true, weapon: { name: 'yari', rolled: 2, kept: 2 } },
    ],
    tactics: [
      { combatant: 'c0', target: 'sticky-first', rounds: [{ stance: 'attack', delay: 'once', raises: 0, bestRaises: true, void: 'armor' }, { stance: 'attack', delay: 'once', raises: 0, bestRaises: true, void: 'none' }] },
      { combatant: 'c1', target: 'sticky-first', rounds: [{ stance: 'attack', delay: 'after-target', raises: 0, bestRaises: true, void: 'attack' }] },
    ],
  }
  const withDown = (down: string) => compile(scenarioSchema.parse({ ...counterexample, rules: { ...counterexample.rules, down } }))

  it('regression (property test counterexample): a delayer taken Down by a closing tie group, with no Void left, takes no Turn and spends nothing', () => {
    for (const down of ['fights-on', 'void-to-act']) {
      const plan = withDown(down)
      const events = traceOf(plan, createStream(115, 1))
      expect(events.some((e) => e.kind === 'wound' && e.who[0] === 'c0' && /Down/.test(e.text))).toBe(true)
      expect(events.filter((e) => /spends a Void Point to act|-1 left/.test(e.text))).toEqual([])
      expect(Array.from(plan.state.voidLeft)).toEqual([0, 1])
      expect(plan.state.voidSpent[0]).toBe(1)
    }
  })

  it('simulate agrees: the Void 1 fighter spends exactly 1 Point in that skirmish (never more than he has)', () => {
    const plan = withDown('fights-on')
    const tally = createTally(l5r.shape(plan))
    l5r.simulate(plan, createStream(115, 1), tally)
    expect(plan.state.voidSpent[0]).toBe(1)
    expect(plan.state.voidLeft[0]).toBe(0)
  })
})
