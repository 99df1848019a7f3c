import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../helpers'

/**
 * Code comments and test names say where a reader of the repository finds a rule: a section of
 * docs/rules/<system>.md, a book page, or a rule variant's key (`rules.slAboveTen`). They never point
 * into the team's working rules reference, which is not part of the product: its section numbers
 * ("§4.5 step 4"), source tags ("[S B1]", "[I H1]", "[A]"), register codes ("A12", "C3.5"), source ids
 * ("B2 alternate table", "G9 reading") or its seed excerpts ("seed 002").
 *
 * The rules pages under docs/ are checked too, whole (they are the product's own reference).
 * The directories below are all the code and tests: the engine, the importers, the app's three
 * processes, the CLI.
 */
const COVERED = [
  'src/engine',
  'src/import',
  'src/preload',
  'src/renderer',
  'src/main',
  'src/cli',
  'src/shared',
  'tests',
]

/** Inside the covered directories: test data (character files from the builders, kept as they are). */
const NOT_YET = ['tests/fixtures']

/**
 * Files that hold such strings on purpose: the checks of user-visible text list them as the examples
 * their patterns must catch, and this file lists them as its own.
 */
const PATTERN_FILES = [
  'src/engine/systems/bushido/plain-words.test.ts',
  'src/engine/systems/gurps/plain-words.test.ts',
  'src/engine/systems/hero/plain-words.test.ts',
  'src/engine/systems/l5r/plain-words.test.ts',
  'src/engine/systems/genesys/plain-words.test.ts',
  'tests/e2e/answer-first.test.ts', 'tests/lint/self-contained.test.ts', 'tests/lint/rule-pointers.test.ts',
]

/** Anywhere in a line: no code has a reason to carry these. */
const ANYWHERE: RegExp[] = [
  /§/,
  /\brules(-combat)?\.md\b/,
  /\bseeds?[ /_]?0\d\d\b/i,
  /(?<!\w)\[(S|I|T2?|A|Seed)(\]| [A-Z0-9])/,
]

/**
 * In a comment or a test's name only, since the code and the expected trace lines use the same shapes
 * for fighters ("A1 attacks B1") and spreadsheet cells ("+SUM(A1)"): a register code (A1–A99, C0–C6
 * with a subsection, C4.1) or a source id (B1–B3, G1–G15, H1–H12, L1–L8). "F1" is left out: it is also
 * the Help key.
 */
const IN_PROSE: RegExp[] = [
  /\bA[1-9]\d?\b/,
  /\bC\d(\.\d+)?\b/,
  /\b(B[1-3]|G(1[0-5]|[1-9])|H(1[0-2]|[1-9])|L[1-8])\b/,
  // the Star Wars source ids (F2 the Edge of the Empire scans, F3 and F4 web pages; F1 stays out, the Help
  // key) and the seed excerpts named as a text ("seed wording", "the seed's name for Reflexes"): cite
  // "EotE p.219", the wording in docs/rules/genesys.md, or "the skirmish text" of docs/rules/l5r.md instead
  /\bF[2-4]\b/,
  /\b(the seed's|seed) (wording|text|excerpt|name)\b/i,
]

/** What a reader sees as prose in a line: its comment, and the name of a test it declares. */
function prose(line: string): string[] {
  const parts: string[] = []
  const t = line.trim()
  if (t.startsWith('*') || t.startsWith('/*') || t.startsWith('//') || t.startsWith('<!--')) parts.push(t)
  else {
    const comment = line.match(/(?:^|[\s;,)}])\/\/(.*)$/)
    if (comment) parts.push(comment[1])
  }
  const name = line.match(/\b(?:describe|it|test)(?:\.each\([^)]*\)\)?|\.skip|\.only)?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/)
  if (name) parts.push(name[2])
  return parts
}

/** The pointers a line carries, empty when it carries none. */
function pointers(line: string): string[] {
  const found = ANYWHERE.filter((re) => re.test(line)).map((re) => line.match(re)![0])
  for (const p of prose(line)) for (const re of IN_PROSE) if (re.test(p)) found.push(p.match(re)![0])
  return found
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return []
  return statSync(dir).isDirectory() ? readdirSync(dir).flatMap((name) => files(join(dir, name))) : [dir]
}

const posix = (f: string) => relative(root, f).split(sep).join('/')

/** The source and test files of these directories that the check reads. */
function checkedFiles(dirs: readonly string[]): string[] {
  return dirs
    .flatMap((d) => files(join(root, d)))
    .filter((f) => /\.(ts|vue|js|mjs|cjs)$/.test(f))
    .filter((f) => !NOT_YET.some((n) => posix(f).startsWith(n)) && !PATTERN_FILES.includes(posix(f)))
}

/** Every pointer in these files, as file:line: pointers in: the line. */
function hitsIn(checked: readonly string[]): string[] {
  const hits: string[] = []
  for (const f of checked) {
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const p = pointers(line)
        if (p.length > 0) hits.push(`${posix(f)}:${i + 1}: ${p.join(', ')} in: ${line.trim().slice(0, 140)}`)
      })
  }
  return hits
}

/** The GURPS and HERO systems, cleaned on their own (their files also count in COVERED). */
const GURPS_HERO = ['src/engine/systems/gurps', 'src/engine/systems/hero']

/** The L5R and Genesys systems, cleaned on their own (their files also count in COVERED). */
const L5R_GENESYS = ['src/engine/systems/l5r', 'src/engine/systems/genesys']

describe('code comments and test names point only at documents in the repository', () => {
  it('no source or test file in the cleaned directories points into the team\'s working rules reference', () => {
    const checked = checkedFiles(COVERED)
    expect(checked.length).toBeGreaterThan(200)
    expect(hitsIn(checked)).toEqual([])
  })

  it('the GURPS and HERO systems\' comments and test names cite rules pages, book pages and variant keys only', () => {
    const checked = checkedFiles(GURPS_HERO)
    expect(checked.length).toBeGreaterThan(80)
    expect(hitsIn(checked)).toEqual([])
  })

  it('the L5R and Genesys systems\' comments and test names cite rules pages, book pages and variant keys only', () => {
    const checked = checkedFiles(L5R_GENESYS)
    expect(checked.length).toBeGreaterThan(60)
    expect(hitsIn(checked)).toEqual([])
  })

  it('no page under docs/ points into it either (section signs, source tags, the reference or its seeds)', () => {
    const pages = files(join(root, 'docs')).filter((f) => f.endsWith('.md'))
    const hits = pages.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (ANYWHERE.some((re) => re.test(line)) ? [`${posix(f)}:${i + 1}: ${line.trim().slice(0, 140)}`] : [])),
    )
    expect(pages.length).toBeGreaterThan(5)
    expect(hits).toEqual([])
  })

  it('the check catches each kind of pointer (so the test above can fail)', () => {
    for (const bad of [
      ' * @see docs/rules/bushido.md section 1, §4.5 step 4',
      ' * @see rules-combat.md C4.1',
      '// the seed 002 table',
      ' * @see docs/rules/gurps.md section 1 [S G3]',
      ' * half die [I H1]',
      '  // [A] our reading',
      "  it('A12: above SL 10 \"formula\" adds one wound per SL', () => {",
      "describe('C3.5: 5k3 vs TN 15', () => {",
      "  it('every cell obeys the formula (B2 alternate table)', () => {",
      ' * 0 with the G9 reading',
      "  const x = 1 // A17 default",
    ]) expect(pointers(bad), bad).not.toEqual([])
  })

  it('and leaves alone what only looks like one', () => {
    for (const fine of [
      "    expect(log.filter((e) => e.text.includes(' attacks B1'))).toHaveLength(4)",
      "    for (const danger of ['=1+1', '+SUM(A1)', '-2+3']) {",
      ' * @see docs/rules/bushido.md section 2 step 5 and section 7 (`rules.slAboveTen`)',
      ' * Keyboard: F1 shows the rules',
      "describe('Au Sol / Prone carries into later activations (docs/rules/bushido.md sections 2 and 5)', () => {",
      "  it('GURPS Basic Set p.B17 and p.B377', () => {",
      '  run: { trials: 10, seed: 1 },',
      "const about = 'added to Wait contests (GURPS Basic Set p.B17).'",
      "  it('A0-2, a nemesis droid: blaster rifle at Ranged (Heavy) 3', () => {",
    ]) expect(pointers(fine), fine).toEqual([])
  })

  it('fails on planted pointers in a GURPS and a HERO file', () => {
    const gurps = readFileSync(join(root, 'src/engine/systems/gurps/turn.ts'), 'utf8').replace('// variants.unusedWait: a Wait', '// A10: a Wait')
    const hero = readFileSync(join(root, 'src/engine/systems/hero/recovery.ts'), 'utf8').replace('(docs/rules/hero.md section 6).', '(C1.5, [S H7]).')
    expect(gurps.split('\n').flatMap(pointers)).toEqual(['A10'])
    expect(hero.split('\n').flatMap(pointers)).toEqual(['[S H', 'C1.5', 'H7'])
  })

  it('fails on a planted pointer in a covered file', () => {
    const planted = readFileSync(join(root, 'src/engine/dice/bushido-d6.ts'), 'utf8').replace('@see docs/rules/bushido.md section 1\n', '@see docs/rules/bushido.md section 1 [S B1], §4.2\n')
    expect(planted.split('\n').flatMap(pointers)).toEqual(['§', '[S B', 'B1'])
  })

  it('fails on planted pointers in an L5R and a Genesys file, and their own source ids and seed wording', () => {
    const l5r = readFileSync(join(root, 'src/engine/systems/l5r/fight.ts'), 'utf8').replace('Down counts as defeated by default (variants.down);', 'Down counts as defeated by default (A37, §6.5);')
    const genesys = readFileSync(join(root, 'src/engine/systems/genesys/combat-check.ts'), 'utf8').replace('(docs/rules/genesys.md section 4; EotE p.219).', '(docs/rules/genesys.md section 4 [S F2 p.219]).')
    expect(l5r.split('\n').flatMap(pointers)).toEqual(['§', 'A37'])
    expect(genesys.split('\n').flatMap(pointers)).toEqual(['[S F', 'F2'])
    for (const bad of [
      "  it('difficulty upgraded once (F2 p.219)', () => {",
      ' * cover and armour (F3)',
      "  it('\"add\" adds each (seed wording)', () => {",
      " * Agility (the seed's name for Reflexes)",
    ]) expect(pointers(bad), bad).not.toEqual([])
    for (const fine of [
      "  it('the same seed gives the same summary', () => {",
      ' * Keyboard: F1 shows the rules',
      "  it('difficulty upgraded once (EotE p.219)', () => {",
      '  run: { trials: 10, seed: 1 },',
    ]) expect(pointers(fine), fine).toEqual([])
  })
})
