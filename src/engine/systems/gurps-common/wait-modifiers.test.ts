import { describe, expect, it } from 'vitest'
import { LATE_JOINER_PENALTY, waitMovementModifier } from './wait-modifiers'

describe('Cascading Waits contest modifiers (GURPS Martial Arts p.108 (docs/rules/gurps.md section 2))', () => {
  it('"+2 for fighters who needn\'t move at all, +0 for those who need only take a single step"', () => {
    expect(waitMovementModifier(0, true)).toBe(2)
    expect(waitMovementModifier(0, false)).toBe(2)
    expect(waitMovementModifier(1, true)).toBe(0)
    expect(waitMovementModifier(1, false)).toBe(0)
  })
  it('"−1 per yard of distance for those who must move further": 3 yards is −3 (rules.yardPenalty "whole-distance") or −2 (beyond the step)', () => {
    expect(waitMovementModifier(3, true)).toBe(-3)
    expect(waitMovementModifier(3, false)).toBe(-2)
    expect(waitMovementModifier(2, true)).toBe(-2)
    expect(waitMovementModifier(2, false)).toBe(-1)
  })
  it('"an extra −2 for jumping in late"', () => {
    expect(LATE_JOINER_PENALTY).toBe(-2)
  })
})
