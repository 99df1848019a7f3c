import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { issueLine } from '../engine/core/schema'
import { parseJsonText, parseScenario } from '../engine/run/parse'
import { findSystem, systemIds } from '../engine/systems/registry'
import { addToScenario, replaceInScenario, versusScenario, listKey, filterEntries, findEntry, ImportError, WrongSystemError, IMPORT_SYSTEMS, librariesOf, MAX_IMPORT_BYTES, openFile, type ImportResult, type Library, type LibraryEntry, type OpenedFile } from '../import'
import { writeFileAtomic } from '../main/services/atomic-write'
import { CheckFailed, EXIT_OK, UsageError } from './errors'
import { err, out, str, type Options } from './io'

/**
 * The scenario to add to: any scenario file with a known system, valid or still missing fighters (one
 * side of a duel waiting for its opponent); the result is validated before it is written.
 */
function loadTarget(file: string): { raw: { combatants?: { id?: string }[]; tactics?: unknown[] }; system: string } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new CheckFailed(`--into: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  const json = parseJsonText(text)
  if (!json.ok) throw new CheckFailed(`--into: ${file}: ${json.message}`)
  const raw = json.value as { system?: unknown; combatants?: unknown; tactics?: unknown }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new CheckFailed(`--into: ${file}: a scenario must be a JSON object`)
  const system = findSystem(String(raw.system))
  if (!system) throw new CheckFailed(`--into: ${file}: unknown system ${JSON.stringify(raw.system)}; allowed: ${systemIds.map((s) => JSON.stringify(s)).join(', ')}`)
  if (raw.combatants !== undefined && !Array.isArray(raw.combatants)) throw new CheckFailed(`--into: ${file}: combatants must be a list`)
  if ((raw as { models?: unknown }).models !== undefined && !Array.isArray((raw as { models?: unknown }).models)) throw new CheckFailed(`--into: ${file}: models must be a list`)
  if (raw.tactics !== undefined && !Array.isArray(raw.tactics)) throw new CheckFailed(`--into: ${file}: tactics must be a list`)
  return { raw: raw as { combatants?: { id?: string }[]; tactics?: unknown[] }, system: system.id }
}

function readBytes(file: string): Uint8Array {
  try {
    const size = statSync(file).size
    if (size > MAX_IMPORT_BYTES) throw new ImportError(`the file is ${(size / 1024 / 1024).toFixed(1)} MB; character files are far smaller, the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
    return readFileSync(file)
  } catch (e) {
    if (e instanceof ImportError) throw new CheckFailed(`${file}: ${e.message}`)
    throw new CheckFailed(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
}

function open(file: string, system: string | undefined): OpenedFile {
  const bytes = readBytes(file)
  try {
    return openFile(bytes, system)
  } catch (e) {
    // a file of another system than the one asked for is a usage error; a file that is not what it should
    // be (not a character file, malformed, too big) was checked and failed
    if (e instanceof WrongSystemError) throw new UsageError(`${file}: ${e.message}; nothing imported`)
    if (e instanceof ImportError) throw new CheckFailed(`${file}: ${e.message}; nothing imported`)
    throw e
  }
}

/**
 * A library whose weapons are named needs its weapon table: when none was given, one saved beside it
 * (a JSON file with "weapons" in its name, as the dataset ships) is read, and the report says so.
 */
function tablesBeside(files: string[], opened: OpenedFile[], system: string | undefined): { file: string; opened: OpenedFile }[] {
  if (!opened.some((o) => o.kind === 'library') || opened.some((o) => o.kind === 'weapons')) return []
  const found: { file: string; opened: OpenedFile }[] = []
  for (const dir of new Set(files.filter((_, i) => opened[i].kind === 'library').map((f) => dirname(f)))) {
    let names: string[]
    try {
      names = readdirSync(dir).filter((n) => /weapons?[^/]*\.json$/i.test(n))
    } catch {
      continue
    }
    for (const n of names) {
      try {
        const o = openFile(readFileSync(join(dir, n)), system)
        if (o.kind === 'weapons') found.push({ file: join(dir, n), opened: o })
      } catch {
        // not a weapon table: not ours to read
      }
    }
  }
  return found
}

/**
 * quickdraw import <file>… [--system <id>] [--into <scenario.json>] [--side A|B] [--json]
 * [--list[=TEXT]] [--pick NAME]… [--group N]: turns character files (GURPS Character Sheet, Hero
 * Designer) and entries of libraries (Star Wars adversaries) into combatants, prints them with a report
 * of what was read, computed, defaulted and ignored, or adds them to a scenario (validated, written
 * atomically). A bad file (unreadable, malformed, not a character file, too big) or a scenario the import
 * leaves invalid is exit 1 (checked and failed), a wrong option or combination of them exit 2; either names
 * the file and the reason, and nothing is written.
 */
export async function cmdImport(files: string[], o: Options): Promise<number> {
  const system = str(o.system)
  if (system !== undefined && !(IMPORT_SYSTEMS as readonly string[]).includes(system)) {
    throw new UsageError(`--system: characters can be imported into ${IMPORT_SYSTEMS.map((s) => `"${s}"`).join(', ')}, not ${JSON.stringify(system)}`)
  }
  const rawSides = (o as Record<string, unknown>).side
  const sides = (Array.isArray(rawSides) ? rawSides.map(String) : typeof rawSides === 'string' ? [rawSides] : []).map((x) => x.toUpperCase())
  for (const x of sides) if (x !== 'A' && x !== 'B') throw new UsageError(`--side: must be A or B, got ${JSON.stringify(x)}`)
  const versus = o.versus === true
  const replace = str((o as Record<string, string | undefined>).replace)
  if (sides.length > 1 && !versus) throw new UsageError('--side: give it once, or once per file with --versus')
  if (versus && replace !== undefined) throw new UsageError('--versus makes a new fight of the files; --replace puts one fighter in an existing one: give one or the other')
  const side = sides.length === 1 && !versus ? sides[0] : undefined
  const pick = (o as Record<string, unknown>).pick
  const picks = Array.isArray(pick) ? pick.map(String) : typeof pick === 'string' ? [pick] : []
  const list = str(o.list)
  let group: number | undefined
  if (o.group !== undefined) {
    group = Number(str(o.group))
    if (!Number.isInteger(group) || group < 1 || group > 10) throw new UsageError(`--group: the number of minions in a group, 1–10, got ${JSON.stringify(o.group)}`)
  }
  const into = str(o.into)
  // --into a file that does not exist yet: a new scenario is written there (always so with --versus)
  const intoNew = into !== undefined && !existsSync(into)
  if (versus && into !== undefined && !intoNew) throw new UsageError(`--versus: ${into} already exists; --versus writes a new scenario, so give a new file name (or use --into without --versus to add to it)`)
  if (replace !== undefined && (into === undefined || intoNew)) throw new UsageError(`--replace ${replace}: needs --into an existing scenario, whose fighter ${JSON.stringify(replace)} the import replaces`)
  const target = into === undefined || intoNew || list !== undefined ? undefined : loadTarget(into)
  const wanted = system ?? target?.system
  let opened = files.map((file) => open(file, wanted))
  const beside = tablesBeside(files, opened, wanted)
  const allFiles = [...files, ...beside.map((b) => b.file)]
  opened = [...opened, ...beside.map((b) => b.opened)]
  const libs = librariesOf(opened)
  const libraries = libs.flatMap((l, i) => (l ? [{ file: allFiles[i], library: l }] : []))

  if (list !== undefined) {
    if (!libraries.length) throw new UsageError('--list: none of these files is a library (Star Wars adversary stat blocks, a BattleScribe Bushido catalogue); a character file imports as it is')
    const rows = libraries.flatMap(({ file, library }) => filterEntries(library.entries, list).map((e) => ({ file, ...e })))
    if (o.json) out(JSON.stringify({ entries: rows.map((r) => ({ file: r.file, name: r.name, kind: r.kind, summary: r.summary, tags: r.tags })) }, null, 2))
    else {
      for (const { file, library } of libraries) out(`${file}: ${library.format}, ${library.entries.length} entries`)
      out(rows.length ? rows.map((r) => `  ${r.name} (${r.kind}): ${r.summary}`).join('\n') : `  nothing matches ${JSON.stringify(list)}`)
      if (rows.length) out(`${rows.length} shown; take one with --pick "<name>"`)
    }
    return EXIT_OK
  }
  if (libraries.length && !picks.length) {
    const { file, library } = libraries[0]
    throw new UsageError(`${file}: a library of ${library.entries.length} stat blocks (${library.format}); list them with --list (or --list=TEXT) and take one with --pick "<name>"`)
  }
  if (picks.length && !libraries.length) throw new UsageError('--pick: none of these files is a library (Star Wars adversary stat blocks, a BattleScribe Bushido catalogue) to pick from')
  if (group !== undefined && !picks.length) throw new UsageError('--group: only for a minion taken from a library with --pick')
  if (!opened.some((x) => x.kind !== 'weapons')) throw new UsageError('these files are weapon tables only; give the adversary stat blocks too')

  const candidates = libraries.flatMap(({ file, library }) => library.entries.map((entry) => ({ file, library, entry })))
  const results: { file: string; result: ImportResult }[] = []
  opened.forEach((x, i) => {
    if (x.kind === 'character') results.push({ file: allFiles[i], result: x.result })
  })
  for (const name of picks) {
    let hit: { file: string; library: Library; entry: LibraryEntry }
    try {
      hit = findEntry(candidates, name)
    } catch (e) {
      if (e instanceof ImportError) throw new UsageError(`--pick ${JSON.stringify(name)}: ${e.message}; nothing imported`)
      throw e
    }
    try {
      results.push({ file: hit.file, result: hit.library.take(hit.entry, { group }) })
    } catch (e) {
      // the entry is there, and its stat block cannot be imported (a value the simulator does not take)
      if (e instanceof ImportError) throw new CheckFailed(`--pick ${JSON.stringify(name)}: ${e.message}; nothing imported`)
      throw e
    }
  }
  for (const b of beside) results[0]?.result.report.read.unshift(`weapon table: ${b.file}`)
  const systems = [...new Set(results.map((r) => r.result.system))]
  if (systems.length > 1) throw new UsageError(`these files hold characters of different systems (${systems.join(', ')}); import them separately`)
  const sys = systems[0]
  if (versus && sides.length > 1 && sides.length !== results.length) throw new UsageError(`--side: with --versus give one per file or pick (${results.length}), or none (the first A, the rest B); got ${sides.length}`)
  if (versus && sides.length === 1) throw new UsageError('--side: with --versus give one per file or pick, or none (the first A, the rest B)')
  const raw = target?.raw
  const names = results.flatMap((r) => r.result.combatants.map((c) => String(c.name)))
  // the same adding as the app's: ids from names, side B unless told (Bushido "b"; GURPS none), a plan of attacks
  const base = (raw ?? (intoNew ? { schemaVersion: 1, name: names.join(' and ').slice(0, 80), system: sys } : { system: sys })) as Record<string, unknown>
  let added: ReturnType<typeof addToScenario>
  try {
    if (versus) added = versusScenario(results.map((r) => r.result), sides.length ? (sides as ('A' | 'B')[]) : undefined)
    else if (replace !== undefined) {
      if (results.length !== 1) throw new ImportError(`--replace puts one fighter in another's place; these files hold ${results.length}`)
      added = replaceInScenario(base, replace, results[0].result)
    } else added = addToScenario(base, results.map((r) => r.result), side as 'A' | 'B' | undefined, ' (no --side given)')
  } catch (e) {
    if (e instanceof ImportError) throw new UsageError(`${into ?? 'import'}: ${e.message}; nothing imported`)
    throw e
  }
  const key = listKey(sys)
  const combatants = (added.doc[key] as Record<string, unknown>[]).filter((c) => added.ids.includes(String(c.id)))
  const report = added.report

  const fighters = (added.doc[key] as unknown[]).length
  // a new file with one side only is written as it is: the other side is added later
  const waiting = intoNew && !versus && fighters < 2
  if (versus || (into !== undefined && (raw || intoNew) && !waiting)) {
    const parsed = parseScenario(added.doc)
    if (!parsed.ok) {
      throw new CheckFailed(`${into ?? 'import'}: with the imported characters the scenario is not valid, nothing written:\n${parsed.issues.map((i) => `  ${issueLine(i)}`).join('\n')}`)
    }
  }
  if (versus && into === undefined) {
    // the scenario itself on standard output (quickdraw import a b --versus > fight.json), the report beside it
    if (o.json) out(JSON.stringify({ system: sys, scenario: added.doc, report }, null, 2))
    else {
      out(JSON.stringify(added.doc, null, 2))
      err(`${String(added.doc.name)}: a ${sys} scenario of ${names.join(', ')}; the report: quickdraw import ${files.join(' ')} --versus --into <new file>`)
    }
    return EXIT_OK
  }
  if (into !== undefined && (raw || intoNew)) {
    const merged = added.doc
    try {
      await writeFileAtomic(into, `${JSON.stringify(merged, null, 2)}\n`)
    } catch (e) {
      throw new UsageError(`${into}: could not write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing was written`)
    }
  }
  if (o.json) {
    out(JSON.stringify({ system: sys, combatants, report }, null, 2))
    return EXIT_OK
  }
  for (const { file, result: r } of results) out(`${file}: ${r.format}, ${r.combatants.map((c) => String(c.name)).join(', ')}`)
  const section = (title: string, lines: string[]): void => {
    if (lines.length) out(`${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`)
  }
  section('The fight uses', report.fight)
  section('Read', report.read)
  section('Computed', report.computed)
  section('Defaulted', report.defaulted)
  section('Not modelled, ignored', report.ignored)
  if (into !== undefined && versus) out(`Wrote ${into}: ${String(added.doc.name)}, ready to run (quickdraw run ${into})`)
  else if (into !== undefined && replace !== undefined) out(`${combatants.map((c) => String(c.name)).join(', ')} took the place of ${replace} in ${into}`)
  else if (waiting) out(`Wrote ${into} with ${combatants.map((c) => `${String(c.name)} (${String(c.id)})`).join(', ')}; add the other side's fighter (quickdraw import <file> --into ${into} --side ${side === 'B' ? 'A' : 'B'}) before running it`)
  else if (into !== undefined) out(`Added ${combatants.map((c) => `${String(c.name)} (${String(c.id)})`).join(', ')} to ${into}`)
  else out(`${sys} combatant${combatants.length === 1 ? '' : 's'}:\n${combatants.map((c) => JSON.stringify(c)).join('\n')}`)
  return EXIT_OK
}
