import type { ResultDocument } from '../engine/run/result'

/**
 * CSV as spreadsheets and CSV parsers expect it (RFC 4180): a UTF-8 byte-order mark so spreadsheets read
 * the text as UTF-8, the header row first (no comment lines), CRLF line ends, and every field that holds
 * a comma, a quote, a line break or outer spaces quoted. Text that a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe; numbers stay numbers.
 */
export type CsvCell = string | number | boolean | null | undefined

const BOM = '\uFEFF'

export function csvField(v: CsvCell): string {
  if (v === undefined || v === null) return ''
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : ''
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  const s = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return BOM + [header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** Provenance of a run, as columns repeated on every row (so any row read alone says where it came from). */
export const PROVENANCE_HEADER = ['scenario', 'system', 'system_version', 'engine_version', 'seed', 'trials', 'scenario_hash'] as const

export function provenanceCells(doc: ResultDocument): CsvCell[] {
  return [doc.scenario.name, doc.system.id, doc.system.version, doc.engine.version, doc.run.seed, doc.run.trialsDone, doc.scenario.hash]
}

/** A run's results as CSV: one row per probability, mean, ordering outcome and distribution bin. */
export function resultCsv(doc: ResultDocument): string {
  const header = ['metric', 'label', 'kind', 'outcome', 'value', 'ci_low', 'ci_high', 'exact', 'count', 'n', ...PROVENANCE_HEADER]
  const rows: CsvCell[][] = []
  const prov = provenanceCells(doc)
  for (const m of doc.metrics) {
    if (m.kind === 'probability') rows.push([m.id, m.label, m.kind, '', m.p, m.ci[0], m.ci[1], m.exact, m.count, m.n, ...prov])
    else if (m.kind === 'mean') rows.push([m.id, m.label, m.kind, '', m.mean, m.ci[0], m.ci[1], m.exact, undefined, m.n, ...prov])
    else if (m.kind === 'order') for (const o of m.outcomes) rows.push([m.id, m.label, m.kind, o.label, o.p, o.ci[0], o.ci[1], o.exact, o.count, m.n, ...prov])
    else {
      const n = m.bins.reduce((s, b) => s + b.count, 0)
      for (const b of m.bins) rows.push([m.id, m.label, m.kind, b.value, n > 0 ? b.count / n : 0, undefined, undefined, m.exact?.p.find((x) => x.value === b.value)?.p, b.count, n, ...prov])
    }
  }
  return csvText(header, rows)
}
