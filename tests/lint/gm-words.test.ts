import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findEngineWords, type Rule } from './engine-words'

/**
 * Issue 28: every sentence a user sees is in a GM's words. This scans the sources of user-visible text —
 * the app's components (template text, titles, labels, placeholders), the stores' messages, the report and
 * headline builders, the shipped examples' descriptions, questions and option names, the rules pages — for
 * engine vocabulary: result ids in `=` form ("wins=A"), dotted JSON paths ("attack.skill",
 * "combatants[0].ocv"), system ids ("gurps-waits", "for hero"), command-line commands ("quickdraw tactics"),
 * file paths of the code, the rules' abbreviations written as words ("Ocv", "Rpd", "Stun"), result ids
 * ("exchange-win:oni") and the notation "P(hit)"; and the command line's tables and the result cards for
 * code that glues a key to its value or a label to an outcome. The JSON tab keeps paths (it shows the file
 * itself) and is not scanned.
 */
const root = join(__dirname, '..', '..')

/** The text a user reads in a Vue component: template text and the words of titles, labels and placeholders (no code, bindings or ids). */
function vueText(src: string): string[] {
  const template = src.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<style[\s\S]*?<\/style>/g, '')
  const out: string[] = []
  for (const m of template.matchAll(/\s(?:title|aria-label|placeholder|label|summary)="([^"]*)"/g)) out.push(m[1])
  const text = template
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\{\{[\s\S]*?\}\}/g, ' ')
    .replace(/<\/?[a-zA-Z][^"'>]*(?:(?:"[^"]*"|'[^']*')[^"'>]*)*>/g, '\n')
  out.push(...text.split('\n').map((l) => l.trim()).filter((l) => /[A-Za-z]{2}/.test(l)))
  // Sentences in the script (messages, labels): string literals with a space in them.
  const script = /<script[\s\S]*?>([\s\S]*?)<\/script>/.exec(src)?.[1] ?? ''
  out.push(...tsText(script))
  return out
}

/**
 * The sentences of a TypeScript source: the static text of its string and template literals (markup,
 * CSS rules and `${…}` left out, nested templates read on their own), those with a space in them;
 * comments and imports are not text.
 */
function tsText(src: string): string[] {
  const out: string[] = []
  const keep = (raw: string): void => {
    const t = raw.replace(/<[^>]*>/g, ' ').replace(/[^{};]*\{[^{}]*\}/g, ' ')
    if (/[A-Za-z]+ [A-Za-z]+/.test(t)) out.push(t)
  }
  let i = 0
  /** Reads code until `end` (a closing brace of `${…}`, or the end of the file), collecting literals on the way. */
  const code = (end: string): void => {
    let depth = 0
    while (i < src.length) {
      const c = src[i]
      if (c === '/' && src[i + 1] === '/') i = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i)
      else if (c === '/' && src[i + 1] === '*') i = src.indexOf('*/', i + 2) === -1 ? src.length : src.indexOf('*/', i + 2) + 2
      else if (c === "'" || c === '"') {
        let j = i + 1
        while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1
        const text = src.slice(i + 1, j)
        if (!/^\s*(import|export .* from)\b/.test(src.slice(src.lastIndexOf('\n', i) + 1, i))) keep(text)
        i = j + 1
      } else if (c === '`') {
        i++
        template()
      } else if (c === '{') {
        depth++
        i++
      } else if (c === '}') {
        if (depth === 0 && end === '}') {
          i++
          return
        }
        depth--
        i++
      } else i++
    }
  }
  /** Reads a template literal after its opening backtick. */
  const template = (): void => {
    let text = ''
    while (i < src.length && src[i] !== '`') {
      if (src[i] === '\\') {
        text += src.slice(i, i + 2)
        i += 2
      } else if (src[i] === '$' && src[i + 1] === '{') {
        i += 2
        code('}')
        text += ' '
      } else text += src[i++]
    }
    i++
    keep(text)
  }
  code('')
  return out
}

/** What a user reads of an example: its name, description, question and the Tactics options' and players' names. */
function exampleText(src: string): string[] {
  const d = JSON.parse(src) as { name?: string; description?: string; question?: { text?: string }; choices?: { players?: Record<string, string>; a?: { name?: string }[]; b?: { name?: string }[] } }
  return [d.name, d.description, d.question?.text, ...Object.values(d.choices?.players ?? {}), ...(d.choices?.a ?? []).map((o) => o.name), ...(d.choices?.b ?? []).map((o) => o.name)].filter((x): x is string => typeof x === 'string')
}

/** A rules page as a reader sees it: prose and tables (code blocks are examples of the file format, and keep paths). */
function markdownText(src: string): string[] {
  return src
    .replace(/```[\s\S]*?```/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\]\([^)]*\)/g, ']')
    .split('\n')
}

/**
 * Code that builds a sentence in engine form, found in the source itself (the text a template makes is not
 * in the file): a key glued to its value (`${k}=${v}`, "yardPenalty=whole-distance") and a result's label
 * glued to an outcome's (`${m.label}: ${o.label}`, "Who wins: Side A wins (Doc)"). Checked in the result
 * cards and the command line's tables, which say each result as the headline does.
 */
export type TemplateRule = 'key=value in a template' | 'label: outcome in a template'
export function templateFindings(src: string): { rule: TemplateRule; text: string }[] {
  const out: { rule: TemplateRule; text: string }[] = []
  for (const m of src.matchAll(/\$\{[^}`]+\}=\$\{[^}`]+\}/g)) out.push({ rule: 'key=value in a template', text: m[0] })
  for (const m of src.matchAll(/\$\{[\w.]+\.label\}: \$\{[\w.]+\.label\}|\{\{\s*[\w.]+\.label\s*\}\}: \{\{\s*[\w.]+\.label\s*\}\}/g)) out.push({ rule: 'label: outcome in a template', text: m[0] })
  return out
}

/** The result cards and the command line's tables: where every result is said in words, by the code that says it. */
const TABLES = ['src/cli/format.ts', 'src/cli/format-analysis.ts', ...readdirSync(join(root, 'src/renderer/src/components/results')).filter((f) => f.endsWith('.vue')).map((f) => `src/renderer/src/components/results/${f}`)]

function walk(dir: string, keep: (f: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const f = join(dir, name)
    return statSync(f).isDirectory() ? walk(f, keep) : keep(f) ? [f] : []
  })
}

const notTest = (f: string): boolean => !/\.test\.ts$|test-backend\.ts$/.test(f)
/** The JSON tab and field show the file as it is, paths included; the importers' panel has its own engineer. */
const NOT_USER_TEXT = new Set(['src/renderer/src/components/editor/EditorJsonTab.vue', 'src/renderer/src/components/editor/EditorJsonField.vue'])

function sources(): { file: string; lines: string[] }[] {
  const rel = (f: string): string => relative(root, f).split('\\').join('/')
  const vue = walk(join(root, 'src/renderer/src/components'), (f) => f.endsWith('.vue')).filter((f) => !NOT_USER_TEXT.has(rel(f)))
  const stores = walk(join(root, 'src/renderer/src/stores'), (f) => f.endsWith('.ts') && notTest(f))
  const report = walk(join(root, 'src/shared/report'), (f) => f.endsWith('.ts') && notTest(f))
  const examples = walk(join(root, 'resources/examples'), (f) => f.endsWith('.json'))
  const rules = walk(join(root, 'docs/rules'), (f) => f.endsWith('.md'))
  const cli = TABLES.filter((f) => f.endsWith('.ts')).map((f) => join(root, f))
  return [
    ...vue.map((f) => ({ file: rel(f), lines: vueText(readFileSync(f, 'utf8')) })),
    ...[...stores, ...report, ...cli].map((f) => ({ file: rel(f), lines: tsText(readFileSync(f, 'utf8')) })),
    ...examples.map((f) => ({ file: rel(f), lines: exampleText(readFileSync(f, 'utf8')) })),
    ...rules.map((f) => ({ file: rel(f), lines: markdownText(readFileSync(f, 'utf8')) })),
  ]
}

/**
 * Known findings in files of other engineers, each with who fixes it (the lead removes an entry once it is
 * fixed; a new finding anywhere fails). `rule` '*' covers every rule in that file.
 */
const ALLOWED: { file: string | RegExp; rule: Rule | '*'; who: string }[] = [
  // Where a rules page tells the user what to write in a scenario file: the Cascading Waits system's id, and the HERO rule set's value names in its variant table.
  { file: 'docs/rules/gurps.md', rule: 'system id', who: 'kept: the system id a scenario file names' },
  { file: 'docs/rules/hero.md', rule: 'system id', who: 'kept: the value a scenario file writes' },
  // The rules pages' tables of chances ("P(success)", "P(critical failure)") are worked mathematics, in the notation of their sources.
  { file: /^docs\/rules\//, rule: 'probability notation', who: 'kept: the rules pages\' tables of worked chances' },
  // The headline's own table of engine labels it turns into words ("P(critical injury)" → "The attack causes a Critical Injury").
  { file: 'src/shared/report/headline.ts', rule: 'probability notation', who: 'kept: the label it turns into words' },
]

const allowed = (file: string, rule: Rule): boolean => ALLOWED.some((a) => (typeof a.file === 'string' ? a.file === file : a.file.test(file)) && (a.rule === '*' || a.rule === rule))

describe('a GM\'s words on every screen (issue 28)', () => {
  it.each<[string, Rule]>([
    ['Choices: Metric wins=A', 'id=value'],
    ["Smuggler's attack.skill 4", 'dotted path'],
    ['from -4: combatants[0].attack.skill: must be an integer 0–5', 'dotted path'],
    ['errors for gurps-waits', 'system id'],
    ['Street brawl (hero)', 'system id'],
    ['The Tactics tab (or quickdraw tactics) plays each option', 'command'],
    ['see src/engine/systems/hero/order.ts', 'code path'],
    ['Ocv / Pd / Rpd / Stun 12', 'abbreviation as a word'],
    ['exchange-win:oni 56.6%', 'result id'],
    ['See removed-by-turn:ninja:t1 in the results', 'result id'],
    ['P(hit) 83.3% · P(critical injury) 12%', 'probability notation'],
    ['Two Game Turns: P(each model removed by turn N)', 'probability notation'],
  ])('a planted example fails: %j (%s)', (text, rule) => {
    expect(findEngineWords(text).map((f) => f.rule)).toContain(rule)
  })

  it.each([
    "Smuggler's attack skill 4 makes \"Smuggler wins\" 58.5%",
    'Doc wins the interrupt contest against Kid 69.1% (66.7–71.3, exact 68.95%)',
    'Both sides still standing after 20 turns, e.g. in a long duel (GURPS Basic Set p. B363)',
    'OCV 7, DCV 5, PD 5, rPD 3, STUN 27, Ranged (Heavy) 2; the file is gurps-duel.json',
  ])('a sentence in a GM\'s words passes: %j', (text) => {
    expect(findEngineWords(text)).toEqual([])
  })

  it.each<[string, TemplateRule]>([
    ['`rules changed from the defaults: ${changed.map(([k, v]) => `${k}=${v}`).join(\', \')}`', 'key=value in a template'],
    ['`${m.label}=${o.key}`', 'key=value in a template'],
    ['orderRows.push([`  ${m.label}: ${o.label}`, pct(o.p)])', 'label: outcome in a template'],
    ['<span>{{ metric.label }}: {{ o.label }}</span>', 'label: outcome in a template'],
  ])('a planted line of the result cards or the command line\'s tables fails: %s (%s)', (src, rule) => {
    expect(templateFindings(src).map((f) => f.rule)).toContain(rule)
  })

  it('the result cards and the command line\'s tables say results in words: no key=value or "label: outcome" built in their code, no engine word in their text', () => {
    expect(templateFindings('`${labelInWords(m.label, setting)}`, `  ${outcomeRow(m, o.label, setting)}`, `${words}: ${pct(top.p)}`')).toEqual([])
    const found = TABLES.flatMap((f) => templateFindings(readFileSync(join(root, f), 'utf8')).map((x) => `${f}: ${x.rule}: ${x.text}`))
    expect(found).toEqual([])
    expect(TABLES).toEqual(expect.arrayContaining(['src/cli/format.ts', 'src/cli/format-analysis.ts', 'src/renderer/src/components/results/ResultsMetricCard.vue']))
  })

  it('every shipped example states the question it answers, with the results that answer it', () => {
    const unasked = walk(join(root, 'resources/examples'), (f) => f.endsWith('.json')).filter((f) => {
      const q = (JSON.parse(readFileSync(f, 'utf8')) as { question?: { text?: string; metrics?: string[] } }).question
      return !q?.text?.trim() || (q.metrics ?? []).length === 0
    })
    expect(unasked.map((f) => relative(root, f))).toEqual([])
  })

  it('no engine words in the app, the report, the examples or the rules pages (known ones listed with who fixes them)', () => {
    const found: string[] = []
    const seen = new Map<string, number>()
    for (const { file, lines } of sources()) {
      for (const line of lines) {
        for (const f of findEngineWords(line)) {
          if (allowed(file, f.rule)) {
            seen.set(`${file} ${f.rule}`, (seen.get(`${file} ${f.rule}`) ?? 0) + 1)
            continue
          }
          found.push(`${file}: ${f.rule}: "${f.text}" in "${line.trim().slice(0, 120)}"`)
        }
      }
    }
    if (process.env.QUICKDRAW_LIST_WORDS) console.log([...found, ...[...seen].map(([k, n]) => `allowed: ${k} ×${n}`)].join('\n'))
    expect(found).toEqual([])
    // An entry that no longer finds anything was fixed: said (not failed, so a fix never turns CI red), for the lead to remove.
    const stale = ALLOWED.filter((a) => ![...seen.keys()].some((k) => (typeof a.file === 'string' ? k.startsWith(`${a.file} `) : a.file.test(k.split(' ')[0])) && (a.rule === '*' || k.endsWith(` ${a.rule}`))))
    if (stale.length > 0) console.log(`Allow-list entries with nothing left to allow (remove them):\n${stale.map((a) => `  ${String(a.file)} (${a.rule}), was for ${a.who}`).join('\n')}`)
  })
})
