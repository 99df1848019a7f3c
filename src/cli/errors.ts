/** An error the user can fix (bad usage, unreadable or invalid file): exit code 2, nothing written. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export const EXIT_OK = 0
export const EXIT_INTERNAL = 1
export const EXIT_USAGE = 2
export const EXIT_INTERRUPTED = 130
