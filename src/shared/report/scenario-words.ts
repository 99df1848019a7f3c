import { findSystem } from '../../engine/systems/registry'
import { escapeHtml } from './svg-charts'
import { humanizeKey } from './rule-words'

export { fieldInWords, humanizeKey, keyWords, ruleWord } from './rule-words'

/**
 * The scenario in words for the report: each fighter's sheet, each plan, the setting and the rule
 * settings (the ones changed from the defaults first), so a GM who reads the report can see what was
 * played without opening the file.
 */
type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x)

/** Parts of the file that are not the fight, or are told elsewhere in the report. */
const ENVELOPE = new Set(['schemaVersion', 'system', 'run', 'rules', 'name', 'description', 'question', '$schema', 'choices'])
const PLAN_LISTS = new Set(['plans', 'tactics'])

/** Fighters' and models' names by id, so a plan's "event kid" reads "event Kid". */
type Names = ReadonlyMap<string, string>

/** A value in words: a fighter's id by his name, a value written with hyphens ("fast-draw") as words. */
function valueWords(v: unknown, names: Names = new Map()): string {
  if (v === true) return 'yes'
  if (v === false) return 'no'
  if (v === null) return 'none'
  if (typeof v === 'string') return names.get(v) ?? (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(v) ? v.replace(/-/g, ' ') : v)
  if (Array.isArray(v)) return v.every((x) => !isObj(x) && !Array.isArray(x)) ? v.map((x) => valueWords(x, names)).join(', ') : v.map((x) => (isObj(x) ? `(${objectWords(x, new Set(), names)})` : valueWords(x, names))).join('; ')
  if (isObj(v)) return objectWords(v, new Set(), names)
  return String(v)
}

/** An object as "Key value · Key value", nested parts in parentheses. */
export function objectWords(o: Obj, skip: ReadonlySet<string> = new Set(), names: Names = new Map()): string {
  return Object.entries(o)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(([k, v]) => (isObj(v) ? `${humanizeKey(k)} (${objectWords(v, new Set(), names)})` : `${humanizeKey(k)} ${valueWords(v, names)}`))
    .join(' · ')
}

/** The options Tactics plays against each other, by the players' names and the options' names (never their patches). */
function choicesWords(choices: unknown, measure: (q: string) => string): string {
  if (!isObj(choices)) return ''
  const players = isObj(choices.players) ? choices.players : {}
  const row = (key: 'a' | 'b', fallback: string): string => {
    const list = Array.isArray(choices[key]) ? (choices[key] as unknown[]) : []
    const opts = list.map((o, i) => (isObj(o) && typeof o.name === 'string' ? o.name : `option ${i + 1}`))
    const who = typeof players[key] === 'string' ? (players[key] as string) : fallback
    return opts.length > 0 ? `<tr><th>${escapeHtml(who.charAt(0).toUpperCase() + who.slice(1))}</th><td>${escapeHtml(opts.join(' · '))}</td></tr>` : ''
  }
  const metric = typeof choices.metric === 'string' ? `<p>Each pair of options is judged by: ${escapeHtml(measure(choices.metric))}.</p>` : ''
  return `<h2>Options each side can choose</h2>${metric}<table data-section="choices">${row('a', 'First side')}${row('b', 'Second side')}</table>`
}

function nameOf(o: Obj, i: number): string {
  return typeof o.name === 'string' && o.name !== '' ? o.name : typeof o.id === 'string' ? o.id : `#${i + 1}`
}

export function scenarioInWords(systemId: string, scenario: Obj, rules: Record<string, string>, measure: (q: string) => string = (q) => q): string {
  const names = new Map<string, string>()
  const sheets: string[] = []
  const plans: string[] = []
  const setting: string[] = []
  for (const [key, value] of Object.entries(scenario)) {
    if (!ENVELOPE.has(key) && Array.isArray(value) && !PLAN_LISTS.has(key)) value.forEach((f, i) => isObj(f) && typeof f.id === 'string' && names.set(f.id, nameOf(f, i)))
  }
  for (const [key, value] of Object.entries(scenario)) {
    if (ENVELOPE.has(key)) continue
    if (Array.isArray(value) && !PLAN_LISTS.has(key) && value.every(isObj)) {
      value.forEach((f, i) => {
        const o = f as Obj
        sheets.push(`<tr><th>${escapeHtml(nameOf(o, i))}</th><td>${escapeHtml(objectWords(o, new Set(['id', 'name', 'plan']), names))}</td></tr>`)
        if (isObj(o.plan)) plans.push(`<tr><th>${escapeHtml(nameOf(o, i))}</th><td>${escapeHtml(objectWords(o.plan, new Set(), names))}</td></tr>`)
      })
    } else if (!Array.isArray(value) || !PLAN_LISTS.has(key)) setting.push(`<tr><th>${escapeHtml(humanizeKey(key))}</th><td>${escapeHtml(valueWords(value, names))}</td></tr>`)
  }
  for (const key of PLAN_LISTS) {
    const list = scenario[key]
    if (!Array.isArray(list)) continue
    list.forEach((p, i) => {
      if (!isObj(p)) return
      const owners = Object.keys(p).filter((k) => typeof p[k] === 'string' && names.has(p[k] as string))
      const who = owners.map((k) => names.get(p[k] as string)).join(', ') || `Plan ${i + 1}`
      plans.push(`<tr><th>${escapeHtml(who)}</th><td>${escapeHtml(objectWords(p, new Set(owners), names))}</td></tr>`)
    })
  }
  const variants = findSystem(systemId)?.variants ?? []
  const label = (key: string, value: string): string => variants.find((v) => v.key === key)?.values.find((x) => x.value === value)?.label ?? value
  const changed = variants.filter((v) => rules[v.key] !== undefined && rules[v.key] !== v.default)
  const ruleRow = (v: (typeof variants)[number]): string => `<tr><th>${escapeHtml(v.label)}</th><td>${escapeHtml(label(v.key, rules[v.key] ?? v.default))}</td><td class="meta">${escapeHtml(v.source)}</td></tr>`
  const out = [`<h2>Fighters</h2><table data-section="fighters">${sheets.join('')}</table>`]
  if (plans.length > 0) out.push(`<h2>Plans</h2><table data-section="plans">${plans.join('')}</table>`)
  if (setting.length > 0) out.push(`<h2>Setting</h2><table data-section="setting">${setting.join('')}</table>`)
  const choices = choicesWords(scenario.choices, measure)
  if (choices !== '') out.push(choices)
  out.push(
    `<h2>Rule settings</h2>${changed.length > 0 ? `<table data-section="rules">${changed.map(ruleRow).join('')}</table>` : '<p>Every rule at its default.</p>'}` +
      (variants.length > changed.length ? `<details><summary>${changed.length > 0 ? 'The other rules, at their defaults' : 'The rules in force'}</summary><table>${variants.filter((v) => !changed.includes(v)).map(ruleRow).join('')}</table></details>` : ''),
  )
  return out.join('\n')
}
