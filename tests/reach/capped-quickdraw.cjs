// `quickdraw` for the docs' commands test (fenced-commands.test.ts): the command as written, with at most
// QUICKDRAW_DOCS_TRIALS trials (none: as written), and bench on one benchmark once. `--print` first prints
// the arguments it would run instead of running them.
'use strict'
const { spawnSync } = require('node:child_process')
const { join } = require('node:path')

const cli = process.env.QUICKDRAW_CLI || join(__dirname, '..', '..', 'bin', 'quickdraw.cjs')
let args = process.argv.slice(2)
const print = args[0] === '--print'
if (print) args = args.slice(1)
const cap = Number(process.env.QUICKDRAW_DOCS_TRIALS || 0)
const takesTrials = ['run', 'sweep', 'compare', 'report', 'balance', 'tactics', 'bench']
if (cap > 0 && takesTrials.includes(args[0]) && !args.includes('--help')) {
  const at = args.indexOf('--trials')
  if (at >= 0) args[at + 1] = String(Math.min(Number(args[at + 1]), cap))
  else args.push('--trials', String(cap))
  if (args[0] === 'bench') {
    if (!args.includes('--repeat')) args.push('--repeat', '1')
    if (!args.includes('--only')) args.push('--only', 'gurps-cascade-3')
  }
}
if (print) {
  process.stdout.write(JSON.stringify([cli, ...args]))
  process.exit(0)
}
const r = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' })
process.exit(r.status ?? 1)
