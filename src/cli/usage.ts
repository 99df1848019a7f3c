export const USAGE = `quickdraw — Monte Carlo lab for tabletop-RPG initiative, interrupts and cascading Waits

Usage:
  quickdraw run <file> [--trials N] [--seed S] [--workers W] [--chunk-size C] [--json] [--out FILE]
  quickdraw validate <file>
  quickdraw exact <file> [--json]
  quickdraw trace <file> [--seed S] [--trial T] [--json]
  quickdraw systems [--json]
  quickdraw schema <system>
  quickdraw bench [--json] [--trials N] [--repeat R]
  quickdraw help

Exit codes: 0 ok · 2 bad usage or invalid scenario (nothing written) · 1 internal error · 130 interrupted
`
