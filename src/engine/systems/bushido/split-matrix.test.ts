import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactOf } from '../../run/exact'
import { marginals } from './exchange-exact'
import { compileExchange } from './exchange-plan'
import type { Exchange } from './schema'
import { exchange3v3 } from './test-helpers'

/**
 * The split matrix's wounds (issue 28): each cell's average wounds dealt and taken count only the wounds
 * that matter, none beyond those the target has left, as its payoff does; so dealt − taken is the payoff
 * a GM reads beside them (docs/rules/bushido.md, "The split as a game").
 */
const examplesDir = join(__dirname, '../../../../resources/examples')
const mean = (dist: readonly number[]): number => dist.reduce((s, p, k) => s + p * k, 0)

describe('Bushido split matrix: wounds dealt and taken as the payoff counts them', () => {
  const s = exchange3v3(3, 3)
  const plan = compileExchange(s, s.situation as Exchange)
  const m = plan.matrix
  const [first, second] = [plan.setup.first, plan.setup.second]

  it('3 vs 3, Wounds 3 each: in every cell, wounds dealt − wounds taken = the payoff', () => {
    for (const row of m.cells) for (const c of row) expect(c.woundsToOpp - c.woundsToAct, `${c.actOption} vs ${c.oppOption}`).toBeCloseTo(c.payoff, 12)
  })

  it('worked by hand from the cell\'s joint wounds: each side\'s wounds stop at the 3 the target has; all in against all in, more than 3 can land, so the cap counts', () => {
    expect([first.woundsLeft, second.woundsLeft]).toEqual([3, 3])
    const allIn = m.cells[m.cells.length - 1][m.cells[0].length - 1]
    expect([allIn.actAttack, allIn.oppAttack]).toEqual([3, 3])
    const [toSecond, toFirst] = marginals(allIn.exact)
    const capped = (d: number[]): number => d.reduce((sum, p, k) => sum + p * Math.min(k, 3), 0)
    // The activating model strikes first in this exchange: wounds to the second model are wounds it deals.
    expect(plan.actIsFirst).toBe(true)
    expect(allIn.woundsToOpp).toBeCloseTo(capped(toSecond), 12)
    expect(allIn.woundsToAct).toBeCloseTo(capped(toFirst), 12)
    // A Damage Roll can deal more than 3 wounds: the uncapped average is larger, and would not add up to the payoff.
    expect(mean(toSecond) - allIn.woundsToOpp).toBeGreaterThan(0.01)
    expect(Math.abs(mean(toSecond) - mean(toFirst) - allIn.payoff)).toBeGreaterThan(0.01)
  })

  const withMatrix = readdirSync(examplesDir).filter((f) => f.startsWith('bushido-') && f.endsWith('.json')).sort()
  it.each(withMatrix)('%s: the exact answer\'s matrix cells add up (wounds that count dealt − taken = payoff)', (file) => {
    const exact = exactOf(JSON.parse(readFileSync(join(examplesDir, file), 'utf8'))) ?? []
    const cells = exact.filter((x) => /^split-matrix:.+:payoff$/.test(x.id))
    for (const cell of cells) {
      const base = cell.id.replace(/:payoff$/, '')
      const dealt = exact.find((x) => x.id === `${base}:wounds-dealt`)
      const taken = exact.find((x) => x.id === `${base}:wounds-taken`)
      if (cell.kind !== 'mean' || dealt?.kind !== 'mean' || taken?.kind !== 'mean') throw new Error(`${base}: a cell without its wounds`)
      expect(dealt.mean - taken.mean, base).toBeCloseTo(cell.mean, 12)
      expect(dealt.label, base).toMatch(/wounds that count dealt by .+ none beyond the wounds .+ has left/)
    }
  })
})
