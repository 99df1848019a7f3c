import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../run/parse'

const base = (combatants: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
  schemaVersion: 1,
  name: 't',
  system: 'hero',
  combatants: combatants.map((c, i) => ({ id: `c${i}`, name: `C${i}`, side: i === 0 ? 'A' : 'B', dex: 15, spd: 3, ...c })),
  ...extra,
})
const issues = (doc: unknown): string[] => {
  const r = parseScenario(doc)
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`)
}

describe('invalid HERO scenarios are rejected with the path and the allowed range', () => {
  it('SPD 0 or 13', () => {
    expect(issues(base([{ spd: 0 }, {}]))).toEqual(['combatants[0].spd: must be an integer 1–12, got 0'])
    expect(issues(base([{}, { spd: 13 }]))).toEqual(['combatants[1].spd: must be an integer 1–12, got 13'])
  })
  it('DEX below 0', () => {
    expect(issues(base([{ dex: -1 }, {}]))).toEqual(['combatants[0].dex: must be an integer 0–99, got -1'])
  })
  it('malformed dice such as "2x6"', () => {
    const got = issues(base([{ attack: { dice: '2x6' } }, {}]))
    expect(got).toHaveLength(1)
    expect(got[0]).toMatch(/^combatants\[0\]\.attack\.dice: must be HERO dice such as "12d6", "2½d6" .* got "2x6"$/)
  })
  it('pips on normal damage, resistant above total defence, a hold without its event', () => {
    expect(issues(base([{ attack: { dice: '2d6+1' } }, {}]))[0]).toMatch(/^combatants\[0\]\.attack\.dice: must not add pips/)
    expect(issues(base([{ pd: 5, rpd: 6 }, {}]))[0]).toMatch(/^combatants\[0\]\.rpd: must be at most pd \(5\)/)
    expect(issues(base([{ plan: { onPhase: 'hold' } }, {}]))[0]).toMatch(/^combatants\[0\]\.plan\.hold: is required when onPhase is "hold"/)
  })
  it('a hold on an unknown combatant, or a target that is not an enemy', () => {
    expect(issues(base([{ plan: { onPhase: 'hold', hold: { event: 'nobody', mode: 'after' } } }, {}]))[0]).toMatch(/plan\.hold\.event: must be the id of another combatant: "c1"/)
    expect(issues(base([{ plan: { target: 'c0' } }, {}]))[0]).toMatch(/plan\.target: must be "first", "weakest" or an enemy id: "c1"/)
  })
  it('delaying within the Segment needs a lower DEX; unknown rule values name the allowed ones', () => {
    expect(issues(base([{ dex: 15, plan: { onPhase: 'delay', delay: { segments: 0, dex: 15 } } }, {}]))[0]).toMatch(/plan\.delay\.dex: must be below C0's DEX 15/)
    expect(issues(base([{}, {}], { rules: { tieRule: 'coin' } }))[0]).toMatch(/^rules\.tieRule: must be one of "ruleset", "dex-roll", "d6"/)
    expect(issues(base([{}, {}], { rules: { onCap: 'points' } }))).toEqual(['rules.onCap: must be one of "draw", "most-health", got "points"'])
    expect(issues(base([{}, {}], { rules: { bleeding: 'never' } }))[0]).toMatch(/^rules\.bleeding: must be one of "post-12", "first-phase"/)
    expect(issues(base([{}, {}], { rules: { halfDieBody: 'one' } }))[0]).toMatch(/^rules\.halfDieBody: must be one of "raw-4-6", "none"/)
    expect(issues(base([{}, {}], { rules: { haymakerInterrupted: 'later' } }))[0]).toMatch(/^rules\.haymakerInterrupted: must be one of "lost", "lands"/)
    expect(issues(base([{}, {}], { rules: { targeting: 'nearest' } }))).toEqual(['rules.targeting: must be one of "sticky-first", "random", "highest-threat", got "nearest"'])
  })
  it('both sides must be present', () => {
    expect(issues(base([{}, { side: 'A' }]))).toEqual(['combatants: must have at least one combatant on side "B"'])
  })
})
