import { readFileSync, statSync } from 'node:fs'
import { issueLine } from '../engine/core/schema'
import { parseJsonText, parseScenario } from '../engine/run/parse'
import { findSystem, systemIds } from '../engine/systems/registry'
import { importCharacter, ImportError, IMPORT_SYSTEMS, MAX_IMPORT_BYTES, type ImportReport } from '../import'
import { writeFileAtomic } from '../main/services/atomic-write'
import { EXIT_OK, UsageError } from './errors'
import { out, str, type Options } from './io'

/** A short id from a name: lower-case letters, digits and "-", unique among `taken`. */
function idFor(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'imported'
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  taken.add(id)
  return id
}

/**
 * The scenario to add to: any scenario file with a known system, valid or still missing fighters (one
 * side of a duel waiting for its opponent); the result is validated before it is written.
 */
function loadTarget(file: string): { raw: { combatants?: { id?: string }[]; tactics?: unknown[] }; system: string } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new UsageError(`--into: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
  }
  const json = parseJsonText(text)
  if (!json.ok) throw new UsageError(`--into: ${file}: ${json.message}`)
  const raw = json.value as { system?: unknown; combatants?: unknown; tactics?: unknown }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`--into: ${file}: a scenario must be a JSON object`)
  const system = findSystem(String(raw.system))
  if (!system) throw new UsageError(`--into: ${file}: unknown system ${JSON.stringify(raw.system)}; allowed: ${systemIds.map((s) => JSON.stringify(s)).join(', ')}`)
  if (raw.combatants !== undefined && !Array.isArray(raw.combatants)) throw new UsageError(`--into: ${file}: combatants must be a list`)
  if (raw.tactics !== undefined && !Array.isArray(raw.tactics)) throw new UsageError(`--into: ${file}: tactics must be a list`)
  return { raw: raw as { combatants?: { id?: string }[]; tactics?: unknown[] }, system: system.id }
}

/**
 * quickdraw import <file>… [--system <id>] [--into <scenario.json>] [--side A|B] [--json]: turns
 * character files (GURPS Character Sheet, Hero Designer) into combatants, prints them with a report of
 * what was read, computed, defaulted and ignored, or adds them to a scenario (validated, written
 * atomically). Any bad file is exit 2 with its name and the reason, and nothing is written.
 */
export async function cmdImport(files: string[], o: Options): Promise<number> {
  const system = str(o.system)
  if (system !== undefined && !(IMPORT_SYSTEMS as readonly string[]).includes(system)) {
    throw new UsageError(`--system: characters can be imported into ${IMPORT_SYSTEMS.map((s) => `"${s}"`).join(' or ')}, not ${JSON.stringify(system)}`)
  }
  const side = str(o.side)
  if (side !== undefined && side !== 'A' && side !== 'B') throw new UsageError(`--side: must be A or B, got ${JSON.stringify(side)}`)
  const into = str(o.into)
  const target = into === undefined ? undefined : loadTarget(into)
  const results = files.map((file) => {
    let bytes: Uint8Array
    try {
      const size = statSync(file).size
      if (size > MAX_IMPORT_BYTES) throw new ImportError(`the file is ${(size / 1024 / 1024).toFixed(1)} MB; character files are far smaller, the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
      bytes = readFileSync(file)
    } catch (e) {
      if (e instanceof ImportError) throw new UsageError(`${file}: ${e.message}`)
      throw new UsageError(`${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
    }
    try {
      return importCharacter(bytes, system ?? target?.system)
    } catch (e) {
      if (e instanceof ImportError) throw new UsageError(`${file}: ${e.message}; nothing imported`)
      throw e
    }
  })
  const systems = [...new Set(results.map((r) => r.system))]
  if (systems.length > 1) throw new UsageError(`these files hold characters of different systems (${systems.join(', ')}); import them separately`)
  const sys = systems[0]
  const raw = target?.raw
  const taken = new Set((raw?.combatants ?? []).map((c) => String(c.id)))
  const report: ImportReport = { read: [], computed: [], defaulted: [], ignored: [] }
  const combatants = results.flatMap((r) =>
    r.combatants.map((c) => {
      const name = String(c.name)
      const prefix = files.length > 1 ? `${name}: ` : ''
      for (const k of ['read', 'computed', 'defaulted', 'ignored'] as const) report[k].push(...r.report[k].map((line) => prefix + line))
      const combatant: Record<string, unknown> = { id: idFor(name, taken), ...c }
      if (side !== undefined) combatant.side = side
      else if (sys === 'hero') {
        combatant.side = 'B'
        report.defaulted.push(`${prefix}side B (no --side given)`)
      }
      return combatant
    }),
  )
  if (sys === 'gurps') report.defaulted.push(`${files.length > 1 ? 'each: ' : ''}plan: Attack every turn`)

  if (into !== undefined && raw) {
    const merged = { ...raw, combatants: [...(raw.combatants ?? []), ...combatants] } as Record<string, unknown>
    if (sys === 'gurps') merged.tactics = [...(raw.tactics ?? []), ...combatants.map((c) => ({ combatant: c.id, maneuvers: [{ maneuver: 'attack' }] }))]
    const parsed = parseScenario(merged)
    if (!parsed.ok) {
      throw new UsageError(`${into}: with the imported characters the scenario is not valid, nothing written:\n${parsed.issues.map((i) => `  ${issueLine(i)}`).join('\n')}`)
    }
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
  for (const [i, r] of results.entries()) out(`${files[i]}: ${r.format}, ${r.combatants.map((c) => String(c.name)).join(', ')}`)
  const section = (title: string, lines: string[]): void => {
    if (lines.length) out(`${title}:\n${lines.map((l) => `  ${l}`).join('\n')}`)
  }
  section('Read', report.read)
  section('Computed', report.computed)
  section('Defaulted', report.defaulted)
  section('Not modelled, ignored', report.ignored)
  if (into !== undefined) out(`Added ${combatants.map((c) => `${String(c.name)} (${String(c.id)})`).join(', ')} to ${into}`)
  else out(`${sys} combatant${combatants.length === 1 ? '' : 's'}:\n${combatants.map((c) => JSON.stringify(c)).join('\n')}`)
  return EXIT_OK
}
