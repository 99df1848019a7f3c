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
  quickdraw report <file> -o <report.html> [--trials N] [--seed S] [--workers W] [--json]
  quickdraw validate <file> [--json]
  quickdraw exact <file> [--budget S] [--json]
  quickdraw trace <file> [--seed S] [--trial T | --find <metric-id>[=<outcome-key>] [--trials N]] [--json]
  quickdraw import <file>... [--system <id>] [--into <scenario.json>] [--side A|B]... [--versus] [--replace <id>] [--json] [--list[=TEXT]] [--pick NAME]... [--group N]
  quickdraw systems [--json]
  quickdraw schema [<system>] [--json]
  quickdraw bench [--only <system or benchmark id>] [--json] [--trials N] [--repeat R]
  quickdraw help [<command>]      quickdraw <command> --help      quickdraw --version

<file> may be - to read the scenario from standard input.
Exit codes: 0 ok · 1 checked and failed: an invalid scenario or partial result, a refused question, a failed
merge, or the command not built yet (run npm run build) · 2 bad usage (an unknown command or option, a
missing or malformed value) · 70 internal error (a bug: please report it) · 130/143/129 interrupted
(SIGINT/SIGTERM/SIGHUP). Nothing is written when the exit code is not 0.
`

const EX = 'resources/examples'
const SAMPLES = 'resources/samples/import'

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

  --param PATH      the field to vary, as a JSON path (combatants[0].skill)
  --from A --to B --step S   its values: A, A+S, … up to B
  --param2 PATH --from2 A --to2 B --step2 S   a second field: a grid of both (at most 10,000 points)
  --metric ID       print only this metric (the document keeps them all)
  --trials N        trials at each point (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed)
  --workers W       worker threads (default: all cores); the numbers never depend on it
  --chunk-size C    trials per chunk (results depend on it; documents record it)
  --json            print the sweep document (one result document per point)
  --out FILE        also write the sweep document to FILE, atomically
  --shard i/n       play only the i-th of n parts of every point, for \`quickdraw merge\`

Examples:
  quickdraw sweep ${EX}/gurps-waits-triangle.json --param "combatants[2].skill" --from 9 --to 14 --step 1
  quickdraw sweep ${EX}/gurps-waits-standoff.json --param "combatants[0].skill" --from 10 --to 16 --step 1 \\
    --param2 "combatants[1].basicSpeed" --from2 5 --to2 7 --step2 0.5 --metric "acts-first-alone:kid" --json`,
  compare: `quickdraw compare <a.json> <b.json> | <a.json> --set <json-path>=<value> ... — both with the same seed; A, B,
B − A and its 95% interval, differences that are not significant marked.

  --set PATH=VALUE  B is A with this field changed (repeat for more); VALUE is JSON or plain text
  --trials N        trials for each (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed)
  --workers W       worker threads (default: all cores); the numbers never depend on it
  --chunk-size C    trials per chunk (results depend on it; documents record it)
  --json            print the rows (A, B, B − A and its interval) as JSON
  --out FILE        also write them to FILE, atomically

Examples:
  quickdraw compare ${EX}/gurps-waits-triangle.json --set "combatants[1].combatReflexes=false"
  quickdraw compare ${EX}/hero-rivalry-d6.json ${EX}/hero-rivalry-dex-roll.json --json`,
  import: `quickdraw import <file>... [options] — turns characters saved by GURPS Character Sheet (.gcs,
JSON or XML), GURPS Character Assistant (.gca5), Fantasy Grounds (.xml, a GURPS character as GCS and GCA
export it), Foundry VTT (GURPS and l5r4 actors), Hero Designer (.hdc, or its export for Roll20, "!hero
--import …"), L5R Character Manager or the L5R web sheet (.l5r), OggDude's Star Wars character generator
(.xml, stock weapons included), and stat blocks from a library (the Star Wars adversary dataset, a
BattleScribe catalogue of Bushido cards), into combatants with every weapon they can use, with a report
of what the fight uses first, then what was read, what was computed and by which rule, what was
defaulted (with --json, each defaulted field's path too) and what the simulator does not model. A file
it cannot read or use exits 1; a wrong option, or a file of another system than --system, exits 2.

  --system ID       the system they are for (gurps, hero, genesys, l5r or bushido); another is refused
  --into FILE       add them to this scenario (validated first, written atomically); a new file is made
  --side A|B        the side they fight on (B if not given, except GURPS); with --versus, once per file
  --versus          a new fight of the files, one side against the other (the first A, the rest B), ready
                    to run: written to --into (a new file) or printed
  --replace ID      the import takes the place of fighter ID in --into: his id, side, plan and every
                    reference to him are kept
  --json            print { system, combatants, report } instead of the text report
  --list[=TEXT]     list what a library holds (name, kind, numbers), only entries matching TEXT if given
  --pick NAME       take this entry of a library (repeat for more); a unique part of the name is enough
  --group N         a Star Wars minion picked fights as a group of N (1–10; 1 if not given)

Examples:
  quickdraw import "${SAMPLES}/Alice Wozniak.gcs"
  quickdraw import ${SAMPLES}/swordsman.gca5 --into my-duel.json --side B --json
  quickdraw import ${SAMPLES}/adversaries.json --list=thug
  quickdraw import a.gcs b.gcs --versus --into duel.json
  quickdraw import ${SAMPLES}/swordsman.gca5 --into my-duel.json --replace bruno
  quickdraw import ${SAMPLES}/adversaries.json ${SAMPLES}/weapons.json --pick "Dockside Thug" --group 4 --into my-fight.json
(sample files of every kind are in ${SAMPLES})`,
  merge: `quickdraw merge <part.json>... [--out FILE] — combines the partial results of every shard of a run (or
a sweep) into exactly the document one run would give. Every partial is checked first: its counts must
add up to what it recorded for every metric and match the digest written with them (an edited or
damaged file is refused, naming the file, the shard and the metric), and the shards must be all of one
run, each once.

  --json            print the merged document (the default when --out is not given)
  --out FILE        write the merged document to FILE, atomically

Example:
  quickdraw run ${EX}/gurps-duel.json --shard 1/2 --out p1.json && quickdraw run ${EX}/gurps-duel.json --shard 2/2 --out p2.json
  quickdraw merge p1.json p2.json --out result.json`,
  balance: `quickdraw balance <file> --param <json-path> --metric <metric-id> --target <value> [--from A --to B] —
the value of one field at which a metric reaches a target. Exact where the system computes the metric
exactly; otherwise a bracketing search with the same seed at every point. A metric of an ordering is
written id=outcome-key. Exit 1 when the target is out of reach or the metric does not depend on the field.

  --param PATH      the field to search, as a JSON path
  --metric ID       the metric (an ordering's outcome: id=outcome-key)
  --target V        the value to reach (a chance as 0.5)
  --from A --to B   the range to search
  --trials N        trials at each value (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed)
  --workers W       worker threads (default: all cores); the numbers never depend on it
  --chunk-size C    trials per chunk (results depend on it; documents record it)
  --json            print the answer as JSON

Examples:
  quickdraw balance ${EX}/gurps-waits-standoff.json --param "combatants[0].skill" --metric acts-first-alone:kid --target 0.5 --from 9 --to 18
  quickdraw balance ${EX}/gurps-duel.json --param "combatants[0].weapon.skill" --metric wins:aldo --target 0.5 --json`,
  tactics: `quickdraw tactics <file> [--a <name>=<patch> ... --b <name>=<patch> ... --a-each <fighter>:<attacks|defences|retreat> ... --metric <metric-id>] — every option of
side A against every option of side B (each a JSON Merge Patch of the scenario, inline or @file.json; {}
is the scenario as it is; lists of fighters, tactics and plans merge by id / combatant / model), the best replies and the optimal mix of the zero-sum game (A wants the metric
high, B low). Without --a/--b/--metric it plays the options the scenario keeps in "choices"; options given
replace the file's for that side. --a-each / --b-each <fighter>:<set> give a side one fighter's ready-made
options: "attacks" (each of his attacks, and his best against this foe), "defences" or "retreat"; a side
given nothing plays the scenario as it is. A pairing whose fight has an exact answer (solved within 15 s)
takes it and is not sampled; the table says when every cell is exact.

  --a NAME=PATCH    an option of side A (repeat); PATCH inline JSON or @file.json
  --b NAME=PATCH    an option of side B (repeat)
  --a-each F:SET    side A's options are fighter F's ready-made SET: attacks, defences or retreat
  --b-each F:SET    the same for side B
  --metric ID       the metric A wants high and B low (default: the file's choices.metric)
  --trials N        trials for each pairing (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed)
  --workers W       worker threads (default: all cores); the numbers never depend on it
  --chunk-size C    trials per chunk (results depend on it; documents record it)
  --json            print { metric, a, b, cells, bestReplyA, bestReplyB, equilibrium, notes, exact }

Examples:
  quickdraw tactics ${EX}/hero-gunfighters.json --trials 20000
  quickdraw tactics ${EX}/gurps-duel.json --metric wins:aldo --a 'as-is={}' \\
    --a 'all-out={"tactics":[{"combatant":"aldo","maneuvers":[{"maneuver":"all-out-attack"}]}]}' --b 'as-is={}'`,
  report: `quickdraw report <file> -o <report.html> [--trials N] [--seed S] [--workers W] — one self-contained HTML
file (inline charts, no scripts) with the answer first, the combatants, the rules in force and every metric.

  -o, --out FILE    the HTML file to write (required)
  --json            print { report, result } (the file written and the result document) instead of a line
  --trials N        trials to play (default: the file's run.trials)
  --seed S          the seed (default: the file's run.seed)
  --workers W       worker threads (default: all cores); the numbers never depend on it
  --chunk-size C    trials per chunk (results depend on it; documents record it)

Example:
  quickdraw report ${EX}/gurps-waits-triangle.json -o report.html`,
  validate: `quickdraw validate <file> [--json] — checks a scenario file and names every problem with its JSON
path and the allowed values (exit 1 when invalid). --json prints { valid, system, name, hash } or
{ valid: false, issues: [{ path, message }] }.

  --json            print the answer as JSON

Example:
  quickdraw validate my-scenario.json`,
  exact: `quickdraw exact <file> [--budget S] [--json] — the scenario's exact values, computed without sampling,
where its system has them (a whole fight where the solver follows it, else the reason it does not). An
answer is "exact", or "exact to within" a stated bound (at most 1e-9) when the solver set aside fights of
vanishing chance. The solve runs on a thread of its own: Ctrl-C stops it at once (exit 130).

  --budget S        seconds the solve may take (default 60; the app, runs, sweeps, balance and tactics allow
                    15); past them the answer says it stopped and the simulated answer stands
  --json            print { system, scenario, exact } as JSON

Example:
  quickdraw exact ${EX}/gurps-waits-triangle.json`,
  trace: `quickdraw trace <file> [--seed S] [--trial T | --find <metric-id>[=<outcome-key>] [--trials N]] [--json] —
one fight of a run told as a log: trial T, or the first trial where something happened (same seed, same
trial). Exit 1 when no trial matches.

  --seed S          the run's seed (default: the file's run.seed)
  --trial T         the trial to tell (counted from 0; default 0)
  --find ID         the first trial that counts toward this metric (or ordering=<outcome key>)
  --trials N        with --find: how many trials to search (default: the file's run.trials)
  --json            print { seed, trial, events } as JSON

Examples:
  quickdraw trace ${EX}/gurps-waits-triangle.json --trial 42
  quickdraw trace ${EX}/gurps-waits-late-interrupter.json --find "late-interrupt:bodyguard"`,
  systems: `quickdraw systems [--json] — the rule systems, each rule variant with its values and default, and the
metric ids results use.

  --json            print them as JSON

Example:
  quickdraw systems --json`,
  schema: `quickdraw schema [<system>] — the JSON Schema of a system's scenario files; with no system, one schema
for every system (it picks the system's schema by "system"). The same files are in schemas/.

  --json            the schema as JSON (what it prints either way; accepted so scripts can ask for JSON everywhere)

Examples:
  quickdraw schema gurps
  quickdraw schema > quickdraw.schema.json`,
  bench: `quickdraw bench [--only <id>] [--json] [--trials N] [--repeat R] — trials per second of the shipped
benchmark scenarios at 1 worker and at all cores (medians of R runs), and how long the exact answers take.

  --only ID         only the benchmarks of this system or with this id
  --trials N        trials per timed run (default: each benchmark's own)
  --repeat R        timed runs per figure (default 3; the median is printed)
  --json            print { engine, machine, chunkSize, benchmarks } as JSON

Example:
  quickdraw bench --only hero --repeat 5`,
}

export function commandHelp(command: string): string {
  return `${COMMAND_HELP[command] ?? USAGE}\n`
}

/** The command reference (docs/cli.md), made from the commands' own help; a test keeps the file in step. */
export function cliReference(): string {
  const section = (title: string, text: string): string => `## ${title}\n\n\`\`\`text\n${text.trimEnd()}\n\`\`\`\n`
  return [
    '# `quickdraw` command reference\n',
    'Every command\'s own help (`quickdraw help <command>`), as the command prints it. This page is made from that',
    'help (`npm run generate` rewrites it; a test fails when they differ). How to use them together: the',
    '[manual](manual.md#the-quickdraw-command).\n',
    section('Usage', USAGE),
    ...Object.entries(COMMAND_HELP).map(([command, text]) => section(`quickdraw ${command}`, text)),
  ].join('\n')
}
