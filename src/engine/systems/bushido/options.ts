import type { FighterOptionSet } from '../rule-system'
import type { BushidoScenario } from './scenario'

/**
 * The ready-made choices of one model's player, for Tactics (rule-system.ts `optionSets`). In a game,
 * what it does when it activates out of base contact: Charge, the Melee action, shoot (with a Ranged
 * Pool) or wait, each against its target (or the first enemy). In an exchange or a game, how it splits
 * its Melee Pool: the recommended mix, all in Attack, all in Defence, or an even split. Each option is a
 * merge patch of the scenario that changes only this model's tactic or plan.
 * @see docs/rules/bushido.md section 2 (the split as a game) and section 5 (what a model does when it activates)
 */
export function bushidoOptionSets(s: BushidoScenario, modelId: string): FighterOptionSet[] {
  const m = s.models.find((x) => x.id === modelId)
  if (!m) return []
  const sets: FighterOptionSet[] = []
  const x = s.situation
  if (x.kind === 'game') {
    const tactic = x.tactics.find((t) => t.model === modelId)
    const target = tactic?.target ?? s.models.find((o) => o.side !== m.side)?.id
    if (target !== undefined) {
      const act = (action: string): unknown => ({ situation: { tactics: [{ model: modelId, action, target }] } })
      sets.push({
        kind: 'attacks',
        label: `${m.name}'s action out of base contact`,
        options: [
          { name: 'charges', patch: act('charge') },
          { name: 'moves in with Melee actions', patch: act('melee') },
          ...(m.ranged > 0 ? [{ name: 'shoots', patch: act('shoot') }] : []),
          { name: 'waits', patch: { situation: { tactics: [{ model: modelId, action: 'wait' }] } } },
        ],
      })
    }
  }
  if (x.kind === 'exchange' || x.kind === 'game') {
    const plan = s.plans.find((p) => p.model === modelId)
    // a fixed split (and its special) makes way for the rule
    const clear = plan?.split ? { split: null, special: null } : {}
    const rule = (r: string): unknown => ({ plans: [{ model: modelId, rule: r, ...clear }] })
    sets.push({
      kind: 'defences',
      label: `${m.name}'s split of the Melee Pool`,
      options: [
        { name: 'the recommended mix', patch: rule('recommended') },
        { name: 'all dice in Attack', patch: rule('all-attack') },
        { name: 'all dice in Defence', patch: rule('all-defence') },
        { name: 'an even split', patch: rule('even') },
      ],
    })
  }
  return sets
}
