import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../../engine/run/parse'
import { planSlots, swapPlan } from './plan-slots'

const example = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', f), 'utf8')) as unknown

describe('a whole plan as a what-if (issue 13)', () => {
  it('HERO: Doc plays the Kid’s plan (attack on his Phase) instead of holding; the scenario stays valid', () => {
    const doc = example('hero-gunfighters.json')
    const slots = planSlots(doc)
    expect(slots.map((s) => s.owner)).toEqual(['Doc', 'Kid'])
    const b = swapPlan(doc, slots[0], slots[1]) as { combatants: { plan?: { onPhase: string } }[] }
    expect(b.combatants[0].plan).toEqual((doc as { combatants: { plan: unknown }[] }).combatants[1].plan)
    expect(parseScenario(b).ok).toBe(true)
    expect((swapPlan(doc, slots[0], null) as { combatants: { plan?: unknown }[] }).combatants[0].plan).toBeUndefined()
  })

  it('GURPS Waits: a tactic played by another fighter keeps naming its own fighter', () => {
    const doc = example('gurps-waits-triangle.json') as { tactics: Record<string, unknown>[] }
    const slots = planSlots(doc)
    expect(slots.length).toBe(doc.tactics.length)
    const b = swapPlan(doc, slots[0], slots[1]) as { tactics: Record<string, unknown>[] }
    for (const k of slots[0].keep) expect(b.tactics[0][k]).toBe(doc.tactics[0][k])
    expect(slots[0].keep.length).toBeGreaterThan(0)
  })
})
