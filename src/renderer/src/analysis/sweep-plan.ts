import { issueLine } from '../../../engine/core/schema'
import { parseScenario } from '../../../engine/run/parse'
import type { ResultDocument } from '../../../engine/run/result'
import { getAtPath, setAtPath } from '../../../engine/run/json-path'
import { scenarioAt, sweepGrid, sweepValues, type SweepParam } from '../../../engine/run/sweep'

/** One swept parameter as the user enters it. */
export interface SweepAxis {
  path: string
  from: number
  to: number
  step: number
}

/** A sweep's results, in the very format `quickdraw sweep --json` writes. */
export interface SweepDocument {
  format: 'quickdraw-sweep/1'
  scenario: { name: string; hash: string }
  params: SweepParam[]
  points: { at: number[]; document: ResultDocument }[]
}

export interface SweepPlan {
  head: Omit<SweepDocument, 'points'>
  points: { at: number[]; scenario: unknown }[]
}

/**
 * Every point of a one- or two-parameter sweep (the first parameter varies slowest), each a complete
 * scenario checked before anything runs. Throws a message naming the parameter or the bad point, as the
 * CLI does.
 */
export function planSweep(base: unknown, axes: SweepAxis[]): SweepPlan {
  const parsed = parseScenario(base)
  if (!parsed.ok) throw new Error('The scenario has problems (marked in the editor); fix them to sweep.')
  const params: SweepParam[] = axes.map((a, i) => {
    const which = i === 0 ? 'Parameter' : 'Second parameter'
    const current = getAtPath(base, a.path)
    if (typeof current !== 'number') throw new Error(`${which}: ${a.path || '(none)'} is not a number of this scenario`)
    if (axes.findIndex((b) => b.path === a.path) !== i) throw new Error(`${which}: ${a.path} is already the first parameter`)
    try {
      return { path: a.path, values: sweepValues(a.from, a.to, a.step) }
    } catch (e) {
      throw new Error(`${which} ${a.path}: ${(e as Error).message.replace(/--(from|to|step)2?/g, '$1')}`, { cause: e })
    }
  })
  const points = sweepGrid(params).map((at) => {
    const scenario = scenarioAt(base, params, at)
    const r = parseScenario(scenario)
    if (!r.ok) throw new Error(`At ${params.map((p, i) => `${p.path} = ${at[i]}`).join(', ')} the scenario is not valid: ${r.issues.map(issueLine).join('; ')}`)
    return { at, scenario }
  })
  return { head: { format: 'quickdraw-sweep/1', scenario: { name: parsed.scenario.name, hash: parsed.hash }, params }, points }
}

/** The scenario with one field changed (a comparison's variant); the same path rules as the sweep. */
export function variantOf(base: unknown, path: string, value: unknown): unknown {
  return setAtPath(base, path, value)
}
