import { describe, expect, it } from 'vitest'
import { fnv1a64, hashScenario } from './hash'

describe('scenario hash', () => {
  it('ignores key order', () => {
    expect(hashScenario({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(hashScenario({ b: [1, { d: 3, c: 2 }], a: 1 }))
  })
  it('changes when a value changes', () => {
    expect(hashScenario({ a: 1 })).not.toBe(hashScenario({ a: 2 }))
  })
  it('is 64-bit FNV-1a (published test vectors)', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325')
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c')
    expect(fnv1a64('foobar')).toBe('85944171f73967e8')
  })
})
