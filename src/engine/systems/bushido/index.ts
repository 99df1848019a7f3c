import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally, TallyShape } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { exchangeShape, simulateExchange, summarizeExchange, traceExchange } from './exchange-kind'
import { compileExchange, type ExchangePlan } from './exchange-plan'
import { exchangeExact } from './exchange-report'
import { compileGame, type GamePlan } from './game-plan'
import { gameExact, simulateGame, summarizeGame, traceGame } from './game-report'
import { gameShape } from './game'
import { metricDocs } from './metrics'
import { bushidoOptionSets } from './options'
import { scenarioSchema, type BushidoScenario } from './scenario'
import { SYSTEM_ID, SYSTEM_LABEL, variants } from './schema'
import { compileShot, shotExact, shotShape, simulateShot, summarizeShot, traceShot, type ShotPlan } from './shot'

export type Plan = ExchangePlan | ShotPlan | GamePlan

function compile(s: BushidoScenario): Plan {
  const x = s.situation
  if (x.kind === 'exchange') return compileExchange(s, x)
  if (x.kind === 'shot') return compileShot(s, x)
  return compileGame(s, x)
}

function shape(p: Plan): TallyShape {
  return p.kind === 'exchange' ? exchangeShape(p) : p.kind === 'shot' ? shotShape(p) : gameShape(p)
}

function simulate(p: Plan, rng: Rng, tally: Tally): void {
  if (p.kind === 'exchange') simulateExchange(p, rng, tally)
  else if (p.kind === 'shot') simulateShot(p, rng, tally)
  else simulateGame(p, rng, tally)
}

function summarize(p: Plan, tally: Tally): Metric[] {
  return p.kind === 'exchange' ? summarizeExchange(p, tally) : p.kind === 'shot' ? summarizeShot(p, tally) : summarizeGame(p, tally)
}

function trace(p: Plan, rng: Rng): TraceEvent[] {
  return p.kind === 'exchange' ? traceExchange(p, rng) : p.kind === 'shot' ? traceShot(p, rng) : traceGame(p, rng)
}

function exact(p: Plan): ExactMetric[] {
  return p.kind === 'exchange' ? exchangeExact(p) : p.kind === 'shot' ? shotExact(p) : gameExact(p)
}

/**
 * Bushido: Risen Sun — the d6 test (1s removed, highest + up to 2 supporting dice), the Melee Exchange
 * with secret Attack/Defence splits, the Ranged Attack, the Wound Table, and whole Game Turns.
 * @see the Bushido reference card (docs/rules/bushido.md) and docs/rules/bushido.md
 */
export const bushido = {
  id: SYSTEM_ID,
  label: SYSTEM_LABEL,
  version: '1.5.0',
  description:
    'Bushido: Risen Sun skirmish: the d6 test (1s removed, highest die + up to 2 supporting dice, opposed ties to more non-1 dice then the Active Player), the Melee Exchange (Passe d\'armes) with secret Attack/Defence splits played as a game (split matrix, best replies, recommended mix), the Ranged Attack (Tir) with its Challenge Number, the Wound Table (Table des Dégâts), and alternating activations over Game Turns.',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile,
  shape,
  simulate,
  summarize,
  trace,
  exact,
  optionSets: bushidoOptionSets,
} satisfies RuleSystem<BushidoScenario, Plan>
