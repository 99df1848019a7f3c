import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { cliPath, examplesDir, requireBuild } from '../helpers'

const haymaker = join(examplesDir, 'hero-haymaker-or-punches.json')

function quickdraw(...args: string[]) {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 300_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('quickdraw tactics with a fighter\'s ready-made options (issue 25)', () => {
  beforeAll(() => requireBuild())

  it('--a-each blur:attacks against --b-each granite:defences: which attack, which defence, in the usual shape', () => {
    const r = quickdraw('tactics', haymaker, '--a-each', 'blur:attacks', '--b-each', 'granite:defences', '--metric', 'wins=A', '--trials', '2000')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const lines = r.out.split('\n')
    // The side given one fighter's options is that fighter.
    expect(lines[0]).toMatch(/^Blur should (always|mix) .*; Granite should (always|mix) /)
    expect(r.out).toMatch(/\n {2}Punch {2,}/)
    expect(r.out).toMatch(/\n {2}a Haymaker with Punch {2,}/)
    expect(r.out).toContain('Abort to Block when attacked')
  })

  it('names the fighters when the one asked for is not there, and says when he has nothing to choose', () => {
    const missing = quickdraw('tactics', haymaker, '--a-each', 'nobody:attacks', '--metric', 'wins=A', '--trials', '1000')
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/--a-each nobody:attacks: no fighter "nobody" in this scenario; its fighters are "blur", "granite"/)
    const wrong = quickdraw('tactics', haymaker, '--a-each', 'blur:weapons', '--metric', 'wins=A', '--trials', '1000')
    expect(wrong.code).toBe(2)
    expect(wrong.err).toMatch(/expected <fighter id>:<attacks\|defences\|retreat>/)
    const none = quickdraw('tactics', haymaker, '--a-each', 'granite:retreat', '--metric', 'wins=A', '--trials', '1000')
    expect(none.code).toBe(2)
    expect(none.err).toMatch(/Granite has no choice of when to retreat to offer/)
  })
})
