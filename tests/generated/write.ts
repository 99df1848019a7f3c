import { readFileSync, writeFileSync } from 'node:fs'

/**
 * Files generated from the code (schemas/, the rule-variant sections of docs/rules/) are checked in and
 * compared with what the code generates now. `npm run generate` sets QUICKDRAW_WRITE_GENERATED=1, and
 * these helpers then write the new text instead of failing; CI never sets it.
 */
export const writing = process.env.QUICKDRAW_WRITE_GENERATED === '1'

export const driftMessage = (what: string): string => `${what} is out of date with the code: run \`npm run generate\` and commit the result`

/** The file's text, after writing `expected` into it first when regenerating. */
export function generatedFile(path: string, expected: string): string {
  if (writing) writeFileSync(path, expected)
  return readFileSync(path, 'utf8')
}

/**
 * The generated section `name` of a hand-written Markdown file (between its two marker comments),
 * rewriting it first when regenerating.
 */
export function generatedSection(path: string, name: string, expected: string): string {
  const BEGIN = `<!-- generated: ${name} (npm run generate) -->`
  const END = `<!-- end of generated: ${name} -->`
  const text = readFileSync(path, 'utf8')
  const a = text.indexOf(BEGIN)
  const b = text.indexOf(END)
  if (a < 0 || b < a) throw new Error(`${path} has no generated section: add the lines ${BEGIN} and ${END}`)
  const current = text.slice(a + BEGIN.length, b)
  if (writing && current !== expected) writeFileSync(path, text.slice(0, a + BEGIN.length) + expected + text.slice(b))
  return writing ? expected : current
}
