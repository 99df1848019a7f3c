import type { z } from 'zod'
import type { MetricDoc, Metric } from '../core/metrics'
import type { Rng } from '../core/rng'
import type { ScenarioBase, VariantDoc } from '../core/scenario'
import type { Tally, TallyShape } from '../core/tally'
import type { TraceEvent } from '../core/trace'

/** Exact values a system can compute without sampling, keyed like the metrics they belong to. */
export type ExactMetric =
  | { id: string; label: string; kind: 'probability'; p: number }
  | { id: string; label: string; kind: 'order'; outcomes: { key: string; label: string; p: number }[] }
  | { id: string; label: string; kind: 'distribution'; mean: number; p: { value: number; p: number }[] }
  | { id: string; label: string; kind: 'mean'; mean: number }
  | JointExactMetric
  | ExactFightNote

/**
 * Whether the whole fight was solved exactly (core/fight-chain.ts), and if not, why; id `exact-fight`.
 * When solved, the fight's exact values sit beside it under the ids of the sampled metrics they belong to.
 */
export interface ExactFightNote {
  id: 'exact-fight'
  label: string
  kind: 'fight'
  solved: boolean
  /** Why the fight was not solved (out of scope), in a GM's words; only when not solved. */
  reason?: string
  /** (step, state) pairs the solver followed; only when solved. */
  states?: number
  /** |1 − total probability| of the answer (rounding); only when solved. */
  massError?: number
}

/** Two values read together (e.g. net successes × net advantage): `p[i][j]` = P(x = x.values[i], y = y.values[j]). */
export interface JointExactMetric {
  id: string
  label: string
  kind: 'joint'
  x: { label: string; values: number[] }
  y: { label: string; values: number[] }
  p: number[][]
}

/**
 * A ready-made set of options one fighter's player chooses between ("each of his attacks", "each
 * defence he can use", "retreat or not"), offered to Tactics as one click or one flag. Each option is
 * a named JSON Merge Patch of the scenario (run/tactics.ts), named in a GM's words.
 */
export interface FighterOptionSet {
  /** What is chosen: `attacks` (which attack he uses), `defences` (which defence), `retreat` (when he retreats). */
  kind: 'attacks' | 'defences' | 'retreat'
  /** In a GM's words: "each of Jack's attacks". */
  label: string
  options: { name: string; patch: unknown }[]
}

/**
 * The contract every rule system implements (docs/architecture.md). `compile` turns a validated
 * scenario into a plan with everything precomputed; `simulate` plays one trial into a tally and is
 * the hot loop, so it must not allocate; `summarize` turns a tally (any number of merged chunks)
 * into metrics. Nothing outside a system's folder imports its internals.
 */
export interface RuleSystem<S extends ScenarioBase = ScenarioBase, P = unknown> {
  id: string
  label: string
  version: string
  description: string
  /** Full scenario schema, envelope included; every rule variant has its documented default. */
  schema: z.ZodType<S>
  variants: readonly VariantDoc[]
  metrics: readonly MetricDoc[]
  compile(scenario: S): P
  shape(plan: P): TallyShape
  simulate(plan: P, rng: Rng, tally: Tally): void
  summarize(plan: P, tally: Tally): Metric[]
  /** Plays one trial and tells what happened, in order. */
  trace(plan: P, rng: Rng): TraceEvent[]
  exact?(plan: P): ExactMetric[]
  /**
   * The option sets one fighter's player can be offered (each of his attacks, each defence, retreat
   * policies), for the scenario as parsed; only sets with two or more options. Absent: none.
   */
  optionSets?(scenario: S, fighterId: string): FighterOptionSet[]
  /**
   * What this scenario touches that Quickdraw does not play as the books have it, one sentence each in
   * a GM's words, naming the fighter and the likely effect (results and the command line show them).
   */
  notModelled?(scenario: S): string[]
}

/** A rule system with its types erased, as the registry and the runner hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleSystem = RuleSystem<any, any>
