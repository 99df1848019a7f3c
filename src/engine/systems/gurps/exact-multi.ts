import { fightNotSolved } from '../../core/fight-exact'
import type { ExactMetric } from '../rule-system'
import type { Plan } from './plan'

/**
 * Exact whole fights of three fighters or more (docs/rules/gurps.md, "Exact whole fights"). Not solved
 * yet: the reason, in a GM's words.
 */
export function exactGurpsMulti(plan: Plan): ExactMetric[] {
  return [fightNotSolved(`the exact answer covers duels, and this fight has ${plan.fighters.length} fighters`)]
}
