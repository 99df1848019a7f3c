import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssues, int, issueLine, oneOf } from './schema'

const lines = (schema: z.ZodType, value: unknown): string[] => {
  const r = schema.safeParse(value, { reportInput: true })
  return r.success ? [] : describeIssues(r.error.issues).map(issueLine)
}

describe('readable validation messages', () => {
  it('a union inside an object keeps the full path of the failing field', () => {
    const schema = z.strictObject({
      plans: z.array(z.union([z.strictObject({ split: int(0, 8) }), z.strictObject({ rule: oneOf(['even', 'all-attack']) })])),
    })
    expect(lines(schema, { plans: [{ split: 2 }, { split: 12 }] })).toEqual(['plans[1].split: must be an integer 0–8, got 12'])
  })
  it('a missing required field says it is required and what it must be', () => {
    expect(lines(z.strictObject({ skill: int(3, 30) }), {})).toEqual(['skill: is required (must be an integer 3–30)'])
  })
})
