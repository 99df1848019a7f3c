import { hashScenario } from '../core/hash'
import { describeIssues, formatPath, type ScenarioIssue } from '../core/schema'
import type { ScenarioBase } from '../core/scenario'
import type { SystemSchema } from '../systems/schemas'

/*
 * Checking a scenario document against the schema of the system it names, given a way to find that
 * schema: parse.ts finds it in the registry of whole rule systems; `quickdraw validate` in the registry of
 * schemas alone (systems/schemas.ts), so it loads no sampler or solver. This module loads no rule system.
 */

export type ParseResultOf<S extends SystemSchema> =
  | { ok: true; system: S; scenario: ScenarioBase; hash: string }
  | { ok: false; issues: ScenarioIssue[] }

/**
 * Validates a scenario document: first which system it is for, then everything with that system's
 * schema, reporting every problem at once with its JSON path and the allowed values. Defaults are
 * filled in, so the parsed scenario (and its hash) spells out every rule variant in force.
 */
export function parseScenarioWith<S extends SystemSchema>(input: unknown, find: (id: string) => S | undefined, systemIds: readonly string[]): ParseResultOf<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, issues: [{ path: '', message: 'a scenario must be a JSON object' }] }
  }
  const deep = tooDeep(input)
  if (deep) return { ok: false, issues: [deep] }
  const systemId = (input as { system?: unknown }).system
  const system = typeof systemId === 'string' ? find(systemId) : undefined
  if (!system) {
    const other = notAScenario(input as Record<string, unknown>)
    if (other) return { ok: false, issues: [{ path: '', message: other }] }
    const allowed = systemIds.map((s) => JSON.stringify(s)).join(', ')
    const got = systemId === undefined ? 'nothing' : JSON.stringify(systemId)
    return { ok: false, issues: [{ path: 'system', message: `must be one of ${allowed}, got ${got}` }] }
  }
  let parsed
  try {
    parsed = system.schema.safeParse(withRenamedValues(input, system), { reportInput: true })
  } catch (e) {
    // Every check is guarded (crossCheck); this is the last line, so validation never throws.
    return { ok: false, issues: [{ path: '', message: `could not be checked (${e instanceof Error ? e.message : String(e)}); please report this scenario` }] }
  }
  if (!parsed.success) return { ok: false, issues: describeIssues(parsed.error.issues) }
  const scenario = parsed.data as ScenarioBase
  return { ok: true, system, scenario, hash: hashScenario(scenarioForHash(scenario)) }
}

/** What each kind of file Quickdraw writes holds, in a GM's words. */
const KINDS: Record<string, string> = {
  result: 'a Quickdraw result (the numbers of a run)',
  partial: 'part of a Quickdraw result (a run stopped or split into shards)',
  sweep: 'a Quickdraw sweep (the results of many runs)',
  'sweep-partial': 'part of a Quickdraw sweep',
  comparison: 'a Quickdraw comparison (the results of two runs)',
}

/**
 * A file that is not a scenario but something Quickdraw writes beside one (a result, a sweep, a
 * comparison) or a wrapper holding a scenario: what it is and what to open instead, in plain words,
 * rather than "system: must be one of …" with the whole system record quoted back.
 */
function notAScenario(input: Record<string, unknown>): string | undefined {
  const format = typeof input.format === 'string' ? /^quickdraw-([a-z-]+)\/\d+$/.exec(input.format)?.[1] : undefined
  if (format !== undefined) return `this is ${KINDS[format] ?? 'a file Quickdraw wrote'}, not a scenario: open the scenario file it was made from (the result names it: "${typeof (input.scenario as { name?: unknown } | undefined)?.name === 'string' ? (input.scenario as { name: string }).name : 'its scenario'}")`
  const inner = input.scenario
  if (input.system === undefined && inner !== null && typeof inner === 'object' && !Array.isArray(inner) && 'system' in inner) {
    return 'this file holds a scenario inside it (under "scenario") rather than being one: open the scenario on its own'
  }
  return undefined
}

/** The document with rule-variant values that were renamed read as their new names (the file itself is untouched). */
function withRenamedValues(input: object, system: SystemSchema): object {
  const rules = (input as { rules?: unknown }).rules
  if (rules === null || typeof rules !== 'object' || Array.isArray(rules)) return input
  let out: Record<string, unknown> | undefined
  for (const v of system.variants) {
    const value = (rules as Record<string, unknown>)[v.key]
    if (typeof value !== 'string' || !v.renamed || !Object.hasOwn(v.renamed, value)) continue
    out ??= { ...(rules as Record<string, unknown>) }
    out[v.key] = v.renamed[value]
  }
  return out ? { ...input, rules: out } : input
}

/** Deepest nesting a scenario may have (real ones stay under ten levels); deeper would overflow the stack. */
export const MAX_DEPTH = 64

/** The first place where `doc` nests deeper than MAX_DEPTH, as an issue; walked without recursion. */
function tooDeep(doc: object): ScenarioIssue | undefined {
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [{ value: doc, depth: 0, path: [] }]
  for (let top = stack.pop(); top; top = stack.pop()) {
    const { value, depth, path } = top
    if (value === null || typeof value !== 'object') continue
    if (depth >= MAX_DEPTH) return { path: formatPath(path.slice(0, 3)), message: `is nested more than ${MAX_DEPTH} levels deep; a scenario needs only a few` }
    const keys: (string | number)[] = Array.isArray(value) ? Array.from(value.keys()) : Object.keys(value)
    for (const k of keys) {
      const v = (value as Record<string | number, unknown>)[k]
      if (v !== null && typeof v === 'object') stack.push({ value: v, depth: depth + 1, path: path.length < 3 ? [...path, k] : path })
    }
  }
  return undefined
}

/**
 * The JSON value of a file's text, or a message saying why it is not JSON. A UTF-8 byte-order mark
 * (which some Windows editors write) is skipped.
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown }
  } catch (e) {
    return { ok: false, message: `not valid JSON (${(e as Error).message})` }
  }
}

/**
 * The hash covers what determines the numbers: everything but the run settings (the document records
 * them apart) and the editor's `$schema` pointer.
 */
export function scenarioForHash(s: ScenarioBase): Omit<ScenarioBase, 'run' | '$schema'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { run, $schema, ...rest } = s
  return rest
}

export class ScenarioError extends Error {
  readonly issues: ScenarioIssue[]
  constructor(issues: ScenarioIssue[], where = 'scenario') {
    super(`${where} is not valid:\n${issues.map((i) => `  ${i.path === '' ? '' : `${i.path}: `}${i.message}`).join('\n')}`)
    this.name = 'ScenarioError'
    this.issues = issues
  }
}
