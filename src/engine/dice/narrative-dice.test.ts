import { describe, expect, it } from 'vitest'
import { createStream } from '../core/rng'
import { DIE_KINDS, FACES, emptyPool, pack, packedAdv, packedDespairs, packedNet, packedTriumphs, poolLabel, rollDie, sidesOf, type DieKind, type Pool } from './narrative-dice'
import { exactCheck, summarizeCheck } from './narrative-exact'

const sum = (kind: DieKind, field: 's' | 'f' | 'a' | 't' | 'tr' | 'de'): number => FACES[kind].reduce((n, f) => n + f[field], 0)
const pool = (p: Partial<Pool>): Pool => ({ ...emptyPool(), ...p })

describe('the six dice (docs/rules/genesys.md section 1)', () => {
  it('Boost and Setback are d6, Ability and Difficulty d8, Proficiency and Challenge d12', () => {
    expect(DIE_KINDS.map((k) => [k, sidesOf(k)])).toEqual([
      ['proficiency', 12],
      ['ability', 8],
      ['boost', 6],
      ['challenge', 12],
      ['difficulty', 8],
      ['setback', 6],
    ])
  })
  it.each([
    // kind, ΣS, ΣF, ΣA, ΣT, Triumph faces, Despair faces (expected symbols × sides, counted from the faces in docs/rules/genesys.md section 1)
    ['boost', 2, 0, 4, 0, 0, 0],
    ['setback', 0, 2, 0, 2, 0, 0],
    ['ability', 5, 0, 5, 0, 0, 0],
    ['difficulty', 0, 4, 0, 6, 0, 0],
    ['proficiency', 10, 0, 8, 0, 1, 0],
    ['challenge', 0, 9, 0, 8, 0, 1],
  ] as const)('%s: E[S]·sides %i, E[F]·sides %i, E[A]·sides %i, E[T]·sides %i, Triumphs %i, Despairs %i', (kind, s, f, a, t, tr, de) => {
    expect([sum(kind, 's'), sum(kind, 'f'), sum(kind, 'a'), sum(kind, 't'), sum(kind, 'tr'), sum(kind, 'de')]).toEqual([s, f, a, t, tr, de])
  })
  it('Ability: 0.625 successes and 0.625 advantages per die; Proficiency 5/6 successes (Triumph counted), 2/3 advantages, 1/12 Triumph', () => {
    expect(sum('ability', 's') / 8).toBe(0.625)
    expect(sum('ability', 'a') / 8).toBe(0.625)
    expect(sum('proficiency', 's') / 12).toBeCloseTo(5 / 6, 12)
    expect(sum('proficiency', 'a') / 12).toBeCloseTo(2 / 3, 12)
    expect(sum('proficiency', 'tr') / 12).toBeCloseTo(1 / 12, 12)
  })
  it('a Triumph face also counts as one success, a Despair face as one failure', () => {
    const triumph = FACES.proficiency.find((f) => f.tr === 1)
    const despair = FACES.challenge.find((f) => f.de === 1)
    expect(triumph).toEqual({ s: 1, f: 0, a: 0, t: 0, tr: 1, de: 0 })
    expect(despair).toEqual({ s: 0, f: 1, a: 0, t: 0, tr: 0, de: 1 })
  })
  it('every die has a blank face', () => {
    for (const k of DIE_KINDS) expect(FACES[k][0]).toEqual({ s: 0, f: 0, a: 0, t: 0, tr: 0, de: 0 })
  })
})

describe('reading a roll (docs/rules/genesys.md section 2)', () => {
  it('packed results keep net successes, net advantage, Triumphs and Despairs, signs included', () => {
    for (const [n, a, tr, de] of [
      [0, 0, 0, 0],
      [-3, 2, 1, 0],
      [5, -7, 0, 2],
      [-40, -40, 20, 20],
      [40, 40, 20, 20],
    ]) {
      const v = pack(n, a, tr, de)
      expect([packedNet(v), packedAdv(v), packedTriumphs(v), packedDespairs(v)]).toEqual([n, a, tr, de])
    }
  })
  it('packed results add: the sum of two parts reads as the whole', () => {
    const v = pack(2, -1, 1, 0) + pack(-3, 4, 0, 2)
    expect([packedNet(v), packedAdv(v), packedTriumphs(v), packedDespairs(v)]).toEqual([-1, 3, 1, 2])
  })
  it('Triumph and Despair are not cancelled by each other or by failures: 1Y vs 1R counts both', () => {
    const d = exactCheck(pool({ proficiency: 1, challenge: 1 }))
    // Triumph face × Despair face: net 0, but one Triumph and one Despair remain
    const trN = d.trMax + 1
    const deN = d.deMax + 1
    const idx = ((0 - d.netMin) * (d.advMax - d.advMin + 1) + (0 - d.advMin)) * trN * deN + 1 * deN + 1
    expect(d.counts[idx]).toBe(1)
    expect(summarizeCheck(d).triumph).toBeCloseTo(1 / 12, 12)
    expect(summarizeCheck(d).despair).toBeCloseTo(1 / 12, 12)
  })
  it('pool labels name the dice by colour letter', () => {
    expect(poolLabel(pool({ proficiency: 2, ability: 2, boost: 1, difficulty: 3, setback: 1 }))).toBe('2Y 2G 1B vs 3P 1K')
    expect(poolLabel(pool({ ability: 1 }))).toBe('1G vs nothing')
  })
  it('rollDie gives every face of a d12 uniformly (fixed seed, 4 standard errors)', () => {
    const rng = createStream(5, 0)
    const n = 120_000
    const seen = new Array(12).fill(0)
    for (let i = 0; i < n; i++) seen[rollDie(rng, 'challenge')]++
    for (const c of seen) expect(Math.abs(c - n / 12)).toBeLessThan(4 * Math.sqrt((n * (1 / 12) * 11) / 12))
  })
})
