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
      if (p && r.plan) Object.assign(p.plan, r.plan)
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

/**
 * Puts one imported fighter in the place of the fighter `id`: he takes that fighter's id and side, so his
 * plan, the targets that name him and the situation's references (a Bushido model engaged, a Star Wars
 * range band) stay his. The report says whom he replaced and what he kept. Throws an ImportError when no
 * fighter has that id, when more than one fighter is imported, or for another system.
 */
export function replaceInScenario(doc: Doc, id: string, result: ImportResult): { doc: Doc; ids: string[]; report: ImportReport } {
  const system = String(doc.system ?? '')
  if (result.system !== system) throw new ImportError(`${result.combatants.map((c) => String(c.name)).join(', ')} is for ${result.system}, and this scenario is for ${system}`)
  if (result.combatants.length !== 1) throw new ImportError(`one fighter takes another's place; this import holds ${result.combatants.length}`)
  const key = listKey(system)
  const list = Array.isArray(doc[key]) ? (doc[key] as Record<string, unknown>[]) : []
  const at = list.findIndex((c) => c.id === id)
  if (at < 0) throw new ImportError(`no fighter in the scenario has the id ${JSON.stringify(id)}; its fighters are ${list.map((c) => JSON.stringify(c.id)).join(', ') || 'none'}`)
  const old = list[at]
  const c = result.combatants[0]
  const report: ImportReport = emptyReport()
  for (const k of ['fight', 'read', 'computed', 'defaulted', 'ignored'] as const) report[k].push(...result.report[k])
  for (const f of result.report.defaultedFields) report.defaultedFields.push({ path: `${key}[${at}].${f.path}`, text: f.text })
  const next: Record<string, unknown> = { id, ...c }
  if (old.side !== undefined) next.side = old.side
  // a plan kept on the fighter himself (HERO) stays his; which attack it uses is the new fighter's
  if (old.plan !== null && typeof old.plan === 'object' && !Array.isArray(old.plan)) {
    const kept: Record<string, unknown> = { ...(old.plan as Record<string, unknown>), ...((c.plan as Record<string, unknown> | undefined) ?? {}) }
    if (c.attacks === undefined && c.weapons === undefined) delete kept.using
    next.plan = kept
  }
  const plan = planFor(system, id)
  const hasPlan = plan !== undefined && Array.isArray(doc[plan.key]) && (doc[plan.key] as { combatant?: unknown }[]).some((p) => p.combatant === id)
  report.read.unshift(`${String(c.name)} takes the place of ${String(old.name ?? id)}: his id "${id}"${old.side !== undefined ? `, side ${String(old.side)}` : ''}${hasPlan ? ', his plan' : ''} and every reference to him are kept`)
  const out: Doc = { ...doc, [key]: list.map((x, i) => (i === at ? next : x)) }
  if (plan && r0Plan(result) && hasPlan) {
    // his plan stays; which attack it uses is the new fighter's (his best when he has several)
    out[plan.key] = (doc[plan.key] as Record<string, unknown>[]).map((p) => {
      if (p.combatant !== id) return p
      const { using: _old, ...rest } = p
      return result.plan?.using !== undefined ? { ...rest, using: result.plan.using } : rest
    })
  }
  if (plan && result.plan) Object.assign(plan.plan, result.plan)
  if (plan && !hasPlan) {
    out[plan.key] = [...(Array.isArray(doc[plan.key]) ? (doc[plan.key] as unknown[]) : []), plan.plan]
    defaulted(report, `plan: ${system === 'l5r' ? 'Attack Stance every Round' : 'attack every turn'}`, `${plan.key}[${(out[plan.key] as unknown[]).length - 1}]`)
  }
  for (const [k, v] of Object.entries(result.settings ?? {})) {
    const current = out[k] ?? SETTING_DEFAULTS[k]
    if (current !== v) report.ignored.push(`the file's ${SETTING_WORDS[k]?.(v) ?? `${k} ${String(v)}`} differs from the scenario's ${SETTING_WORDS[k]?.(current) ?? String(current)}; the scenario's is kept (it holds for every fighter)`)
  }
  return { doc: out, ids: [id], report }
}

/** True when the plan's attack choice must be set or cleared for the new fighter. */
const r0Plan = (r: ImportResult): boolean => r.plan?.using !== undefined || r.combatants.some((c) => c.weapons === undefined && c.attacks === undefined)

/**
 * A new scenario of two sides from imported fighters: `sides[i]` is the side of `results[i]` (the first
 * A and the rest B when not given). Named "<A> against <B>"; each fighter gets a plan of plain attacks
 * where the system needs one. The result is for the caller to validate.
 */
export function versusScenario(results: ImportResult[], sides?: ('A' | 'B')[]): { doc: Doc; ids: string[]; report: ImportReport } {
  if (results.length < 2) throw new ImportError('a fight needs fighters from at least two files (or picks): one side against the other')
  const system = results[0].system
  const side = (i: number): 'A' | 'B' => sides?.[i] ?? (i === 0 ? 'A' : 'B')
  if (!results.some((_, i) => side(i) === 'A') || !results.some((_, i) => side(i) === 'B')) throw new ImportError('each side needs a fighter: give one file side A and another side B')
  const names = (s: 'A' | 'B'): string => results.flatMap((r, i) => (side(i) === s ? r.combatants.map((c) => String(c.name)) : [])).join(' and ')
  let doc: Doc = { schemaVersion: 1, name: `${names('A')} against ${names('B')}`.slice(0, 80), system }
  const report = emptyReport()
  const ids: string[] = []
  results.forEach((r, i) => {
    const added = addToScenario(doc, [r], side(i))
    doc = added.doc
    ids.push(...added.ids)
    for (const k of ['fight', 'read', 'computed', 'defaulted', 'ignored'] as const) report[k].push(...added.report[k].map((l) => (results.length > 1 && r.combatants.length === 1 ? `${String(r.combatants[0].name)}: ${l}` : l)))
    report.defaultedFields.push(...added.report.defaultedFields)
  })
  situationFor(doc, ids, report)
  return { doc, ids, report }
}

/**
 * What a new fight needs beyond its fighters, set as defaults the report names: Star Wars fights round by
 * round, Engaged when either fighter's weapon is a Melee or Brawl one (else at Medium range); Bushido plays
 * a game of 6 Turns, each model going into melee with the first enemy.
 */
function situationFor(doc: Doc, ids: string[], report: ImportReport): void {
  const system = String(doc.system)
  const fighters = (doc[listKey(system)] as Record<string, unknown>[]) ?? []
  if (system === 'genesys') {
    doc.mode = 'fight'
    const melee = fighters.filter((c) => {
      const w = (c.weapon ?? (Array.isArray(c.weapons) ? c.weapons[0] : undefined)) as { skill?: string; range?: string } | undefined
      return !w || /melee|brawl|lightsaber/i.test(String(w.skill ?? '')) || w.range === 'engaged'
    })
    doc.range = melee.length ? 'engaged' : 'medium'
    defaulted(report, melee.length ? `the fight starts Engaged (${melee.map((c) => String(c.name)).join(' and ')} ${melee.length > 1 ? 'fight' : 'fights'} hand to hand)` : 'the fight starts at Medium range', 'range')
  } else if (system === 'bushido') {
    const enemy = (c: Record<string, unknown>): string | undefined => fighters.find((x) => x.side !== c.side)?.id as string | undefined
    doc.situation = { kind: 'game', turns: 6, tactics: fighters.filter((c) => ids.includes(String(c.id))).map((c) => ({ model: c.id, action: 'melee', target: enemy(c) })) }
    defaulted(report, 'a game of 6 Turns, each model going into melee with the first enemy', 'situation')
  }
}
