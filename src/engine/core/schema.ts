import { z } from 'zod'

/**
 * zod building blocks whose messages name the allowed values, and the formatter that turns zod issues
 * into lines a GM can read: `combatants[1].skill: must be an integer 3–30, got "12a"`.
 */

export function int(min: number, max: number): z.ZodInt {
  const error = `must be an integer ${min}–${max}`
  return z.int({ error }).min(min, { error }).max(max, { error })
}

/** A number in [min, max] that is a multiple of `step` (e.g. Basic Speed in quarters). */
export function stepped(min: number, max: number, step: number): z.ZodNumber {
  const error = `must be a number ${min}–${max} in steps of ${step}`
  return z
    .number({ error })
    .min(min, { error })
    .max(max, { error })
    .refine((v) => Math.abs(v / step - Math.round(v / step)) < 1e-9, { error }) as unknown as z.ZodNumber
}

export function oneOf<const T extends readonly [string, ...string[]]>(values: T): z.ZodEnum<{ [K in T[number]]: K }> {
  return z.enum(values, { error: `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}` })
}

export function text(min: number, max: number): z.ZodString {
  const error = min > 0 ? `must be text of ${min}–${max} characters` : `must be text of at most ${max} characters`
  return z.string({ error }).min(min, { error }).max(max, { error })
}

export function flag(): z.ZodBoolean {
  return z.boolean({ error: 'must be true or false' })
}

/** An identifier that other parts of the scenario refer to. */
export function ident(): z.ZodString {
  const error = 'must be an id of 1–40 letters, digits, "-" or "_"'
  return z.string({ error }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error })
}

type Refinement<T> = (value: T, ctx: z.RefinementCtx<T>) => void

/** Issues after which a cross-field check must not run: its loops could follow an over-long list or number. */
function unsafeToCheck(issue: z.core.$ZodRawIssue): boolean {
  return issue.code === 'too_big' || (typeof issue.input === 'number' && !Number.isFinite(issue.input))
}

/**
 * Whether a cross-field issue at `path` would only echo a field's own problem: the object it is about
 * (a combatant, a weapon; for a top-level list, the list) already has a wrong field. "bowStrength must be
 * omitted unless weapon.kind is bow" says nothing new when weapon.kind is "sling".
 */
function echoesFieldIssue(path: readonly PropertyKey[], fieldPaths: readonly (readonly PropertyKey[])[]): boolean {
  const scope = path.length > 1 ? path.slice(0, -1) : path
  return fieldPaths.some((f) => scope.every((k, i) => f[i] === k))
}

/**
 * A scenario's cross-field checks (unknown ids, combinations the rules forbid) as a zod check that is
 * safe on any input: it runs even when some fields are wrong, so the user sees every problem at once
 * (except those about an object whose own fields are wrong), and a check that trips over a wrong field
 * (a roll that is not yet a roll) stops quietly instead of throwing, since that field's own problem is
 * already reported. Use as `schema.check(crossCheck(fn))`.
 */
export function crossCheck<T>(fn: Refinement<T>): z.core.$ZodCheck<T> {
  const guarded: Refinement<T> = (value, ctx) => {
    const before = ctx.issues.length
    try {
      fn(value, ctx)
    } catch (e) {
      if (before === 0) ctx.addIssue({ code: 'custom', path: [], message: `could not be checked (${e instanceof Error ? e.message : String(e)}); please report this scenario`, input: undefined })
    }
    if (before === 0) return
    const fieldPaths = ctx.issues.slice(0, before).map((i) => i.path ?? [])
    const added = ctx.issues.splice(before)
    ctx.issues.push(...added.filter((i) => !echoesFieldIssue(i.path ?? [], fieldPaths)))
  }
  return z.superRefine(guarded, { when: (payload) => !payload.issues.some(unsafeToCheck) })
}

export interface ScenarioIssue {
  /** JSON path such as `combatants[1].skill` (empty for the document itself). */
  path: string
  message: string
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`
    else out += out === '' ? String(p) : `.${String(p)}`
  }
  return out
}

function shown(input: unknown): string {
  if (input === undefined) return 'nothing'
  // JSON has no infinity: a number like 1e400 parses as one, and would print as null.
  if (typeof input === 'number' && !Number.isFinite(input)) return 'a number out of range'
  let s: string | undefined
  try {
    s = JSON.stringify(input)
  } catch {
    return 'a value too deeply nested to show'
  }
  if (s === undefined) return String(input)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

/** One readable issue per zod issue; every issue is kept, so the user sees all problems at once. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): ScenarioIssue[] {
  const out: ScenarioIssue[] = []
  for (const issue of issues) {
    const path = formatPath(issue.path)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        out.push({ path: path === '' ? key : `${path}.${key}`, message: 'is not a known field (check its spelling)' })
      }
      continue
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Report the alternative that got furthest, i.e. the one with the fewest issues. zod gives those
      // issues paths relative to the union, so the union's own path goes in front.
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0]
      out.push(...describeIssues(best.map((i) => ({ ...i, path: [...issue.path, ...i.path] }))))
      continue
    }
    const input = (issue as { input?: unknown }).input
    if (input === undefined && issue.code === 'invalid_type') {
      out.push({ path, message: `is required (${issue.message})` })
      continue
    }
    // Cross-field checks about something missing have no input to show.
    if (input === undefined && issue.code === 'custom') out.push({ path, message: issue.message })
    else out.push({ path, message: `${issue.message}, got ${shown(input)}` })
  }
  return out
}

export function issueLine(i: ScenarioIssue): string {
  return i.path === '' ? i.message : `${i.path}: ${i.message}`
}
