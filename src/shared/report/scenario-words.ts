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
const ENVELOPE = new Set(['schemaVersion', 'system', 'run', 'rules', 'name', 'description', 'question', '$schema'])
const PLAN_LISTS = new Set(['plans', 'tactics'])

function valueWords(v: unknown): string {
  if (v === true) return 'yes'
  if (v === false) return 'no'
  if (Array.isArray(v)) return v.every((x) => !isObj(x) && !Array.isArray(x)) ? v.map(String).join(', ') : v.map((x) => (isObj(x) ? `(${objectWords(x)})` : valueWords(x))).join('; ')
  if (isObj(v)) return objectWords(v)
  return String(v)
}

/** An object as "Key value · Key value", nested parts in parentheses. */
export function objectWords(o: Obj, skip: ReadonlySet<string> = new Set()): string {
  return Object.entries(o)
    .filter(([k, v]) => !skip.has(k) && v !== undefined)
    .map(([k, v]) => (isObj(v) ? `${humanizeKey(k)} (${objectWords(v)})` : `${humanizeKey(k)} ${valueWords(v)}`))
    .join(' · ')
}

function nameOf(o: Obj, i: number): string {
  return typeof o.name === 'string' && o.name !== '' ? o.name : typeof o.id === 'string' ? o.id : `#${i + 1}`
}

export function scenarioInWords(systemId: string, scenario: Obj, rules: Record<string, string>): string {
  const names = new Map<string, string>()
  const sheets: string[] = []
  const plans: string[] = []
  const setting: string[] = []
  for (const [key, value] of Object.entries(scenario)) {
    if (ENVELOPE.has(key)) continue
    if (Array.isArray(value) && !PLAN_LISTS.has(key) && value.every(isObj)) {
      value.forEach((f, i) => {
        const o = f as Obj
        if (typeof o.id === 'string') names.set(o.id, nameOf(o, i))
        sheets.push(`<tr><th>${escapeHtml(nameOf(o, i))}</th><td>${escapeHtml(objectWords(o, new Set(['id', 'name', 'plan'])))}</td></tr>`)
        if (isObj(o.plan)) plans.push(`<tr><th>${escapeHtml(nameOf(o, i))}</th><td>${escapeHtml(objectWords(o.plan))}</td></tr>`)
      })
    } else if (!Array.isArray(value) || !PLAN_LISTS.has(key)) setting.push(`<tr><th>${escapeHtml(humanizeKey(key))}</th><td>${escapeHtml(valueWords(value))}</td></tr>`)
  }
  for (const key of PLAN_LISTS) {
    const list = scenario[key]
    if (!Array.isArray(list)) continue
    list.forEach((p, i) => {
      if (!isObj(p)) return
      const owners = Object.keys(p).filter((k) => typeof p[k] === 'string' && names.has(p[k] as string))
      const who = owners.map((k) => names.get(p[k] as string)).join(', ') || `Plan ${i + 1}`
      plans.push(`<tr><th>${escapeHtml(who)}</th><td>${escapeHtml(objectWords(p, new Set(owners)))}</td></tr>`)
    })
  }
  const variants = findSystem(systemId)?.variants ?? []
  const label = (key: string, value: string): string => variants.find((v) => v.key === key)?.values.find((x) => x.value === value)?.label ?? value
  const changed = variants.filter((v) => rules[v.key] !== undefined && rules[v.key] !== v.default)
  const ruleRow = (v: (typeof variants)[number]): string => `<tr><th>${escapeHtml(v.label)}</th><td>${escapeHtml(label(v.key, rules[v.key] ?? v.default))}</td><td class="meta">${escapeHtml(v.source)}</td></tr>`
  const out = [`<h2>Fighters</h2><table data-section="fighters">${sheets.join('')}</table>`]
  if (plans.length > 0) out.push(`<h2>Plans</h2><table data-section="plans">${plans.join('')}</table>`)
  if (setting.length > 0) out.push(`<h2>Setting</h2><table data-section="setting">${setting.join('')}</table>`)
  out.push(
    `<h2>Rule settings</h2>${changed.length > 0 ? `<table data-section="rules">${changed.map(ruleRow).join('')}</table>` : '<p>Every rule at its default.</p>'}` +
      (variants.length > changed.length ? `<details><summary>${changed.length > 0 ? 'The other rules, at their defaults' : 'The rules in force'}</summary><table>${variants.filter((v) => !changed.includes(v)).map(ruleRow).join('')}</table></details>` : ''),
  )
  return out.join('\n')
}
