import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { examplesDir } from '../helpers'

/**
 * The malformed-input corpus of issue 16: scenario files that are wrong in every way we could think of,
 * each with the outcome it must get — refused (exit 1) with the JSON path named, or accepted. Most are
 * generated from one shipped example per system: every field given the wrong kind of value, a number
 * too large for JSON, an unknown field in every object; the rest are hand-written texts.
 */
export interface CorpusCase {
  name: string
  /** The file's text, exactly. */
  text: string
  /** The JSON path the refusal must name ('' for the document itself), or 'accepted'. */
  expect: { path: string } | 'accepted'
}

/** One example per system (Genesys twice: a check and a fight). */
export const CORPUS_EXAMPLES = [
  'gurps-waits-triangle.json',
  'hero-gunfighters.json',
  'gurps-duel.json',
  'l5r-void-duel.json',
  'genesys-check-bench.json',
  'genesys-blaster-duel.json',
  'bushido-skirmish.json',
]

type Key = string | number
type Json = null | boolean | number | string | Json[] | { [k: string]: Json }

const pathText = (path: Key[]): string => path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('')

function leaves(doc: Json, at: Key[] = []): { path: Key[]; value: Json }[] {
  if (doc === null || typeof doc !== 'object') return [{ path: at, value: doc }]
  const entries: [Key, Json][] = Array.isArray(doc) ? doc.map((v, i) => [i, v]) : Object.entries(doc)
  return entries.flatMap(([k, v]) => leaves(v, [...at, k]))
}

function objects(doc: Json, at: Key[] = []): Key[][] {
  if (doc === null || typeof doc !== 'object') return []
  const entries: [Key, Json][] = Array.isArray(doc) ? doc.map((v, i) => [i, v]) : Object.entries(doc)
  return [...(Array.isArray(doc) ? [] : [at]), ...entries.flatMap(([k, v]) => objects(v, [...at, k]))]
}

function withValue(doc: Json, path: Key[], value: Json): Json {
  const copy = structuredClone(doc)
  let node = copy as Record<Key, Json>
  for (const k of path.slice(0, -1)) node = node[k] as Record<Key, Json>
  node[path[path.length - 1]] = value
  return copy
}

/** A value of the wrong kind for a leaf: text for a number, a number for text, text for a flag. */
function wrongKind(value: Json): Json {
  if (typeof value === 'number') return '12a'
  if (typeof value === 'boolean') return 'yes'
  if (typeof value === 'string') return 42
  return 'nothing'
}

/** Up to `n` items spread evenly over the list (the corpus stays quick to run, and still covers every part). */
function spread<T>(xs: T[], n: number): T[] {
  return xs.length <= n ? xs : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)])
}

function generated(file: string): CorpusCase[] {
  const doc = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as Json
  const out: CorpusCase[] = []
  // The options a scenario keeps are patches, played and checked by tactics, not by the scenario's checks.
  const inPatch = (path: Key[]): boolean => path[0] === 'choices' && path[3] === 'patch'
  const fields = leaves(doc).filter(({ path }) => path[0] !== '$schema' && !inPatch(path))
  for (const { path, value } of spread(fields, 12)) {
    const p = pathText(path)
    out.push({ name: `${file} ${p} = ${JSON.stringify(wrongKind(value))}`, text: JSON.stringify(withValue(doc, path, wrongKind(value))), expect: { path: p } })
  }
  for (const { path } of spread(fields.filter((f) => typeof f.value === 'number'), 3)) {
    // 1e400 only exists as text: JSON.parse turns it into Infinity.
    const p = pathText(path)
    out.push({ name: `${file} ${p} = 1e400`, text: JSON.stringify(withValue(doc, path, 1234567)).replace('1234567', '1e400'), expect: { path: p } })
  }
  for (const path of spread(objects(doc).filter((p) => !inPatch(p)), 8)) {
    const p = pathText([...path, 'bogusField'])
    out.push({ name: `${file} unknown field ${p}`, text: JSON.stringify(withValue(doc, [...path, 'bogusField'], 1)), expect: { path: p } })
  }
  return out
}

const triangle = readFileSync(join(examplesDir, 'gurps-waits-triangle.json'), 'utf8')
const l5r = JSON.parse(readFileSync(join(examplesDir, 'l5r-void-duel.json'), 'utf8')) as Record<string, unknown>
const genesysCheck = JSON.parse(readFileSync(join(examplesDir, 'genesys-check-bench.json'), 'utf8')) as { check: Record<string, unknown> }
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`

/** Texts that are not a scenario at all, or wrong as a whole. */
const handWritten: CorpusCase[] = [
  { name: 'an empty file', text: '', expect: { path: '' } },
  { name: 'only whitespace', text: ' \n\t ', expect: { path: '' } },
  { name: 'truncated JSON', text: triangle.slice(0, 200), expect: { path: '' } },
  { name: 'JSON with a trailing comma', text: '{"schemaVersion": 1,}', expect: { path: '' } },
  { name: 'JSON with comments', text: `// a comment\n${triangle}`, expect: { path: '' } },
  { name: 'a JSON array', text: '[1, 2, 3]', expect: { path: '' } },
  { name: 'a JSON string', text: '"scenario"', expect: { path: '' } },
  { name: 'a JSON number', text: '42', expect: { path: '' } },
  { name: 'JSON null', text: 'null', expect: { path: '' } },
  { name: 'an empty object', text: '{}', expect: { path: 'system' } },
  { name: 'an unknown system', text: '{"system": "dnd"}', expect: { path: 'system' } },
  { name: 'system given as a number', text: '{"system": 5}', expect: { path: 'system' } },
  { name: 'system given as a list', text: '{"system": ["hero"]}', expect: { path: 'system' } },
  { name: 'a name nested 100,000 levels deep', text: triangle.replace(/"name": "[^"]*"/, `"name": ${nested(100_000)}`), expect: { path: 'name[0][0]' } },
  { name: 'an unknown field nested 100,000 levels deep', text: triangle.replace('{', `{"deep": ${nested(100_000)},`), expect: { path: 'deep[0][0]' } },
  { name: 'a byte-order mark before a valid scenario', text: `\uFEFF${triangle}`, expect: 'accepted' },
  { name: 'a valid scenario as it ships', text: triangle, expect: 'accepted' },
  { name: 'binary garbage', text: '\u0000\u0001\u0002\u00ff', expect: { path: '' } },
  { name: 'a scenario name with escape codes (accepted, printed escaped)', text: triangle.replace(/"name": "[^"]*"/, '"name": "\\u001b[31mred\\u0007"'), expect: 'accepted' },
  ...['', '1', '10', '10k', '10K5', '10k5+', ' 10k5'].map((roll) => ({ name: `an L5R exact roll typed as far as ${JSON.stringify(roll)}`, text: JSON.stringify({ ...l5r, exactRolls: [{ roll }] }), expect: { path: 'exactRolls[0].roll' } })),
  { name: 'a Genesys check of 20 dice of each kind', text: JSON.stringify({ ...genesysCheck, check: { ...genesysCheck.check, pool: { proficiency: 20, ability: 20, boost: 20, challenge: 20, difficulty: 20, setback: 20 } } }), expect: { path: 'check.pool' } },
  { name: '__proto__ as a field', text: triangle.replace('{', '{"__proto__": {"polluted": 1},'), expect: { path: '__proto__' } },
]

export function corpus(): CorpusCase[] {
  return [...handWritten, ...CORPUS_EXAMPLES.flatMap(generated)]
}
