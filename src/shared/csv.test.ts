import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { csvField, csvText } from './csv'

describe('CSV for spreadsheets and parsers', () => {
  it('starts with a UTF-8 byte-order mark and the header row, rows end in CRLF', () => {
    const text = csvText(['a', 'b'], [[1, 'x']])
    expect(text).toBe('\uFEFFa,b\r\n1,x\r\n')
  })

  it('quotes commas, quotes, line breaks and outer spaces, and a CSV parser reads every value back', () => {
    const values = ['plain', 'a, b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ' padded ', 'Kid → Doc', 'ünïcödé']
    const text = csvText(['v'], values.map((v) => [v]))
    const rows = parse(text, { bom: true, columns: true, relax_column_count: false }) as { v: string }[]
    expect(rows.map((r) => r.v)).toEqual(values)
  })

  it('neutralises text a spreadsheet would run as a formula, but keeps negative numbers as numbers', () => {
    for (const danger of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '=HYPERLINK("http://x")']) {
      expect(csvField(danger).replace(/^"/, '')).toMatch(/^'/)
    }
    expect(csvField(-0.5)).toBe('-0.5')
    expect(csvField(0)).toBe('0')
    expect(csvField(Number.NaN)).toBe('')
    expect(csvField(undefined)).toBe('')
    expect(csvField(true)).toBe('true')
    const rows = parse(csvText(['f'], [['=1+1']]), { bom: true, columns: true }) as { f: string }[]
    expect(rows[0].f).toBe("'=1+1")
  })
})
