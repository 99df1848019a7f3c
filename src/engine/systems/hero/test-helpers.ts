import { expect } from 'vitest'
import { disagreements, sampledMetrics } from '../../run/exact-agreement'
import { fightNote } from '../../core/fight-exact'
import { parseScenarioOrThrow } from '../../run/parse'
import { compile, type Plan } from './plan'
import type { HeroScenario } from './schema'
import { createStream } from '../../core/rng'
import { createTally, type Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { hero } from './index'
import { solveFight, type FightSolveResult } from '../../core/fight-chain'
import { FightRefusal } from '../../core/fight-exact'
import { heroFightModel } from './exact-fight'

/** A combatant in a test: id and side plus any field of the scenario format. */
export type Spec = { id: string; side: 'A' | 'B'; [field: string]: unknown }

/** Builds a valid HERO scenario from short combatant specs (tests only). */
export function heroScenario(specs: Spec[], rules: Record<string, string> = {}, extra: Record<string, unknown> = {}): HeroScenario {
  const doc = {
    schemaVersion: 1,
    name: 'test',
    system: 'hero',
    rules,
    combatants: specs.map((s) => ({ name: s.id.toUpperCase(), dex: 15, spd: 3, ...s })),
    run: { trials: 1000, seed: 1 },
    ...extra,
  }
  return parseScenarioOrThrow(doc).scenario as HeroScenario
}

export function heroPlan(specs: Spec[], rules: Record<string, string> = {}, extra: Record<string, unknown> = {}): Plan {
  return compile(heroScenario(specs, rules, extra), true)
}

/** Tough enough that nobody goes down: for pure timing tests. */
export const UNHURT = { stun: 300, body: 100, pd: 100, ed: 100, con: 99 }


/** Plays one fight with a log; returns the events and the fight's own tally. */
export function playLogged(plan: Plan, seed: number): { events: TraceEvent[]; tally: Tally } {
  const events = hero.trace(plan, createStream(seed, 0))
  const tally = createTally(hero.shape(plan))
  hero.simulate(plan, createStream(seed, 0), tally)
  tally.trials = 1
  return { events, tally }
}

/** Runs many fights into one tally. */
export function playMany(plan: Plan, fights: number, seed = 1): Tally {
  const tally = createTally(hero.shape(plan))
  const rng = createStream(seed, 0)
  for (let t = 0; t < fights; t++) hero.simulate(plan, rng, tally)
  tally.trials = fights
  return tally
}

/** Events of one kind by one combatant, as absolute Segments. */
export function segmentsOf(events: TraceEvent[], kind: string, who: string): number[] {
  return events.filter((e) => e.kind === kind && e.who[0] === who).map((e) => e.at)
}

/**
 * A small fight of `specs` solved exactly over two Turns (refusals as results), damage played by class or
 * every outcome on its own: the random fights that check one against the other.
 */
export function solveTwoTurns(specs: Spec[], rules: Record<string, string>, byClass: boolean): FightSolveResult {
  const plan = heroPlan(specs, rules, { turnCap: 2 })
  try {
    return solveFight(heroFightModel(plan, { byClass }), { maxSteps: plan.endAbs - 11, maxStates: 200_000, dropBelow: 1e-20 })
  } catch (e) {
    if (e instanceof FightRefusal || (e instanceof Error && /^more than /.test(e.message))) return { ok: false, reason: e.message }
    throw e
  }
}

/**
 * The Monte Carlo check of a whole HERO fight solved exactly: solved (error under 1e-10), and who wins, its
 * length and each fighter's knockouts and BODY taken within 4 standard errors of 20,000 sampled fights
 * (seed 9, printed with the fight's name).
 */
export async function expectExactAgreesWithSampling(name: string, d: unknown, ids: readonly string[]): Promise<void> {
  const exact = hero.exact(hero.compile(parseScenarioOrThrow(d).scenario as never))
  const note = fightNote(exact)
  expect(note?.solved, note?.reason).toBe(true)
  expect(note?.massError).toBeLessThan(1e-10)
  console.log(`seed 9: ${name}`)
  const metrics = await sampledMetrics(d, 20_000, 9)
  expect(disagreements(exact, metrics, ['wins', 'fight-length', ...ids.flatMap((x) => [`knocked-out:${x}`, `body-taken:${x}`])])).toEqual([])
}
