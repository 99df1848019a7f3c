export const USAGE = `quickdraw — Monte Carlo lab for tabletop-RPG initiative, interrupts and cascading Waits

Usage:
  quickdraw run <file> [--trials N] [--seed S] [--workers W] [--chunk-size C] [--json | --csv] [--out FILE] [--shard i/n]
  quickdraw sweep <file> --param <json-path> --from A --to B --step S [--param2 P --from2 A --to2 B --step2 S]
                 [--metric ID] [--trials N] [--seed S] [--workers W] [--json] [--out FILE] [--shard i/n]
  quickdraw compare <a.json> <b.json> | <a.json> --set <json-path>=<value> ...  [--trials N] [--seed S] [--json]
  quickdraw merge <part.json>... [--out FILE]
  quickdraw balance <file> --param <json-path> --metric <metric-id> --target <value> [--from A --to B]
                 [--trials N] [--seed S] [--workers W] [--json]
  quickdraw tactics <file> [--a <name>=<patch> ... --b <name>=<patch> ... --a-each <fighter>:<attacks|defences|retreat> ... --metric <metric-id>]
                 [--trials N] [--seed S] [--workers W] [--json]
  quickdraw report <file> -o <report.html> [--trials N] [--seed S] [--workers W]
  quickdraw validate <file> [--json]
  quickdraw exact <file> [--json]
  quickdraw trace <file> [--seed S] [--trial T | --find <metric-id>[=<outcome-key>] [--trials N]] [--json]
  quickdraw import <file>... [--system <id>] [--into <scenario.json>] [--side A|B] [--json] [--list[=TEXT]] [--pick NAME]... [--group N]
  quickdraw systems [--json]
  quickdraw schema [<system>]
  quickdraw bench [--only <system or benchmark id>] [--json] [--trials N] [--repeat R]
  quickdraw help [<command>]      quickdraw <command> --help      quickdraw --version

<file> may be - to read the scenario from standard input.
Exit codes: 0 ok · 2 bad usage or invalid scenario (nothing written) · 1 internal error · 130/143/129 interrupted (SIGINT/SIGTERM/SIGHUP)
`

const EX = 'resources/examples'

/** Each command's own help: what it answers, its options, and examples on the shipped scenarios. */
export const COMMAND_HELP: Record<string, string> = {
  run: `quickdraw run <file> [options] — plays the scenario's fights and prints every metric with its estimate,
95% interval and exact value where known.

  --trials N        trials to play (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed); same seed, same numbers, any worker count
  --workers W       worker threads (default: all cores)
  --chunk-size C    trials per chunk (results depend on it; documents record it)
  --json            print the result document instead of the table
  --csv             print the results as CSV (header row first, provenance in columns)
  --out FILE        also write the document (or CSV) to FILE, atomically
  --shard i/n       play only the i-th of n parts and write a partial result for \`quickdraw merge\`

Examples:
  quickdraw run ${EX}/gurps-waits-triangle.json
  quickdraw run ${EX}/hero-gunfighters.json --trials 500000 --seed 7 --json --out result.json
  cat my-scenario.json | quickdraw run - --csv > results.csv`,
  sweep: `quickdraw sweep <file> --param <json-path> --from A --to B --step S [options] — runs the scenario at each
value of one field (or a grid of two) with the same seed at every point.

Examples:
  quickdraw sweep ${EX}/gurps-waits-triangle.json --param "combatants[2].skill" --from 9 --to 14 --step 1
  quickdraw sweep ${EX}/gurps-waits-standoff.json --param "combatants[0].skill" --from 10 --to 16 --step 1 \\
    --param2 "combatants[1].basicSpeed" --from2 5 --to2 7 --step2 0.5 --metric "acts-first-alone:kid" --json`,
  compare: `quickdraw compare <a.json> <b.json> | <a.json> --set <json-path>=<value> ... — both with the same seed; A, B,
B − A and its 95% interval, differences that are not significant marked.

Examples:
  quickdraw compare ${EX}/gurps-waits-triangle.json --set "combatants[1].combatReflexes=false"
  quickdraw compare ${EX}/hero-rivalry-d6.json ${EX}/hero-rivalry-dex-roll.json --json`,
  import: `quickdraw import <file>... [options] — turns characters saved by GURPS Character Sheet (.gcs,
JSON or XML), GURPS Character Assistant (.gca5), Foundry VTT (GURPS and l5r4 actors), Hero Designer
(.hdc), L5R Character Manager or the L5R web sheet (.l5r), OggDude's Star Wars character generator
(.xml), and stat blocks from a library (the Star Wars adversary dataset, a BattleScribe catalogue of
Bushido cards), into combatants, with a report of what was read, what was computed and by which rule,
what was defaulted (with --json, each defaulted field's path too) and what the simulator does not
model.

  --system ID       the system they are for (gurps, hero, genesys, l5r or bushido); another is refused
  --into FILE       add them to this scenario (validated first, written atomically)
  --side A|B        the side they fight on (B if not given, except GURPS)
  --json            print { system, combatants, report } instead of the text report
  --list[=TEXT]     list what a library holds (name, kind, numbers), only entries matching TEXT if given
  --pick NAME       take this entry of a library (repeat for more); a unique part of the name is enough
  --group N         a Star Wars minion picked fights as a group of N (1–10; 1 if not given)

Examples:
  quickdraw import "Dai Blackthorn.gcs"
  quickdraw import louis.gcs --into my-duel.json --side B --json
  quickdraw import imperial-military.json --list=trooper
  quickdraw import imperial-military.json weapons.json --pick "Imperial Stormtrooper" --group 4 --into my-fight.json`,
  merge: `quickdraw merge <part.json>... [--out FILE] — combines the partial results of every shard of a run (or
a sweep) into exactly the document one run would give.

Example:
  quickdraw run ${EX}/gurps-duel.json --shard 1/2 --out p1.json && quickdraw run ${EX}/gurps-duel.json --shard 2/2 --out p2.json
  quickdraw merge p1.json p2.json --out result.json`,
  balance: `quickdraw balance <file> --param <json-path> --metric <metric-id> --target <value> [--from A --to B] —
the value of one field at which a metric reaches a target. Exact where the system computes the metric
exactly; otherwise a bracketing search with the same seed at every point. A metric of an ordering is
written id=outcome-key. Exit 2 when the target is out of reach or the metric does not depend on the field.

Examples:
  quickdraw balance ${EX}/gurps-waits-standoff.json --param "combatants[0].skill" --metric acts-first-alone:kid --target 0.5 --from 9 --to 18
  quickdraw balance ${EX}/gurps-duel.json --param "combatants[0].weapon.skill" --metric wins:aldo --target 0.5 --json`,
  tactics: `quickdraw tactics <file> [--a <name>=<patch> ... --b <name>=<patch> ... --a-each <fighter>:<attacks|defences|retreat> ... --metric <metric-id>] — every option of
side A against every option of side B (each a JSON Merge Patch of the scenario, inline or @file.json; {}
is the scenario as it is; lists of fighters, tactics and plans merge by id / combatant / model), the best replies and the optimal mix of the zero-sum game (A wants the metric
high, B low). Without --a/--b/--metric it plays the options the scenario keeps in "choices"; options given
replace the file's for that side. --a-each / --b-each <fighter>:<set> give a side one fighter's ready-made
options: "attacks" (each of his attacks, and his best against this foe), "defences" or "retreat"; a side
given nothing plays the scenario as it is.

Examples:
  quickdraw tactics ${EX}/hero-gunfighters.json --trials 20000
  quickdraw tactics ${EX}/gurps-duel.json --metric wins:aldo --a 'as-is={}' \\
    --a 'all-out={"tactics":[{"combatant":"aldo","maneuvers":[{"maneuver":"all-out-attack"}]}]}' --b 'as-is={}'`,
  report: `quickdraw report <file> -o <report.html> [--trials N] [--seed S] [--workers W] — one self-contained HTML
file (inline charts, no scripts) with the answer first, the combatants, the rules in force and every metric.

Example:
  quickdraw report ${EX}/gurps-waits-triangle.json -o report.html`,
  validate: `quickdraw validate <file> [--json] — checks a scenario file and names every problem with its JSON
path and the allowed values (exit 2 when invalid). --json prints { valid, system, name, hash } or
{ valid: false, issues: [{ path, message }] }.

Example:
  quickdraw validate my-scenario.json`,
  exact: `quickdraw exact <file> [--json] — the scenario's exact values, computed without sampling, where its
system has them.

Example:
  quickdraw exact ${EX}/gurps-waits-triangle.json`,
  trace: `quickdraw trace <file> [--seed S] [--trial T | --find <metric-id>[=<outcome-key>] [--trials N]] [--json] —
one fight of a run told as a log: trial T, or the first trial where something happened (same seed, same
trial). Exit 2 when no trial matches.

Examples:
  quickdraw trace ${EX}/gurps-waits-triangle.json --trial 42
  quickdraw trace ${EX}/gurps-waits-late-interrupter.json --find "late-interrupt:bodyguard"`,
  systems: `quickdraw systems [--json] — the rule systems, each rule variant with its values and default, and the
metric ids results use.`,
  schema: `quickdraw schema [<system>] — the JSON Schema of a system's scenario files; with no system, one schema
for every system (it picks the system's schema by "system"). The same files are in schemas/.`,
  bench: `quickdraw bench [--only <id>] [--json] [--trials N] [--repeat R] — trials per second of the shipped
benchmark scenarios at 1 worker and at all cores (medians of R runs).`,
}

export function commandHelp(command: string): string {
  return `${COMMAND_HELP[command] ?? USAGE}\n`
}
