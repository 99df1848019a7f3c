import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { allowed } from '../../src/cli/index'
import { cliReference, COMMAND_HELP, USAGE } from '../../src/cli/usage'
import { root } from '../helpers'

/**
 * Issue 30: every command's help lists every option it takes, and the command reference (docs/cli.md) is
 * that help as the commands print it. QUICKDRAW_WRITE_GENERATED=1 (npm run generate) rewrites the file.
 */
const reference = join(root, 'docs', 'cli.md')

describe('the commands\' help and the command reference', () => {
  it('every command has its own help, with a line for every option the command takes', () => {
    const missing: string[] = []
    for (const [command, options] of Object.entries(allowed)) {
      const help = COMMAND_HELP[command]
      if (help === undefined) {
        missing.push(`${command}: no help`)
        continue
      }
      // an option line of its own, "  --trials N   what it does" (not only the synopsis)
      for (const o of options) if (!new RegExp(`^ {2}(-\\w, )?--${o}\\b.*\\S {2,}\\S|^ {2}(--\\S+ .*)?--${o}\\b`, 'm').test(help)) missing.push(`${command}: --${o}`)
    }
    expect(missing).toEqual([])
  })

  it('the usage names every command', () => {
    for (const command of Object.keys(allowed)) expect(USAGE).toContain(`quickdraw ${command}`)
  })

  it('docs/cli.md is the commands\' help as printed (npm run generate rewrites it)', () => {
    const made = cliReference()
    if (process.env.QUICKDRAW_WRITE_GENERATED === '1') writeFileSync(reference, made)
    expect(existsSync(reference)).toBe(true)
    expect(readFileSync(reference, 'utf8')).toBe(made)
    for (const command of Object.keys(allowed)) expect(made).toContain(`## quickdraw ${command}\n`)
  })
})
