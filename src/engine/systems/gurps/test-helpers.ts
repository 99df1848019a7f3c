import type { Rng } from '../../core/rng'
import { createTally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { THREE_D6_TOTAL_OF_INDEX } from '../../dice/three-d6'
import { parseScenarioOrThrow } from '../../run/parse'
import { resetFight } from './fight'
import { compile, type Plan } from './plan'
import type { GurpsScenario } from './schema'

/** Short fighter spec for tests; everything else gets an average fighter's values. */
export interface Spec {
  id: string
  side?: string
  st?: number
  dx?: number
  ht?: number
  hp?: number
  basicSpeed?: number
  dr?: number
  skill?: number
  damage?: string
  type?: string
  reach?: number
  ranged?: 'no' | 'firearm' | 'muscle-powered'
  parry?: number
  fencing?: boolean
  unbalanced?: boolean
  combatReflexes?: boolean
  enhancedTimeSense?: boolean
  highPainThreshold?: boolean
  lowPainThreshold?: boolean
  shield?: { skill: number; db: number }
  distance?: number
  barehanded?: string
  pair?: boolean
  ambidextrous?: boolean
  target?: string
  targetRule?: string
  maneuvers?: Record<string, unknown>[]
  /** Weapon table Shots ("T(1)", "1(2)") and a small thrown weapon. */
  shots?: string
  small?: boolean
  /** His tactics' retreat policy and which attack he uses. */
  retreat?: string
  using?: string
  defence?: string
  /** Several attacks instead of the one weapon (given whole). */
  weapons?: Record<string, unknown>[]
  encumbrance?: number
  drAgainst?: { dr: number; types: string[] }[]
  move?: number
}

export function scenarioDoc(specs: Spec[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schemaVersion: 1,
    name: 'test',
    system: 'gurps',
    ...extra,
    combatants: specs.map((f) => {
      const c: Record<string, unknown> = {
        id: f.id,
        name: f.id.toUpperCase(),
        st: f.st ?? 10,
        dx: f.dx ?? 10,
        ht: f.ht ?? 10,
        weapon: { name: 'sword', skill: f.skill ?? 12, damage: f.damage ?? 'sw+1', type: f.type ?? 'cut', reach: f.reach ?? 1, ranged: f.ranged ?? 'no', parry: f.parry ?? 0, fencing: f.fencing ?? false, unbalanced: f.unbalanced ?? false, barehanded: f.barehanded ?? 'no', ...(f.pair !== undefined ? { pair: f.pair } : {}), ...(f.shots !== undefined ? { shots: f.shots } : {}), ...(f.small !== undefined ? { small: f.small } : {}) },
      }
      if (f.weapons) {
        delete c.weapon
        c.weapons = f.weapons
      }
      for (const k of ['side', 'hp', 'basicSpeed', 'dr', 'combatReflexes', 'enhancedTimeSense', 'highPainThreshold', 'lowPainThreshold', 'shield', 'distance', 'ambidextrous', 'encumbrance', 'drAgainst', 'move'] as const) if (f[k] !== undefined) c[k] = f[k]
      return c
    }),
    tactics: specs.map((f) => ({ combatant: f.id, ...(f.target ? { target: f.target } : {}), ...(f.targetRule ? { targetRule: f.targetRule } : {}), ...(f.retreat ? { retreat: f.retreat } : {}), ...(f.using ? { using: f.using } : {}), ...(f.defence ? { defence: f.defence } : {}), maneuvers: f.maneuvers ?? [{ maneuver: 'attack' }] })),
  }
}

export function planOf(specs: Spec[], extra: Record<string, unknown> = {}): Plan {
  return compile(parseScenarioOrThrow(scenarioDoc(specs, extra)).scenario as GurpsScenario)
}

/** Index 0..215 of a 3d6 triple with this total. */
export function indexOfTotal(total: number): number {
  const i = THREE_D6_TOTAL_OF_INDEX.indexOf(total)
  if (i < 0) throw new Error(`no 3d6 total ${total}`)
  return i
}

/** A stream that plays back given draws: 3d6 totals for below(216), raw values otherwise. Throws when it runs dry. */
export class ScriptedRng implements Rng {
  private readonly draws: number[]
  constructor(draws: { d3?: number; raw?: number }[]) {
    this.draws = draws.map((d) => (d.d3 !== undefined ? indexOfTotal(d.d3) : (d.raw as number)))
  }
  get left(): number {
    return this.draws.length
  }
  below(n: number): number {
    const v = this.draws.shift()
    if (v === undefined) throw new Error('scripted stream ran dry')
    if (v >= n) throw new Error(`scripted draw ${v} is not below ${n}`)
    return v
  }
  u32(): number {
    return this.below(2 ** 32)
  }
  die(sides: number): number {
    return this.below(sides) + 1
  }
}

/** Resets the plan's state for hand-driven steps and wires the stream, a scratch tally and an optional log. */
export function freshState(plan: Plan, rng: Rng, log?: TraceEvent[]): Plan['state'] {
  const st = plan.state
  st.rng = rng
  st.tally = createTally(plan.layout.shape)
  st.log = log
  resetFight(plan, st)
  st.round = 1
  return st
}

/** 3d6 totals as scripted draws. */
export const d3 = (...totals: number[]): { d3: number }[] => totals.map((t) => ({ d3: t }))
