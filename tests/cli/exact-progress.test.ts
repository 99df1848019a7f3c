import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { quickdrawInProcess } from './in-process'
import { examplesDir } from '../helpers'

const examples = examplesDir
const wasTty = process.stderr.isTTY

afterEach(() => {
  process.stderr.isTTY = wasTty
})

describe('quickdraw exact on a terminal', () => {
  it('draws how far the whole-fight solve has got on stderr, then clears it; the answer on stdout carries no progress', async () => {
    process.stderr.isTTY = true
    const r = await quickdrawInProcess('exact', join(examples, 'gurps-deadly-blows.json'))
    expect(r.code).toBe(0)
    expect(r.err).toMatch(/^computing the exact values…/)
    expect(r.err).toMatch(/\] +\d+\.\d% of fights decided · \d+k? situations? followed/)
    expect(r.err.endsWith('\r\x1b[K')).toBe(true)
    expect(r.out).toMatch(/Whole fight: exact/)
    expect(r.out).not.toMatch(/fights decided|computing/)
  })

  it('prints no progress when stderr is not a terminal (a pipe or a log file)', async () => {
    process.stderr.isTTY = false
    const r = await quickdrawInProcess('exact', join(examples, 'gurps-deadly-blows.json'))
    expect(r.code).toBe(0)
    expect(r.err).toBe('')
    expect(r.out).toMatch(/Whole fight: exact/)
  })
})
