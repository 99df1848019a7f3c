import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cliPath, requireBuild, root } from '../helpers'

/**
 * Issue 30: every command the README and the docs show works as written. Each fenced `sh` block of
 * README.md and docs/**.md runs, command by command, in a scratch folder holding a copy of the shipped
 * examples and sample files (so a command that writes a file never touches the repository). `npx
 * quickdraw …` runs the built CLI with fewer trials (at most TRIALS; bench: one benchmark, one repeat):
 * the test checks that each command is accepted and answers, not its numbers. A command followed by
 * lines `# → text` shows its printed answer: it runs with the trials it names, and its output must
 * contain that text, so a stale printed answer fails here. `npm …` lines are not run (install, start,
 * the whole test suite). A block preceded by `<!-- not run: reason -->` is skipped with its reason (a
 * cluster's job script).
 */
const TRIALS = 1000
const NOT_RUN = /<!--\s*not run:\s*([^>]*?)\s*-->\s*$/

interface Command {
  line: number
  text: string
  expect: string[]
}
interface Block {
  file: string
  line: number
  commands: Command[]
  skip?: string
}

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = join(dir, name)
      return statSync(p).isDirectory() ? walk(p) : name.endsWith('.md') ? [p] : []
    })
  return [join(root, 'README.md'), ...walk(join(root, 'docs'))]
}

/** The fenced shell blocks of one markdown file, split into commands (continuation lines joined). */
export function blocksOf(file: string, text: string): Block[] {
  const lines = text.split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(sh|bash|shell)\s*$/.exec(lines[i])
    if (!open) continue
    const skip = i > 0 ? NOT_RUN.exec(lines[i - 1])?.[1] : undefined
    const block: Block = { file, line: i + 1, commands: [], skip }
    let j = i + 1
    for (; j < lines.length && !lines[j].startsWith('```'); j++) {
      const l = lines[j]
      const shown = /^#\s*→\s*(.*)$/.exec(l.trim())
      if (shown) {
        block.commands.at(-1)?.expect.push(shown[1].replace(/\s*…$/, ''))
        continue
      }
      if (l.trim() === '' || l.trim().startsWith('#')) continue
      const prev = block.commands.at(-1)
      if (prev && prev.text.endsWith('\\')) prev.text = `${prev.text.slice(0, -1)} ${l.trim()}`
      else block.commands.push({ line: j + 1, text: l.trim(), expect: [] })
    }
    blocks.push(block)
    i = j
  }
  return blocks
}

let scratch: string
let shims: string
const blocks = markdownFiles().flatMap((f) => blocksOf(relative(root, f), readFileSync(f, 'utf8')))

describe('every command in the README and the docs runs (issue 30)', () => {
  beforeAll(() => {
    requireBuild()
    scratch = mkdtempSync(join(tmpdir(), 'quickdraw-docs-'))
    shims = join(scratch, '.bin')
    cpSync(join(root, 'resources', 'examples'), join(scratch, 'resources', 'examples'), { recursive: true })
    cpSync(join(root, 'resources', 'samples'), join(scratch, 'resources', 'samples'), { recursive: true })
    // `npx quickdraw` runs the built CLI through a wrapper that lowers the trials; `npm` is not run.
    const capper = join(shims, 'quickdraw-capped.cjs')
    cpSync(join(root, 'tests', 'reach', 'capped-quickdraw.cjs'), capper)
    writeFileSync(join(shims, 'npx'), `#!/bin/sh\nif [ "$1" = quickdraw ]; then shift; exec "${process.execPath}" "${capper}" "$@"; fi\necho "not run: npx $*"\n`)
    writeFileSync(join(shims, 'npm'), '#!/bin/sh\necho "not run: npm $*"\n')
    chmodSync(join(shims, 'npx'), 0o755)
    chmodSync(join(shims, 'npm'), 0o755)
  })
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  it('finds the commands: the README shows how to run a shipped example, the manual the import samples', () => {
    const all = blocks.flatMap((b) => b.commands.map((c) => `${b.file}: ${c.text}`))
    expect(all.some((c) => c.startsWith('README.md: npx quickdraw run resources/examples/'))).toBe(true)
    expect(all.filter((c) => c.startsWith('docs/manual.md: npx quickdraw import')).length).toBeGreaterThanOrEqual(8)
    expect(blocks.filter((b) => b.skip).map((b) => b.skip)).toEqual(blocks.filter((b) => b.skip).map(() => expect.stringMatching(/\w/)))
  })

  it('the wrapper keeps the trials low but the command as written (seen by the command itself)', () => {
    const out = spawnSync(process.execPath, [join(root, 'tests', 'reach', 'capped-quickdraw.cjs'), '--print', 'run', 'x.json', '--trials', '2000000', '--seed', '7'], { encoding: 'utf8', env: { ...process.env, QUICKDRAW_DOCS_TRIALS: String(TRIALS) } })
    expect(JSON.parse(out.stdout)).toEqual([cliPath, 'run', 'x.json', '--trials', String(TRIALS), '--seed', '7'])
  })

  for (const block of blocks) {
    const title = `${block.file}:${block.line}`
    if (block.skip) {
      it.skip(`${title} (not run: ${block.skip})`, () => {})
      continue
    }
    if (block.commands.length === 0) continue
    it(`${title}: ${block.commands.map((c) => c.text.split(' ').slice(0, 3).join(' ')).join('; ').slice(0, 90)}`, () => {
      let cwd = scratch
      for (const c of block.commands) {
        const cd = /^cd\s+(\S+)$/.exec(c.text)
        if (cd) {
          cwd = join(cwd, cd[1])
          continue
        }
        const r = spawnSync('sh', ['-c', c.text], {
          cwd,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${shims}:${process.env.PATH}`, QUICKDRAW_DOCS_TRIALS: c.expect.length > 0 ? '' : String(TRIALS), QUICKDRAW_CLI: cliPath },
          timeout: 120_000,
        })
        const where = `${block.file}:${c.line}: ${c.text}\n${r.stderr}`
        expect(r.status, where).toBe(0)
        for (const shown of c.expect) expect(r.stdout, where).toContain(shown)
      }
    }, 600_000)
  }
})
