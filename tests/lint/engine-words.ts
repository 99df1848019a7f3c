/**
 * Engine vocabulary a user must never read (issue 28), shared by the lint test over the sources of
 * user-visible text and the browser test over the screens: result ids in `=` form, JSON paths, system
 * ids, command-line commands, code paths, and the rules' abbreviations written as words.
 */
export interface Finding {
  rule: Rule
  text: string
}
export type Rule = 'id=value' | 'dotted path' | 'system id' | 'command' | 'code path' | 'abbreviation as a word' | 'result id' | 'probability notation'

const RULES: [Rule, RegExp][] = [
  // "wins=A", "acts-first-alone:kid=...", "metric=wins": a result id or a field with its value glued on.
  ['id=value', /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?::[a-z0-9-]+)?=[A-Za-z0-9"'|>-]/g],
  // "attack.skill", "combatants[0].ocv", "plan.hold.event": a JSON path (not "e.g.", "p.B59", "x.json", "1.5").
  ['dotted path', /\b(?!e\.g\b|i\.e\b|vs\b|p\.\s?[A-Z0-9])[a-z][a-zA-Z0-9]*(?:\[\d+\])?(?:\.[a-z][a-zA-Z0-9]*(?:\[\d+\])?)+\b(?!\.?(?:json|md|ts|js|html|png|csv|svg)\b)|\b[a-z][a-zA-Z0-9]*\[\d+\](?:\.[a-zA-Z]+)?/g],
  ['system id', /\bgurps-waits\b(?!\.\w|-)|\bgenesys\b(?!\.\w|-)|\bl5r\b(?!\.\w|-)|\(hero\)|\bfor (?:hero|gurps|bushido)\b|\btlot3-house\b/g],
  ['command', /\bquickdraw (?:run|trace|tactics|balance|sweep|compare|exact|report|validate|bench|merge|systems|schema|import|replay)\b/g],
  ['code path', /\b(?:src|tests|resources|docs)\/[\w./-]+|\bTest vectors the tests use\b/g],
  // "exchange-win:oni", "acts-first-alone:kid", "removed-by-turn:ninja:t1": a result id, where the result's words belong.
  ['result id', /\b[a-z][a-z0-9]*(?:-[a-z0-9]+)+:[a-z0-9][a-z0-9-]*(?::[a-z0-9-]+)*\b(?![./])/g],
  // "P(hit)", "P(critical injury) per attack": the statistician's notation for a chance ("the attack hits").
  ['probability notation', /\bP\([a-z][^)]*\)/g],
  ['abbreviation as a word', /\b(?:Ocv|Dcv|Omcv|Dmcv|Rpd|Red(?= \d)|Pd|Ed(?= \d)|Spd|Dex|Stun(?= \d| multiplier| per| taken| dealt)|Dr|Hp|Iq|Dx)\b/g],
]

/** Every pattern a line breaks, with the text that broke it. */
export function findEngineWords(text: string): Finding[] {
  const out: Finding[] = []
  for (const [rule, re] of RULES) {
    for (const m of text.matchAll(re)) {
      // A file name ("gurps-duel.json") or a web address is not a path into a scenario.
      if (rule === 'dotted path' && (/\.(json|md|ts|js|vue|html|png|csv|svg|io|com|org|rs)$/.test(m[0]) || /[-/\w@]$/.test(text.slice(0, m.index)))) continue
      out.push({ rule, text: m[0] })
    }
  }
  return out
}

