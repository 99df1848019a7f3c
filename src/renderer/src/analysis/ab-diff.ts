import type { VariantDoc } from '../../../engine/core/scenario'
import { humanize, type JsonSchema } from '../editor/json-schema'
import { editableFields, valueText } from './editable-fields'

/** Every leaf of a document with its path (`combatants[0].plan.hold.mode`). */
function leaves(doc: unknown, path: string, out: Map<string, unknown>): void {
  if (Array.isArray(doc)) {
    if (doc.length === 0) out.set(path, [])
    doc.forEach((v, i) => leaves(v, `${path}[${i}]`, out))
  } else if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) leaves(v, path === '' ? k : `${path}.${k}`, out)
  } else out.set(path, doc)
}

/** The words of a place no editable field covers: the list item's name and the part ("Doc — Plan"). */
function placeWords(doc: unknown, path: string): string {
  const m = /^([A-Za-z]+)\[(\d+)\]\.?([A-Za-z]+)?/.exec(path)
  if (!m) return humanize(path.split(/[.[]/)[0])
  const item = (doc as Record<string, unknown[]> | null)?.[m[1]]?.[Number(m[2])] as { name?: unknown; id?: unknown; combatant?: unknown; model?: unknown } | undefined
  const who = [item?.name, item?.combatant, item?.model, item?.id].find((x) => typeof x === 'string' && x !== '') as string | undefined
  const whose = who ?? `${humanize(m[1]).replace(/s$/, '')} ${Number(m[2]) + 1}`
  return m[3] ? `${whose} — ${humanize(m[3])}` : whose
}

/**
 * What B changes from A, in a GM's words, for the legends, the table and the report ("Doc — Hold mode:
 * interrupt", "Equal DEX: higher INT first", "Kid — Plan changed"): each editable value that differs with
 * B's value, each rule variant with B's setting, and any other part that differs named by whose it is.
 */
export function differences(a: unknown, b: unknown, schema: JsonSchema | undefined, variants: readonly VariantDoc[]): string[] {
  const out: string[] = []
  const fa = new Map(editableFields(a, schema).map((f) => [f.path, f]))
  const covered = new Set<string>()
  for (const f of editableFields(b, schema)) {
    covered.add(f.path)
    const before = fa.get(f.path)
    if (!before || before.value !== f.value) out.push(`${f.label}: ${valueText(f, f.value)}`)
  }
  const ra = ((a as { rules?: Record<string, string> } | null)?.rules ?? {}) as Record<string, string>
  const rb = ((b as { rules?: Record<string, string> } | null)?.rules ?? {}) as Record<string, string>
  for (const v of variants) {
    const va = ra[v.key] ?? v.default
    const vb = rb[v.key] ?? v.default
    if (va !== vb) out.push(`${v.label}: ${v.values.find((x) => x.value === vb)?.label ?? vb}`)
  }
  const la = new Map<string, unknown>()
  const lb = new Map<string, unknown>()
  leaves(a, '', la)
  leaves(b, '', lb)
  const other = new Set<string>()
  for (const path of new Set([...la.keys(), ...lb.keys()])) {
    if (covered.has(path) || path.startsWith('rules.') || path === 'rules' || path.startsWith('run.') || path === 'name' || path === 'description') continue
    if (JSON.stringify(la.get(path)) !== JSON.stringify(lb.get(path))) other.add(`${placeWords(lb.has(path) ? b : a, path)} changed`)
  }
  return [...out, ...other]
}

/** The differences as one short line: the first few, then how many more. */
export function differencesLine(list: readonly string[], most = 3): string {
  if (list.length === 0) return 'the same as A'
  return list.length <= most ? list.join('; ') : `${list.slice(0, most).join('; ')}; and ${list.length - most} more`
}
