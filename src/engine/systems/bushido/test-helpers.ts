import { scenarioSchema, type BushidoScenario } from './scenario'

type Doc = Record<string, unknown>

/** A plain 3-Melee, 3-Wound model (tests only). */
export function model(id: string, side: 'a' | 'b', extra: Doc = {}): Doc {
  return { id, name: id[0].toUpperCase() + id.slice(1), side, melee: 3, wounds: 3, ...extra }
}

/** Builds a valid Bushido scenario (tests only); throws with the issues otherwise. */
export function bushidoScenario(models: Doc[], situation: Doc, plans: Doc[] = [], rules: Doc = {}): BushidoScenario {
  return scenarioSchema.parse({ schemaVersion: 1, name: 'test', system: 'bushido', rules, models, situation, plans, run: { trials: 1000, seed: 1 } })
}

/** A 3 vs 3 exchange with fixed splits (attack dice for the Activating model and its opponent). */
export function exchange3v3(actAttack: number | 'recommended', oppAttack: number | 'recommended', extra: { act?: Doc; opp?: Doc; situation?: Doc; rules?: Doc; actPlan?: Doc; oppPlan?: Doc } = {}): BushidoScenario {
  const split = (a: number | 'recommended') => (a === 'recommended' ? { rule: 'recommended' } : { split: { attack: a } })
  return bushidoScenario(
    [model('ronin', 'a', extra.act), model('bandit', 'b', extra.opp)],
    { kind: 'exchange', activating: 'ronin', opponent: 'bandit', ...extra.situation },
    [
      { model: 'ronin', ...split(actAttack), ...extra.actPlan },
      { model: 'bandit', ...split(oppAttack), ...extra.oppPlan },
    ],
    extra.rules,
  )
}
