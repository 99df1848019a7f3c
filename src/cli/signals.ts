/**
 * Signals and a closed stdout, handled for every command from the moment `main` starts: Ctrl-C
 * (SIGINT), SIGTERM and SIGHUP (the terminal closed) say so on stderr, stop the run (its workers are
 * shut down as the command unwinds; nothing more is written) and end with the shell's code for the
 * signal, 128 + its number. A second signal ends the process at once. A reader that goes away (piping
 * into `head`) ends the command quietly.
 */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const
export type HandledSignal = keyof typeof SIGNAL_EXIT_CODES
export const HANDLED_SIGNALS = Object.keys(SIGNAL_EXIT_CODES) as HandledSignal[]

export class Interrupts {
  private readonly controller = new AbortController()
  private caught: HandledSignal | null = null
  private pipeClosed = false
  private readonly onSignal = (s: NodeJS.Signals): void => this.receive(s as HandledSignal)
  private readonly onStdoutError = (e: NodeJS.ErrnoException): void => {
    if (e.code !== 'EPIPE') return
    this.pipeClosed = true
    this.controller.abort()
  }

  /** Aborted by a signal or a closed stdout; every command's work listens to it. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** True once the reader of stdout has gone: output is dropped and the command ends quietly. */
  get stdoutClosed(): boolean {
    return this.pipeClosed
  }

  install(): this {
    for (const s of HANDLED_SIGNALS) process.on(s, this.onSignal)
    process.stdout.on('error', this.onStdoutError)
    return this
  }

  uninstall(): void {
    for (const s of HANDLED_SIGNALS) process.off(s, this.onSignal)
    process.stdout.off('error', this.onStdoutError)
  }

  /** A signal arrived (also one the launcher caught before the command was loaded). */
  receive(s: HandledSignal): void {
    if (this.caught) {
      process.exit(SIGNAL_EXIT_CODES[s])
    }
    this.caught = s
    process.stderr.write(`\nquickdraw: ${s === 'SIGHUP' ? 'the terminal closed' : 'interrupted'} (${s}); stopping, nothing more is written\n`)
    this.controller.abort()
  }

  /** The exit code for the signal received, if any. */
  exitCode(): number | null {
    return this.caught ? SIGNAL_EXIT_CODES[this.caught] : null
  }
}

let current: Interrupts | null = null

/** The interrupts of the command now running (a fresh, never-aborted set outside `main`, e.g. in tests). */
export function interrupts(): Interrupts {
  current ??= new Interrupts()
  return current
}

export function beginCommand(): Interrupts {
  current = new Interrupts().install()
  return current
}

export function endCommand(i: Interrupts): void {
  i.uninstall()
  if (current === i) current = null
}
