import { describe, expect, it } from 'vitest'
import { example } from '../../../../tests/helpers'
import type { AnyRuleSystem } from '../rule-system'
import { gurps } from '../gurps'
import { gurpsWaits } from './index'

/**
 * The shipped GURPS examples state exact odds in their descriptions; the default rules must reproduce
 * them (to the tenth of a percent shown).
 */
const claims: [string, AnyRuleSystem, [string, string][]][] = [
  ['gurps-waits-triangle.json', gurpsWaits as AnyRuleSystem, [['acts:stabber', '59.9%'], ['prevents:grabber:stabber', '28.4%'], ['prevents:guard:stabber', '11.7%']]],
  ['gurps-waits-standoff.json', gurpsWaits as AnyRuleSystem, [['acts-first-alone:kid', '54.6%'], ['acts-first-alone:marshal', '36.3%'], ['simultaneous-exchange:kid:marshal', '9.0%']]],
  ['gurps-waits-late-interrupter.json', gurpsWaits as AnyRuleSystem, [['late-interrupt:bodyguard', '6.9%'], ['prevents:bodyguard:assassin', '3.0%']]],
  ['gurps-waits-ets.json', gurpsWaits as AnyRuleSystem, [['acts-first-alone:cyborg', '100%']]],
  ['gurps-standoff.json', gurps as AnyRuleSystem, [['wait-strikes-first:kid', '54.6%'], ['wait-strikes-first:marshal', '36.3%'], ['simultaneous-first-strike', '9.0%']]],
]

describe('GURPS example descriptions state the exact odds the default rules give', () => {
  it.each(claims)('%s', (file, system, pairs) => {
    const doc = example(file) as { description: string }
    const plan = system.compile(system.schema.parse(doc))
    const exact = system.exact?.(plan) ?? []
    for (const [id, shown] of pairs) {
      const m = exact.find((x) => x.id === id)
      if (!m || m.kind !== 'probability') throw new Error(`no exact probability ${id}`)
      const text = shown === '100%' ? `${Math.round(m.p * 100)}%` : `${(m.p * 100).toFixed(1)}%`
      expect(text, id).toBe(shown)
      expect(doc.description).toContain(shown)
    }
  })
})
