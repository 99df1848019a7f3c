import { parseArgs } from 'node:util'
import { err, outData, type Options } from './io'
import { CheckFailed, EXIT_FAILED, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, UsageError } from './errors'
import { beginCommand, endCommand, type HandledSignal } from './signals'
import { commandHelp, USAGE } from './usage'
import { ENGINE_VERSION } from '../engine/version'
import { cmdSystems } from './systems'

/*
 * Start-up: this module and what it imports statically are all that `--version`, `help` and `systems` load
 * (the systems' list is worked out when the CLI is built: systems.ts). Each command's code (the
 * engine, its samplers and solvers, the worker pool) is imported when that command runs, so the bundle
 * splits it into chunks of their own (tests/build/cli-split.test.ts checks which files each command loads).
 */
const commands = () => import('./commands')
const analysis = () => import('./analysis')
const balance = () => import('./balance')

const optionSpec = {
  trials: { type: 'string' },
  seed: { type: 'string' },
  workers: { type: 'string' },
  'chunk-size': { type: 'string' },
  trial: { type: 'string' },
  repeat: { type: 'string' },
  shard: { type: 'string' },
  find: { type: 'string' },
  param: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  step: { type: 'string' },
  param2: { type: 'string' },
  from2: { type: 'string' },
  to2: { type: 'string' },
  step2: { type: 'string' },
  metric: { type: 'string' },
  set: { type: 'string', multiple: true },
  only: { type: 'string' },
  out: { type: 'string', short: 'o' },
  json: { type: 'boolean' },
  target: { type: 'string' },
  a: { type: 'string', multiple: true },
  b: { type: 'string', multiple: true },
  'a-each': { type: 'string', multiple: true },
  'b-each': { type: 'string', multiple: true },
  csv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  system: { type: 'string' },
  into: { type: 'string' },
  side: { type: 'string', multiple: true },
  versus: { type: 'boolean' },
  replace: { type: 'string' },
  list: { type: 'string' },
  pick: { type: 'string', multiple: true },
  group: { type: 'string' },
  budget: { type: 'string' },
} as const

/** The options each command takes (its help lists every one: tests/cli/help.test.ts). */
export const allowed: Record<string, readonly string[]> = {
  run: ['trials', 'seed', 'workers', 'chunk-size', 'json', 'csv', 'out', 'shard'],
  validate: ['json'],
  exact: ['json', 'budget'],
  trace: ['seed', 'trial', 'json', 'find', 'trials'],
  sweep: ['param', 'from', 'to', 'step', 'param2', 'from2', 'to2', 'step2', 'trials', 'seed', 'workers', 'chunk-size', 'json', 'out', 'metric', 'shard'],
  compare: ['set', 'trials', 'seed', 'workers', 'chunk-size', 'json', 'out'],
  merge: ['out', 'json'],
  report: ['out', 'trials', 'seed', 'workers', 'chunk-size', 'json'],
  systems: ['json'],
  schema: ['json'],
  bench: ['json', 'trials', 'repeat', 'only'],
  balance: ['param', 'metric', 'target', 'from', 'to', 'trials', 'seed', 'workers', 'chunk-size', 'json'],
  tactics: ['a', 'b', 'a-each', 'b-each', 'metric', 'trials', 'seed', 'workers', 'chunk-size', 'json'],
  import: ['system', 'into', 'side', 'json', 'list', 'pick', 'group', 'versus', 'replace'],
}

function needFile(command: string, positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError(`${command}: expects exactly one scenario file, got ${positionals.length}`)
  return positionals[0]
}

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  // Bare `quickdraw` is a usage error: usage to stderr, exit 2. Asking for help is not: stdout, exit 0.
  if (command === undefined) {
    process.stderr.write(USAGE)
    return EXIT_USAGE
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    outData(`quickdraw ${ENGINE_VERSION}\n`)
    return EXIT_OK
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    const about = rest[0]
    if (about !== undefined && !(about in allowed)) throw new UsageError(`help: unknown command ${JSON.stringify(about)}; commands: ${Object.keys(allowed).join(', ')}`)
    outData(about === undefined ? USAGE : commandHelp(about))
    return EXIT_OK
  }
  if (!(command in allowed)) throw new UsageError(`unknown command ${JSON.stringify(command)}; commands: ${Object.keys(allowed).join(', ')}`)
  if (rest.includes('--help') || rest.includes('-h')) {
    outData(commandHelp(command))
    return EXIT_OK
  }
  const { values, positionals } = commandLine(command, rest)
  return runCommand(command, positionals, values)
}

/** The options and files of one command; an option the command does not take is a usage error. */
function commandLine(command: string, rest: string[]): { values: Options; positionals: string[] } {
  let parsed
  try {
    // `--list` alone lists everything, `--list=TEXT` filters: a bare --list never takes the next word (a file)
    const args = command === 'import' ? rest.map((a) => (a === '--list' ? '--list=' : a)) : rest
    parsed = parseArgs({ args, options: optionSpec, allowPositionals: true, strict: true })
  } catch (e) {
    throw new UsageError(`${command}: ${(e as Error).message}`)
  }
  const values = parsed.values as Options
  for (const key of Object.keys(values)) {
    if (key !== 'help' && !allowed[command].includes(key)) throw new UsageError(`${command}: option --${key} does not apply; allowed: ${allowed[command].map((k) => `--${k}`).join(' ') || 'none'}`)
  }
  return { values, positionals: parsed.positionals }
}

async function runCommand(command: string, p: string[], values: Options): Promise<number> {
  switch (command) {
    case 'run':
      return (await commands()).cmdRun(needFile(command, p), values)
    case 'validate':
      return (await import('./validate')).cmdValidate(needFile(command, p), values)
    case 'exact':
      return (await commands()).cmdExact(needFile(command, p), values)
    case 'trace':
      return (await commands()).cmdTrace(needFile(command, p), values)
    case 'sweep':
      return (await analysis()).cmdSweep(needFile(command, p), values)
    case 'compare':
      if (p.length < 1 || p.length > 2) throw new UsageError('compare: expects two scenario files, or one with --set')
      return (await analysis()).cmdCompare(p, values)
    case 'merge':
      if (p.length < 1) throw new UsageError('merge: expects the partial result files of every shard')
      return (await analysis()).cmdMerge(p, values)
    case 'report':
      return (await analysis()).cmdReport(needFile(command, p), values)
    case 'systems':
      return cmdSystems(values)
    case 'balance':
      return (await balance()).cmdBalance(needFile(command, p), values)
    case 'tactics':
      return (await balance()).cmdTactics(needFile(command, p), values)
    case 'import':
      if (p.length < 1) throw new UsageError('import: expects one or more character or library files (.gcs, .hdc, Star Wars adversary .json)')
      return (await import('./import')).cmdImport(p, values)
    case 'schema':
      if (p.length > 1) throw new UsageError('schema: expects at most one system id (none: the schema of every system)')
      return (await commands()).cmdSchema(p[0])
    default:
      if (p.length > 0) throw new UsageError('bench: takes no files')
      return (await import('./bench')).cmdBench(values)
  }
}

/** Whether `e` is the engine's invalid-scenario error (its module is loaded only when an error needs sorting). */
async function isScenarioError(e: unknown): Promise<boolean> {
  if (!(e instanceof Error)) return false
  const { ScenarioError } = await import('../engine/run/parse-core')
  return e instanceof ScenarioError
}

/**
 * Entry point of the `quickdraw` command; resolves with the process exit code. Signals are handled from
 * its first line (`early`: one the launcher caught while the command was still loading).
 */
export async function main(argv: string[], early?: HandledSignal): Promise<number> {
  const interrupts = beginCommand()
  try {
    if (early) interrupts.receive(early)
    // "-" reads the scenario from standard input: read it ahead, listening for signals while it waits
    if (argv.slice(1).includes('-')) await (await import('./scenario-file')).preloadStdin(interrupts.signal)
    const code = interrupts.signal.aborted ? EXIT_INTERRUPTED : await dispatch(argv)
    return interrupts.exitCode() ?? (interrupts.stdoutClosed ? EXIT_OK : code)
  } catch (e) {
    if (e instanceof UsageError) {
      err(`quickdraw: ${e.message}`)
      return EXIT_USAGE
    }
    if (e instanceof CheckFailed || (await isScenarioError(e))) {
      err(`quickdraw: ${(e as Error).message}`)
      return EXIT_FAILED
    }
    if (interrupts.stdoutClosed) return EXIT_OK
    // Interrupted while a step was under way (balance asking for an exact answer, say): the step stops with
    // whatever error its cancelling gives, which is the interruption, not a bug.
    if (interrupts.signal.aborted) {
      return interrupts.exitCode() ?? EXIT_INTERRUPTED
    }
    err(`quickdraw: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    return EXIT_INTERNAL
  } finally {
    endCommand(interrupts)
  }
}
