export const USAGE = `quickdraw — Monte Carlo lab for tabletop-RPG initiative, interrupts and cascading Waits

Usage:
  quickdraw run <file> [--trials N] [--seed S] [--workers W] [--chunk-size C] [--json | --csv] [--out FILE] [--shard i/n]
  quickdraw sweep <file> --param <json-path> --from A --to B --step S [--param2 P --from2 A --to2 B --step2 S]
                 [--metric ID] [--trials N] [--seed S] [--workers W] [--json] [--out FILE] [--shard i/n]
  quickdraw compare <a.json> <b.json> | <a.json> --set <json-path>=<value>  [--trials N] [--seed S] [--json]
  quickdraw merge <part.json>... [--out FILE]
  quickdraw balance <file> --param <json-path> --metric <metric-id> --target <value> [--from A --to B]
                 [--trials N] [--seed S] [--workers W] [--json]
  quickdraw tactics <file> --a <name>=<patch> ... --b <name>=<patch> ... --metric <metric-id>
                 [--trials N] [--seed S] [--workers W] [--json]
  quickdraw report <file> -o <report.html> [--trials N] [--seed S] [--workers W]
  quickdraw validate <file>
  quickdraw exact <file> [--json]
  quickdraw trace <file> [--seed S] [--trial T | --find <metric-id>[=<outcome-key>] [--trials N]] [--json]
  quickdraw systems [--json]
  quickdraw schema [<system>]
  quickdraw bench [--only <system or benchmark id>] [--json] [--trials N] [--repeat R]
  quickdraw help

Exit codes: 0 ok · 2 bad usage or invalid scenario (nothing written) · 1 internal error · 130/143/129 interrupted (SIGINT/SIGTERM/SIGHUP)
`
