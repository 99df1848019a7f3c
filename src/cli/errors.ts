/** You typed it wrong (an unknown command or option, a missing or malformed value): exit code 2, nothing written. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/**
 * The command understood you, checked what you gave it and it failed: an invalid or unreadable scenario or
 * partial result, a refused question (a target out of reach, no trial matching), a failed merge. Exit code
 * 1, nothing written.
 */
export class CheckFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CheckFailed'
  }
}

export const EXIT_OK = 0
/** Checked and failed (CheckFailed, an invalid scenario); also the launcher's "not built yet". */
export const EXIT_FAILED = 1
export const EXIT_USAGE = 2
/** An internal error: a bug in quickdraw (sysexits' EX_SOFTWARE). */
export const EXIT_INTERNAL = 70
export const EXIT_INTERRUPTED = 130
