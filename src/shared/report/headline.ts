import type { Metric } from '../../engine/core/metrics'

/**
 * The answer first: which results answer a scenario's question, in one line of plain words with their
 * 95% intervals and exact values, and how the rest of the results fall into folded groups. Used by the
 * app's Results and by the HTML report, so both lead with the same sentence.
 */

/** A scenario's own question (`question` in the scenario file). */
export interface ScenarioQuestion {
  text: string
  /** Result ids (`interrupt-odds:doc`) or kinds of result (`wins`, every fighter's). */
  metrics?: string[]
}

/** One number of the headline. */
export interface HeadlineItem {
  /** The result id it comes from. */
  id: string
  /** What it is, in words ("Doc acts before Kid (interrupt)", "Side B wins (Kid)"). */
  label: string
  /** The estimate ("69.2%"), or '—' when it never had a sample. */
  value: string
  /** The 95% interval ("68.4–70.0"), '' if none. */
  interval: string
  /** The exact value ("69.58%"), '' if not known. */
  exact: string
}

export interface Headline {
  question: string
  items: HeadlineItem[]
  /** Ids the scenario's question names that this run does not report. */
  unknown: string[]
}

/** Each system's usual question and the kinds of result that answer it, most important first. */
const DEFAULTS: Record<string, { question: string; metrics: string[] }> = {
  'gurps-waits': { question: 'Who acts first when the Waits trigger?', metrics: ['acts-first-alone', 'late-interrupt'] },
  hero: { question: 'Who wins, who acts first, and does the held action interrupt?', metrics: ['wins', 'interrupt-odds', 'first-actor'] },
  gurps: { question: 'Who wins the fight?', metrics: ['wins', 'wait-strikes-first', 'draw'] },
  l5r: { question: 'Who wins the skirmish?', metrics: ['win', 'draw'] },
  genesys: { question: 'Who wins, or does the check succeed?', metrics: ['winner', 'hit', 'crit'] },
  bushido: { question: 'Who comes out ahead, and which split should each side choose?', metrics: ['side-wins', 'exchange-win', 'removed'] },
}

/** At most this many numbers in the headline: one line a GM reads at a glance. */
export const HEADLINE_SIZE = 4

const pct1 = (p: number): string => `${(p * 100).toFixed(1)}%`
const pct2 = (p: number): string => `${(p * 100).toFixed(2)}%`
const range = (ci: [number, number]): string => `${(ci[0] * 100).toFixed(1)}–${(ci[1] * 100).toFixed(1)}`
const num = (x: number): string => (Math.abs(x) >= 100 ? x.toFixed(1) : x.toFixed(2))

/** A result that cannot have happened in this scenario: never sampled, or always nothing with no exact chance of more. */
export function neverHappens(m: Metric): boolean {
  switch (m.kind) {
    case 'probability':
      return m.n === 0 || (m.count === 0 && !(m.exact !== undefined && m.exact > 0))
    case 'mean':
      return m.n === 0 || (m.mean === 0 && m.sd === 0 && !(m.exact !== undefined && m.exact !== 0))
    case 'distribution':
      return m.n === 0 || (m.bins.every((b) => b.value === 0) && !(m.exact?.p.some((x) => x.value !== 0 && x.p > 0) ?? false))
    case 'order':
      return m.n === 0
  }
}

function itemsOf(m: Metric): HeadlineItem[] {
  switch (m.kind) {
    case 'probability':
      return [{ id: m.id, label: m.label, value: m.n === 0 ? '—' : pct1(m.p), interval: m.n === 0 ? '' : range(m.ci), exact: m.exact === undefined ? '' : pct2(m.exact) }]
    case 'mean':
      return [{ id: m.id, label: m.label, value: m.n === 0 ? '—' : num(m.mean), interval: m.n === 0 ? '' : `${num(m.ci[0])}–${num(m.ci[1])}`, exact: m.exact === undefined ? '' : num(m.exact) }]
    case 'distribution':
      return [{ id: m.id, label: `${m.label} (average)`, value: m.n === 0 ? '—' : num(m.mean), interval: '', exact: m.exact ? num(m.exact.mean) : '' }]
    case 'order': {
      // The leading outcome, and the runner-up when the race is close enough to matter (within 20 points).
      const [first, second] = m.outcomes
      const shown = second && first && first.p - second.p < 0.2 ? [first, second] : first ? [first] : []
      return shown.map((o) => ({ id: `${m.id}=${o.key}`, label: SELF_SPEAKING.test(o.label) ? o.label : `${m.label}: ${o.label}`, value: pct1(o.p), interval: range(o.ci), exact: o.exact === undefined ? '' : pct2(o.exact) }))
    }
  }
}

/** Outcome labels that say what happened on their own ("Side B wins (Kid)", "side A wiped out"). */
const SELF_SPEAKING = /\bwins?\b|wiped out|\bdraw\b|still stand/i

/** The results a list of ids or kinds picks, in the list's order; within a kind the likeliest first. */
function pick(metrics: Metric[], wanted: string[]): { picked: Metric[]; unknown: string[] } {
  const picked: Metric[] = []
  const unknown: string[] = []
  for (const w of wanted) {
    const exact = metrics.filter((m) => m.id === w)
    const kind = metrics.filter((m) => m.metric === w && m.id !== w)
    const found = exact.length > 0 ? exact : kind
    if (found.length === 0) unknown.push(w)
    const ranked = [...found].sort((a, b) => score(b) - score(a))
    for (const m of ranked) if (!picked.includes(m)) picked.push(m)
  }
  return { picked, unknown }
}

const score = (m: Metric): number => (m.kind === 'probability' ? m.p : m.kind === 'order' ? (m.outcomes[0]?.p ?? 0) : 0)

/**
 * The headline of a run: the scenario's own question and results if it names them, else the system's
 * usual ones; results that cannot happen here are left out (unless the question names them by id).
 */
export function headline(systemId: string, metrics: Metric[], question?: ScenarioQuestion): Headline {
  const fallback = DEFAULTS[systemId] ?? { question: 'What happens in this fight?', metrics: [] }
  const own = question?.metrics?.filter((x) => x.trim() !== '') ?? []
  const { picked, unknown } = pick(metrics, own.length > 0 ? own : fallback.metrics)
  const named = new Set(own)
  const shown = picked.filter((m) => named.has(m.id) || !neverHappens(m))
  const items = (shown.length > 0 ? shown : metrics.filter((m) => !neverHappens(m)).slice(0, 1)).flatMap(itemsOf).slice(0, HEADLINE_SIZE)
  return { question: question?.text?.trim() || fallback.question, items, unknown: own.length > 0 ? unknown : [] }
}

/** The headline as one line of text: "Doc acts before Kid (interrupt) 69.2% (68.4–70.0, exact 69.58%) · Side B wins (Kid) 79.4% (…)". */
export function headlineText(h: Headline): string {
  return h.items.map((i) => `${i.label} ${i.value}${i.interval || i.exact ? ` (${[i.interval, i.exact && `exact ${i.exact}`].filter(Boolean).join(', ')})` : ''}`).join(' · ')
}

/** The folded groups the rest of the results fall into. */
export type ResultGroup = 'defeat' | 'timing' | 'attacks' | 'damage'

export const GROUP_TITLES: Record<ResultGroup, string> = {
  defeat: 'Who wins and how the fight ends',
  timing: 'Timing: who acts when',
  attacks: 'Attacks and defences',
  damage: 'Damage and resources',
}

const GROUP_RULES: [ResultGroup, RegExp][] = [
  ['attacks', /^(wins-comparison|exchange-win|hits?|hit-rate|crit|crit-rate|triumphs?|despairs?|outcome|net-successes|advantage|defense-rate|shot-hits|special-triggers|mutual-hit|void-attack-hit-rate|opening-hit|void-armor-saves|split)$/],
  ['defeat', /^(wins?|winner|draw|cap-reached|fight-length|rounds|side-wins|game-length|defeated|knocked-out|knocked-down|dies|killed|removed|removed-by-turn|time-to-knockout|turns-to-incapacitation|rounds-to-defeat|wakes)$/],
  ['damage', /(damage|wound|stun|body|injury|^end-|void|^ki-|strain|guard-blocks|first-blood)/],
]

/** Which group a kind of result belongs to; anything about order and actions is timing. */
export function groupOf(catalogueId: string): ResultGroup {
  return GROUP_RULES.find(([, re]) => re.test(catalogueId))?.[0] ?? 'timing'
}

/** The results in their groups (in the order above), each without the results that cannot happen here unless `keepNever`. */
export function groupResults(metrics: Metric[], keepNever = false): { group: ResultGroup; title: string; metrics: Metric[] }[] {
  const order: ResultGroup[] = ['defeat', 'timing', 'attacks', 'damage']
  return order
    .map((group) => ({ group, title: GROUP_TITLES[group], metrics: metrics.filter((m) => groupOf(m.metric) === group && (keepNever || !neverHappens(m))) }))
    .filter((g) => g.metrics.length > 0)
}
