import { defaulted, emptyReport, ImportError, type ImportReport, type ImportResult } from './types'

/**
 * Adding imported combatants to a scenario, the same way for the CLI's --into and the app: a unique id
 * from the name, a side (B unless told, "b" for Bushido's warbands; GURPS keeps none), and for the
 * systems whose scenarios need one, a plan of plain attacks. Pure: returns the new document.
 */

type Doc = Record<string, unknown>

/** Scenario-wide values in a GM's words. */
const SETTING_WORDS: Record<string, (v: unknown) => string> = { woundMultiplier: (v) => `wound multiplier ×${String(v)}` }
/** Their values when a scenario does not give them (the schema's defaults). */
const SETTING_DEFAULTS: Record<string, unknown> = { woundMultiplier: 2 }

/** A short id from a name: lower-case letters, digits and "-", unique among `taken`. */
export function idFor(name: string, taken: Set<string>): string {
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

/** The list a system's scenario keeps its fighters in. */
export const listKey = (system: string): string => (system === 'bushido' ? 'models' : 'combatants')

/** The plan an added fighter gets, and where it goes; none for systems whose fighters need none. */
export function planFor(system: string, id: string): { key: string; plan: Record<string, unknown> } | undefined {
  if (system === 'gurps') return { key: 'tactics', plan: { combatant: id, maneuvers: [{ maneuver: 'attack' }] } }
  if (system === 'genesys') return { key: 'plans', plan: { combatant: id, turns: [{ maneuvers: [], action: 'attack' }] } }
  if (system === 'l5r') return { key: 'tactics', plan: { combatant: id, rounds: [{ stance: 'attack' }] } }
  return undefined
}

/**
 * Adds the imported fighters to `doc`; the report gains the side and plan defaults. Each defaulted field's
 * path, relative to the imported fighter in an importer's report, becomes its path in the scenario
 * (`weapon.crit` → `combatants[2].weapon.crit`; a plan added for him: `plans[1].turns`). Throws an
 * ImportError on another system.
 */
export function addToScenario(doc: Doc, results: ImportResult[], side?: 'A' | 'B', sideNote = ''): { doc: Doc; ids: string[]; report: ImportReport } {
  const system = String(doc.system ?? '')
  const report: ImportReport = emptyReport()
  const key = listKey(system)
  const existing = Array.isArray(doc[key]) ? (doc[key] as { id?: unknown }[]) : []
  const taken = new Set(existing.map((c) => String(c.id)))
  const added: Record<string, unknown>[] = []
  const plans: Record<string, Record<string, unknown>[]> = {}
  const planCount = (k: string): number => (Array.isArray(doc[k]) ? (doc[k] as unknown[]).length : 0) + (plans[k]?.length ?? 0)
  const many = results.reduce((n, r) => n + r.combatants.length, 0) > 1
  const settingsSet = new Set<string>()
  for (const r of results) {
    if (r.system !== system) throw new ImportError(`${r.combatants.map((c) => String(c.name)).join(', ')} ${r.combatants.length > 1 ? 'are' : 'is'} for ${r.system}, and this scenario is for ${system}`)
    for (const c of r.combatants) {
      const name = String(c.name)
      const prefix = many ? `${name}: ` : ''
      for (const k of ['fight', 'read', 'computed', 'defaulted', 'ignored'] as const) report[k].push(...r.report[k].map((l) => prefix + l))
      const at = `${key}[${existing.length + added.length}]`
      for (const f of r.report.defaultedFields) report.defaultedFields.push({ path: `${at}.${f.path}`, text: prefix + f.text })
      const out: Record<string, unknown> = { id: idFor(name, taken), ...c }
      const s = system === 'bushido' ? (side ?? 'B').toLowerCase() : (side ?? 'B')
      if (side !== undefined || system !== 'gurps') out.side = s
      if (side === undefined && system !== 'gurps') defaulted(report, `${prefix}side ${s}${sideNote}`, `${at}.side`)
      const p = planFor(system, String(out.id))
      if (p) {
        const planAt = `${p.key}[${planCount(p.key)}].${Object.keys(p.plan).find((k) => k !== 'combatant') ?? ''}`
        ;(plans[p.key] ??= []).push(p.plan)
        defaulted(report, `${prefix}plan: ${system === 'l5r' ? 'Attack Stance every Round' : 'attack every turn'}`, planAt)
      }
      added.push(out)
    }
  }
  const next: Doc = { ...doc, [key]: [...existing, ...added] }
  // Campaign values a file states (L5R's wound multiplier): set when the scenario has none of its own yet,
  // else the scenario's is kept and the report says so.
  for (const r of results) {
    for (const [k, v] of Object.entries(r.settings ?? {})) {
      const who = r.combatants.map((c) => String(c.name)).join(', ')
      const current = next[k] ?? SETTING_DEFAULTS[k]
      if (current === v) continue
      if (!existing.length && !settingsSet.has(k)) {
        report.read.push(`${who}: ${SETTING_WORDS[k]?.(v) ?? `${k} ${String(v)}`}, as the file gives it, set for the whole scenario`)
        next[k] = v
        settingsSet.add(k)
      } else report.ignored.push(`${who}: the file's ${SETTING_WORDS[k]?.(v) ?? `${k} ${String(v)}`} differs from the scenario's ${SETTING_WORDS[k]?.(current) ?? String(current)}; the scenario's is kept (it holds for every fighter)`)
    }
  }
  for (const [k, list] of Object.entries(plans)) next[k] = [...(Array.isArray(doc[k]) ? (doc[k] as unknown[]) : []), ...list]
  return { doc: next, ids: added.map((c) => String(c.id)), report }
}
