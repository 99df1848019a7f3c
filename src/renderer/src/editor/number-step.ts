import type { z } from 'zod'
import type { JsonSchema } from './json-schema'

/**
 * The step a number keeps to (Basic Speed in quarters), for a zod number schema. A plain `multipleOf`
 * reaches the JSON schema by itself; core's `stepped()` checks its step in a refinement, which JSON
 * Schema cannot carry, so the step is read from the engine's own message for an off-step value
 * (`must be a number 1–20 in steps of 0.25`) and then confirmed: the step must be accepted.
 */
export function refinedStep(schema: z.ZodType, json: JsonSchema): number | undefined {
  if (json.type !== 'number' || json.multipleOf !== undefined) return undefined
  const min = json.minimum ?? 0
  const off = schema.safeParse(min + 1e-6)
  if (off.success) return undefined
  const m = /in steps of (\d+(?:\.\d+)?)/.exec(off.error.issues.map((i) => i.message).join(' '))
  if (!m) return undefined
  const step = Number(m[1])
  return step > 0 && schema.safeParse(min + step).success && schema.safeParse(min).success ? step : undefined
}

/**
 * `z.toJSONSchema` override that writes the refined step into the JSON schema as `multipleOf`, so the
 * form shows it like any other constraint.
 */
export function addRefinedSteps(ctx: { zodSchema: unknown; jsonSchema: unknown }): void {
  const json = ctx.jsonSchema as JsonSchema
  const step = refinedStep(ctx.zodSchema as z.ZodType, json)
  if (step !== undefined) json.multipleOf = step
}
