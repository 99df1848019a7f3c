import { expect } from 'vitest'
import { fightNote } from '../../core/fight-exact'
import { disagreements, exactChance, sampledMetrics } from '../../run/exact-agreement'
import type { Rng } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { l5r } from './index'
import type { FaceScript } from './fight'
import type { Plan } from './plan'
import { scenarioSchema, type L5rScenario } from './schema'

export type FighterSpec = {
  id: string
  side?: 'A' | 'B'
  agility?: number
  classRank?: number
  attackSkill?: number
  strength?: number
  earth?: number
  void?: number
  air?: number
  defenseSkill?: number
  armor?: string
  attacksPerTurn?: number
  voidPoints?: number
  emphasis?: boolean
  attackTrait?: number
  weapon?: { name?: string; kind?: string; bowStrength?: number; rolled: number; kept: number }
  rounds?: { stance?: string; delay?: string; raises?: number; bestRaises?: boolean; void?: string; swapWith?: string }[]
}

/** Builds a valid skirmish from short fighter specs (tests only). */
export function skirmish(fighters: FighterSpec[], extra: Record<string, unknown> = {}): L5rScenario {
  const doc = {
    schemaVersion: 1,
    name: 'test',
    system: 'l5r',
    combatants: fighters.map((f, i) => ({
      id: f.id,
      name: f.id.toUpperCase(),
      side: f.side ?? (i % 2 === 0 ? 'A' : 'B'),
      agility: f.agility ?? 3,
      classRank: f.classRank ?? 1,
      attackSkill: f.attackSkill ?? 3,
      strength: f.strength ?? 3,
      earth: f.earth ?? 2,
      void: f.void ?? 2,
      air: f.air ?? 2,
      defenseSkill: f.defenseSkill ?? 0,
      armor: f.armor ?? 'none',
      attacksPerTurn: f.attacksPerTurn ?? 1,
      ...(f.voidPoints === undefined ? {} : { voidPoints: f.voidPoints }),
      ...(f.emphasis === undefined ? {} : { emphasis: f.emphasis }),
      ...(f.attackTrait === undefined ? {} : { attackTrait: f.attackTrait }),
      ...(f.weapon === undefined ? {} : { weapon: f.weapon }),
    })),
    tactics: fighters.map((f) => ({ combatant: f.id, rounds: f.rounds ?? [{ stance: 'attack' }] })),
    ...extra,
  }
  return scenarioSchema.parse(doc)
}

/**
 * A stream whose d10s show the given faces in order, then `rest` forever (never 10, or explosions
 * would not end); other draws (tie-breaks, random targets) give 0.
 */
export function facesRng(faces: number[], rest = 5): FaceScript {
  let k = 0
  const face = (): number => (k < faces.length ? faces[k++] : rest)
  return {
    u32: () => {
      let digits = 0
      const nine = [face(), face(), face(), face(), face(), face(), face(), face(), face()]
      for (let j = 8; j >= 0; j--) digits = digits * 10 + nine[j] - 1
      return digits
    },
    die: () => 1,
    below: () => 0,
    scriptsFaces: true,
  }
}

export function traceOf(plan: Plan, rng: Rng): TraceEvent[] {
  return l5r.trace(plan, rng)
}

/** Who took a Turn (attacked, centered or guarded) in each Round, in order. */
export function turnsByRound(events: TraceEvent[]): string[][] {
  const rounds: string[][] = []
  for (const e of events) {
    if (!['hit', 'miss', 'act'].includes(e.kind)) continue
    rounds[e.at - 1] ??= []
    const who = e.who[0]
    const list = rounds[e.at - 1]
    if (list[list.length - 1] !== who) list.push(who)
  }
  return rounds
}

/**
 * The Monte Carlo check of a skirmish of several fighters solved exactly: solved (error under 1e-10); each
 * side's win, the draw, defeated, killed and the Rounds (the opening rolls aside) within 4 standard errors
 * of 20,000 sampled skirmishes (seed 21); the chances of its ends summing to 1. Gives the ids compared.
 */
export async function expectSkirmishAgreesWithSampling(scenario: unknown): Promise<string[]> {
  const exact = l5r.exact(l5r.compile(scenarioSchema.parse(scenario)))
  const note = fightNote(exact)
  expect(note?.solved, note?.reason).toBe(true)
  expect(note?.massError).toBeLessThan(1e-10)
  const metrics = await sampledMetrics(scenario, 20_000, 21)
  const ids = metrics.filter((m) => exact.some((e) => e.id === m.id) && !m.id.startsWith('initiative') && !m.id.startsWith('opening')).map((m) => m.id)
  for (const id of ['win:A', 'win:B', 'draw', 'rounds']) expect(ids).toContain(id)
  expect(disagreements(exact, metrics, ids)).toEqual([])
  expect(exactChance(exact, 'win:A') + exactChance(exact, 'win:B') + exactChance(exact, 'draw')).toBeCloseTo(1, 12)
  return ids
}
