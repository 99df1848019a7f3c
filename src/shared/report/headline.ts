import type { Metric } from '../../engine/core/metrics'
import type { ExactMetric } from '../../engine/systems/rule-system'

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

/**
 * Each system's usual question and the kinds of result that answer it, most important first; a system
 * with several kinds of scenario asks the question of the kind it has (a Star Wars fight asks who wins,
 * a single check whether it hits).
 */
const DEFAULTS: Record<string, { question: string | ((metrics: Metric[]) => string); metrics: string[] }> = {
  'gurps-waits': { question: 'Who acts first when the Waits trigger, and whose action stops another?', metrics: ['acts-first-alone', 'prevents', 'late-interrupt'] },
  hero: { question: 'Who wins, who takes the first action, and does the held action interrupt?', metrics: ['wins', 'interrupt-odds', 'first-actor'] },
  gurps: { question: 'Who wins the fight?', metrics: ['wins', 'wait-strikes-first', 'cap-reached', 'draw'] },
  l5r: { question: 'Who wins the skirmish?', metrics: ['win', 'draw'] },
  genesys: {
    question: (ms) => (ms.some((m) => m.metric === 'winner') ? 'Who wins the fight?' : 'How often does the attack hit, and how often does it cause a Critical Injury?'),
    metrics: ['winner', 'hit', 'crit'],
  },
  bushido: {
    question: (ms) => (ms.some((m) => m.metric === 'side-wins') ? 'Which warband wipes out the other?' : 'Who wins the exchange, and who is removed?'),
    metrics: ['side-wins', 'exchange-win', 'removed'],
  },
}

/** At most this many numbers of one kind of result in a system's usual headline, so the next kind has room (the Waits triangle's who-stops-whom beside who acts first). */
const PER_KIND = 2

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

function itemsOf(m: Metric, setting: Setting): HeadlineItem[] {
  switch (m.kind) {
    case 'probability':
      return [{ id: m.id, label: labelInWords(m.label, setting), value: m.n === 0 ? '—' : pct1(m.p), interval: m.n === 0 ? '' : range(m.ci), exact: m.exact === undefined ? '' : pct2(m.exact) }]
    case 'mean': {
      const avg = averageInWords(m.label, setting)
      return [{ id: m.id, label: `${avg.label}:`, value: m.n === 0 ? '—' : avg.of(num(m.mean)), interval: m.n === 0 ? '' : `${num(m.ci[0])}–${num(m.ci[1])}`, exact: m.exact === undefined ? '' : avg.of(num(m.exact)) }]
    }
    case 'distribution': {
      const avg = averageInWords(m.label, setting)
      return [{ id: m.id, label: `${avg.label}:`, value: m.n === 0 ? '—' : avg.of(num(m.mean)), interval: '', exact: m.exact ? avg.of(num(m.exact.mean)) : '' }]
    }
    case 'order': {
      // The leading outcome, and the runner-up when the race is close enough to matter (within 20 points).
      const [first, second] = m.outcomes
      const shown = second && first && first.p - second.p < 0.2 ? [first, second] : first ? [first] : []
      return shown.map((o) => ({ id: `${m.id}=${o.key}`, label: outcomeInWords(m, o.label, setting), value: pct1(o.p), interval: range(o.ci), exact: o.exact === undefined ? '' : pct2(o.exact) }))
    }
  }
}

/** Outcome labels that say what happened on their own ("Side B wins (Kid)", "side A wiped out"). */
const SELF_SPEAKING = /\bwins?\b|wiped out|out at once|\bdraw\b|still stand/i

/** What a headline knows of the scenario: how long a fight may last before it is stopped. */
export interface Setting {
  /** "20 turns", "10 Turns", "6 Rounds": the cap that stops a fight still going. */
  cap?: string
}

/** The cap of a scenario in words, read from its turn or round cap field. */
export function settingOf(scenario: unknown): Setting {
  const o = scenario !== null && typeof scenario === 'object' ? (scenario as Record<string, unknown>) : {}
  const caps: [string, string][] = [['turnCap', 'turns'], ['maxRounds', 'rounds'], ['roundCap', 'rounds'], ['maxTurns', 'turns']]
  for (const [key, unit] of caps) if (typeof o[key] === 'number') return { cap: `${o[key] as number} ${o[key] === 1 ? unit.replace(/s$/, '') : unit}` }
  return {}
}

/** "Captain, Falcon" → "Captain and Falcon". */
function namesInWords(list: string): string {
  const names = list.split(/,\s*/)
  return names.length < 2 ? list : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** A side named by several names, or one named "The …", takes a plural verb. */
const plural = (who: string): boolean => / and /.test(who) || /^the /i.test(who)
const midSentence = (who: string): string => who.replace(/^The /, 'the ')

/** "Label: Name" results, said with the fighter as subject. */
const SUBJECT_FIRST: [RegExp, (who: string, label: RegExpExecArray) => string][] = [
  [/^Acts first alone$/, (w) => `${w} acts first, alone`],
  [/^Wins the exchange$/, (w) => `${w} wins the exchange`],
  [/^Removed$/, (w) => `${w} is removed`],
  [/^Taken out$/, (w) => `${w} is taken out`],
  [/^Defeated$/, (w) => `${w} is defeated`],
  [/^Killed$/, (w) => `${w} is killed`],
  [/^Dies$/, (w) => `${w} dies`],
  [/^Knocked out$/, (w) => `${w} is knocked out`],
  [/^His Wait fires and strikes first$/, (w) => `${w}'s Wait fires and he strikes first`],
  [/^Strikes first$/, (w) => `${w} strikes first`],
  [/^Who acts first$/, (w) => `${w} takes the fight's first action`],
  [/^Late interrupt succeeds$/, (w) => `${w}'s late interrupt succeeds`],
  [/^Loses his action$/, (w) => `${w} loses his action`],
  [/^A Wait fires$/, (w) => `${w}'s Wait fires`],
  [/^A Wait is wasted$/, (w) => `${w}'s Wait is wasted`],
  [/^Knocked down by a major wound$/, (w) => `${w} is knocked down by a major wound`],
  [/^Abort costs the next Phase$/, (w) => `${w}'s Abort costs him his next Phase`],
  [/^Highest Initiative in Round 1$/, (w) => `${w} has the highest Initiative in Round 1`],
  [/^Opening attack hits (.+)$/, (w, l) => `${w}'s opening attack hits ${l[1]}`],
  [/^Wounds per opening attack on (.+)$/, (w, l) => `Wounds of ${w}'s opening attack on ${l[1]}`],
  [/^Draws first blood$/, (w) => `${w} draws first blood`],
  [/^Highest Initiative$/, (w) => `${w} has the highest Initiative`],
  [/^Strike lands$/, (w) => `${w}'s strike lands`],
  [/^Shot hits$/, (w) => `The shot hits ${midSentence(w)}`],
  [/^Acts at all$/, (w) => `${w} gets to act`],
  [/^Tied first$/, (w) => `${w} is tied for first`],
  [/^Delay pays off$/, (w) => `${w}'s delay pays off`],
  [/^Special Attack\/Defence triggers$/, (w) => `${w}'s Special Attack or Defence takes effect`],
  [/^Wins its comparison$/, (w) => `${w} wins its comparison`],
  [/^Time to knockout$/, (w) => `Time until ${midSentence(w)} is knocked out`],
  [/^Turn he is taken out$/, (w) => `Turn ${midSentence(w)} is taken out`],
  [/^Times he came to per fight$/, (w) => `Times ${midSentence(w)} comes to in a fight`],
  [/^Split used \(Attack\/Defence\)$/, (w) => `How ${midSentence(w)} splits his dice`],
  // Star Wars results saved before 1.4.0 named these "P(…)"; Star Wars now names them in words where they are made
  [/^P\(defeated\)$/, (w) => `${w} is defeated`],
  [/^P\(hit\) per attack$/, (w) => `${w}'s attacks that hit`],
  [/^P\(critical\) per attack$/, (w) => `${w}'s attacks that cause a Critical Injury`],
  [/^P\(hit\), opening attack$/, (w) => openingAttack(w)],
  [/^Injury dealt per fight$/, (w) => `Injury ${w} deals in a fight`],
  [/^Wounds dealt per skirmish$/, (w) => `Wounds ${w} deals in a skirmish`],
]

/** "Han on Greedo at short with his blaster" → "Han's opening attack hits Greedo at short range with his blaster". */
function openingAttack(w: string): string {
  const m = /^(.+?) on (.+?) at (engaged|short|medium|long|extreme)\b(.*)$/.exec(w)
  if (!m) return `${w}: the opening attack hits`
  return `${m[1]}'s opening attack hits ${m[2]} ${m[3] === 'engaged' ? 'while engaged' : `at ${m[3]} range`}${m[4]}`
}

/** Kinds of result (the scenario question's picker, the report's chart titles) named without a fighter, as Star Wars results saved before 1.4.0 name them. */
const KIND_WORDS: Record<string, string> = {
  'P(hit) per attack': 'Attacks that hit',
  'P(critical) per attack': 'Attacks that cause a Critical Injury',
  'P(defeated)': 'Defeated',
  'P(hit), opening attack': 'The opening attack hits',
}

/**
 * A result's label as a sentence of the rules, the acting fighter or side first: "Side A wins (Captain,
 * Falcon)" → "Captain and Falcon win", "Taken out: Bruno" → "Bruno is taken out", "Doc acts before Kid
 * (interrupt)" → "Doc wins the interrupt contest against Kid", a fight stopped by its cap → "Both sides
 * still standing after 10 Turns" (never "Draw"), "P(hit)" → "The attack hits".
 */
export function labelInWords(label: string, setting: Setting = {}): string {
  return wordsOf(label, setting, true)
}

/** `labelInWords`; `whose`: a "What: Who" result no rule names is said as the fighter's (not for an outcome glued to its result's title). */
function wordsOf(label: string, setting: Setting, whose: boolean): string {
  if (label === ORDERINGS) return 'Order of action when the Waits trigger'
  const measured = unitOf(label)
  if (measured) return `${labelInWords(measured.who === undefined ? measured.base : `${measured.base}: ${measured.who}`, setting)} in ${measured.unit}${measured.tail}`
  const side = /^Side \S+ wins \((.+)\)$/.exec(label) ?? /^Side \S+ \((.+)\) wins?$/.exec(label)
  if (side) return `${namesInWords(side[1])} ${side[1].includes(',') ? 'win' : 'wins'}`
  const interrupt = /^(.+) acts before (.+) \(interrupt\)$/.exec(label)
  if (interrupt) return `${interrupt[1]} wins the interrupt contest against ${interrupt[2]}`
  const capped = /^Draw at the (Turn|Round) cap \((\d+) (\w+)\)$/.exec(label)
  if (capped) return `Both sides still standing after ${capped[2]} ${capped[3]}`
  if (/^(Turn|Round) cap reached$/i.test(label)) return setting.cap ? `Both sides still standing after ${setting.cap}` : 'Both sides still standing at the turn cap'
  if (label === 'Draw') return 'Neither side wins'
  if (label === 'P(hit)') return 'The attack hits'
  if (label === 'P(critical injury)') return 'The attack causes a Critical Injury'
  const kind = KIND_WORDS[label]
  if (kind) return kind
  const atLeastOne = /^P\(≥1 (.+)\)$/.exec(label)
  if (atLeastOne) return `At least one ${atLeastOne[1]}`
  const chance = /^P\((.+)\)$/.exec(label)
  if (chance) return `Chance of ${chance[1]}`
  const perFighter = /^(.+?): (.+?)( wins)?$/.exec(label)
  if (perFighter) {
    if (/^(Winner|Who wins)$/.test(perFighter[1])) return `${perFighter[2]} wins`
    for (const [re, say] of SUBJECT_FIRST) {
      const said = perFighter[3] ? null : re.exec(perFighter[1])
      if (said) return say(perFighter[2], said)
    }
  }
  // any other "What: Who" result where Who is a fighter's name (a few words, not an outcome told in a
  // sentence): what he does ("Acts first: The Kid" → "The Kid acts first"), else the fighter's ("END spent
  // per fight: Blur" → "Blur's END spent per fight")
  const who = whose ? /^([^:]+): ([A-Z0-9][^:,]*)$/.exec(label) : null
  if (who && !/ wins$/.test(who[2]) && who[2].split(' ').length <= NAME_WORDS) {
    return VERB_FIRST.test(who[1]) ? `${who[2]} ${lowerFirst(who[1])}` : `${who[2]}'s ${lowerFirst(who[1])}`
  }
  return label
}

/** A result that says what a fighter does ("Acts first", "Loses his action"): said with him as subject. */
const VERB_FIRST = /^(Acts|Gets|Loses|Wins|Strikes|Draws|Dies|Makes|Takes|Holds|Goes|Falls|Is|Has)\b/

/** At most this many words in a fighter's name as results give it ("Ashigaru Sentry", "Big thug"): longer is an outcome in a sentence. */
const NAME_WORDS = 4

/** The Cascading Waits' ordering of every fighter (the engine's title of that result). */
const ORDERINGS = 'Complete orderings'

/** Units a result is counted in, as the engine writes them after its name ("Fight length (Segments)"). */
const UNIT = /^(.+?) \((Segments|Turns played|turns|Turns|Rounds|rounds)\)(, [^:]+)?(?:: (.+))?$/

/** "Fight length (Segments)" → base "Fight length", unit "Segments"; "Time to knockout (Segments): Blur" → who "Blur". */
function unitOf(label: string): { base: string; unit: string; tail: string; who?: string } | undefined {
  const m = UNIT.exec(label)
  return m ? { base: m[1], unit: m[2], tail: m[3] ?? '', who: m[4] } : undefined
}

/** First words of results that are the rules' own terms, kept capitalised mid-sentence. */
const RULES_TERMS = /^(Initiative|Ki|Void|Triumphs?|Despairs?|Strain|Melee|Special|Phases?|Segments?|Turns?|Rounds?)\b/

/** "Attacks that hit" → "attacks that hit" mid-sentence; "END spent", "Void Points spent" stay as the rules write them. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) && !RULES_TERMS.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text
}

/**
 * A result read as its average, and how a number of it reads: "Fight length (Segments)" → "Average fight
 * length" of "7.20 Segments"; "END spent per fight: Blur" → "Blur's average END spent per fight"; "Wounds per
 * check" → "Average wounds per check". Used wherever a mean or a distribution is named by its average (the
 * headline, Compare, Balance and Tactics), never "(average)" tacked on nor the unit in parentheses.
 */
export function averageInWords(label: string, setting: Setting = {}): { label: string; unit: string; of: (value: string) => string } {
  const measured = unitOf(label)
  const unit = measured ? (measured.unit === 'Turns played' ? 'Turns' : measured.unit) : ''
  const named = measured ? labelInWords(measured.who === undefined ? measured.base : `${measured.base}: ${measured.who}`, setting) + measured.tail : labelInWords(label, setting)
  const who = /^[^:]+: ([^:,]+)$/.exec(measured ? `${measured.base}: ${measured.who ?? ''}` : label)?.[1]
  const possessive = who !== undefined && named.startsWith(`${who}'s `)
  const said = possessive ? `${who}'s average ${named.slice(who.length + 3)}` : `Average ${lowerFirst(named)}`
  return { label: said, unit, of: (value) => (unit === '' ? value : `${value} ${unit}`) }
}

/** An ordering as the words need it: its title and its outcomes' labels (a sampled result, or an exact one). */
export interface Ordering {
  label: string
  outcomes: readonly { label: string }[]
}

/** An outcome of an ordering in words: a warband "wiped out" is said with the warband that did it as subject. */
export function outcomeInWords(m: Ordering, outcome: string, setting: Setting = {}): string {
  const wiped = /^(.+) wiped out$/.exec(outcome)
  if (wiped) {
    const others = m.outcomes.map((o) => /^(.+) wiped out$/.exec(o.label)?.[1]).filter((x): x is string => x !== undefined && x !== wiped[1])
    if (others.length === 1) return `${others[0]} ${plural(others[0]) ? 'wipe' : 'wipes'} out ${midSentence(wiped[1])}${/^after /i.test(m.label) ? ` ${m.label.toLowerCase()}` : ''}`
    return `${wiped[1]} ${plural(wiped[1]) ? 'are' : 'is'} wiped out`
  }
  if (/still stand/i.test(outcome)) {
    const said = outcome.charAt(0).toUpperCase() + outcome.slice(1)
    return /^after /i.test(m.label) ? `${said} ${m.label.toLowerCase()}` : said
  }
  if (m.label === ORDERINGS) return `${orderingInWords(outcome)} (every Wait resolved)`
  const split = splitInWords(m.label, outcome)
  if (split !== undefined) return split
  if (SELF_SPEAKING.test(outcome)) return labelInWords(outcome, setting)
  return wordsOf(`${m.label}: ${outcome}`, setting, false)
}

/** "2/1 (Attack/Defence)" → "2 dice in Attack and 1 in Defence" ("…, with Sweep Attack (1)" when a special was paid for); undefined for any other outcome. */
function diceInWords(title: string, outcome: string): string | undefined {
  const split = /^(\d+)\/(\d+)(?: \+ (.+?))? \(Attack\/Defence\)$/.exec(outcome)
  if (!split || !/^Split used \(Attack\/Defence\)/.test(title)) return undefined
  return `${split[1]} ${split[1] === '1' ? 'die' : 'dice'} in Attack and ${split[2]} in Defence${split[3] ? `, with ${split[3]}` : ''}`
}

/** "Split used (Attack/Defence): Ryu Samurai" and "2/1 (Attack/Defence)" → "Ryu Samurai puts 2 dice in Attack and 1 in Defence". */
function splitInWords(title: string, outcome: string): string | undefined {
  const dice = diceInWords(title, outcome)
  const who = /^Split used \(Attack\/Defence\): (.+)$/.exec(title)?.[1]
  return dice === undefined || who === undefined ? undefined : `${who} puts ${dice}`
}

/**
 * A Cascading Waits ordering in words: "The Kid → The Marshal" → "The Kid acts before The Marshal"; "A = B →
 * C; action fails: C; loses action: D" → "A and B act together, then C; C's action fails; D loses his action".
 */
export function orderingInWords(outcome: string): string {
  const [order, ...notes] = outcome.split('; ')
  if (order === 'nobody acts') return ['Nobody acts', ...notes.map(noteInWords)].join('; ')
  const slots = order.split(' → ').map((s) => s.split(' = '))
  const group = (names: string[]): string => namesInWords(names.join(', '))
  const ordered =
    slots.length === 2 && slots[0].length === 1 && slots[1].length === 1
      ? `${slots[0][0]} acts before ${slots[1][0]}`
      : slots.length === 1
        ? slots[0].length === 1
          ? `${slots[0][0]} acts alone`
          : `${group(slots[0])} act at the same moment`
        : `${group(slots[0])} ${slots[0].length === 1 ? 'acts first' : 'act together first'}, ${slots
            .slice(1)
            .map((s) => `then ${group(s)}${s.length > 1 ? ' together' : ''}`)
            .join(', ')}`
  return [ordered, ...notes.map(noteInWords)].join('; ')
}

/** "action fails: Bodyguard" → "Bodyguard's action fails"; "loses action: A, B" → "A and B lose their actions". */
function noteInWords(note: string): string {
  const m = /^(action fails|loses action|cannot act|not triggered|keeps waiting): (.+)$/.exec(note)
  if (!m) return note
  const names = m[2].split(', ')
  const who = namesInWords(m[2])
  const one = names.length === 1
  switch (m[1]) {
    case 'action fails':
      return one ? `${who}'s action fails` : `the actions of ${midSentence(who)} fail`
    case 'loses action':
      return one ? `${who} loses his action` : `${who} lose their actions`
    case 'cannot act':
      return `${who} cannot act`
    case 'not triggered':
      return one ? `${who}'s Wait is not triggered` : `the Waits of ${midSentence(who)} are not triggered`
    default:
      return one ? `${who} keeps waiting` : `${who} keep waiting`
  }
}

/**
 * An outcome as a row of its result's table reads it, under the result's title: said in words when it
 * says what happened ("Side A wins (Doc)" → "Doc wins", "The Kage wiped out" → "Ito Bushi wipes out the
 * Kage", "Draw at the Turn cap (10 Turns)" → "Both sides still standing after 10 Turns"), else as it is.
 */
export function outcomeRow(m: Ordering, outcome: string, setting: Setting = {}): string {
  if (m.label === ORDERINGS) return orderingInWords(outcome)
  const dice = diceInWords(m.label, outcome)
  if (dice !== undefined) return dice
  const said = outcomeInWords({ ...m, label: '' }, outcome, setting)
  return said.startsWith(': ') ? outcome : said
}

/** A result as a balance or tactics question names it: by id, with one outcome of an ordering (`id=outcome`). */
export interface QueryMetric {
  id: string
  label: string
  kind: string
  outcomes?: readonly { key: string; label: string }[]
}

/**
 * The result a balance or tactics question asks about, named as Results name it ("The Kid acts first,
 * alone", "Blur wins", "Ito Bushi wipes out the Kage"), and whether it is a chance (shown in percent);
 * undefined when `metrics` (a run's results or the exact values) do not hold it.
 */
export function queryInWords(metrics: readonly QueryMetric[], query: { metric: string; outcome?: string }, setting: Setting = {}): { label: string; percent: boolean } | undefined {
  const m = metrics.find((x) => x.id === query.metric)
  if (!m || m.kind === 'fight' || m.kind === 'joint') return undefined
  if (m.kind === 'mean' || m.kind === 'distribution') return { label: averageInWords(m.label, setting).label, percent: false }
  if (m.kind !== 'order') return { label: labelInWords(m.label, setting), percent: m.kind === 'probability' }
  const outcomes = m.outcomes ?? []
  const outcome = outcomes.find((o) => o.key === query.outcome)?.label ?? query.outcome ?? ''
  return { label: outcomeInWords({ label: m.label, outcomes }, outcome, setting), percent: true }
}

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
export function headline(systemId: string, metrics: Metric[], question?: ScenarioQuestion, scenario?: unknown): Headline {
  const fallback = DEFAULTS[systemId] ?? { question: 'What happens in this fight?', metrics: [] }
  const setting = settingOf(scenario)
  const own = question?.metrics?.filter((x) => x.trim() !== '') ?? []
  const { picked, unknown } = pick(metrics, own.length > 0 ? own : fallback.metrics)
  const named = new Set(own)
  let shown = picked.filter((m) => named.has(m.id) || !neverHappens(m))
  if (own.length === 0) shown = usualShare(shown)
  const items = (shown.length > 0 ? shown : metrics.filter((m) => !neverHappens(m)).slice(0, 1)).flatMap((m) => itemsOf(m, setting)).slice(0, HEADLINE_SIZE)
  const asked = typeof fallback.question === 'function' ? fallback.question(metrics) : fallback.question
  return { question: question?.text?.trim() || asked, items, unknown: own.length > 0 ? unknown : [] }
}

/**
 * The headline of an exact answer (`quickdraw exact`): the same question and the same results as a run's
 * headline (the scenario's own, else the system's usual ones), each at its exact value; results the
 * solver did not work out, or that cannot happen, are left out, and so is the whole headline when none is left.
 */
export function exactHeadline(systemId: string, exact: readonly ExactMetric[], question?: ScenarioQuestion, scenario?: unknown): Headline {
  const fallback = DEFAULTS[systemId] ?? { question: 'What happens in this fight?', metrics: [] }
  const setting = settingOf(scenario)
  const own = question?.metrics?.filter((x) => x.trim() !== '') ?? []
  const kindOf = (id: string): string => id.split(':')[0]
  const items: HeadlineItem[] = []
  for (const w of own.length > 0 ? own : fallback.metrics) {
    for (const m of exact.filter((x) => x.id === w || kindOf(x.id) === w)) {
      if (items.some((i) => i.id === m.id || i.id.startsWith(`${m.id}=`))) continue
      if (m.kind === 'probability' && m.p > 0) items.push({ id: m.id, label: labelInWords(m.label, setting), value: pct2(m.p), interval: '', exact: '' })
      else if (m.kind === 'mean' || m.kind === 'distribution') {
        const avg = averageInWords(m.label, setting)
        items.push({ id: m.id, label: `${avg.label}:`, value: avg.of(num(m.mean)), interval: '', exact: '' })
      } else if (m.kind === 'order') {
        const ranked = [...m.outcomes].filter((o) => o.p > 0).sort((a, b) => b.p - a.p)
        const [first, second] = ranked
        const shown = second && first && first.p - second.p < 0.2 ? [first, second] : first ? [first] : []
        for (const o of shown) items.push({ id: `${m.id}=${o.key}`, label: outcomeInWords(m, o.label, setting), value: pct2(o.p), interval: '', exact: '' })
      }
    }
  }
  const kinds = exact.map((m) => ({ metric: kindOf(m.id) }) as Metric)
  const asked = typeof fallback.question === 'function' ? fallback.question(kinds) : fallback.question
  return { question: question?.text?.trim() || asked, items: items.slice(0, HEADLINE_SIZE), unknown: [] }
}

/**
 * A system's usual headline: at most two results of each kind while another kind waits for room, and a
 * draw left out when it is only the fight stopped at its cap (said once, as "still standing").
 */
function usualShare(shown: Metric[]): Metric[] {
  const cap = shown.find((m) => m.metric === 'cap-reached')
  const rest = shown.filter((m) => !(m.metric === 'draw' && cap?.kind === 'probability' && m.kind === 'probability' && m.count === cap.count))
  const kinds = [...new Set(rest.map((m) => m.metric))]
  if (kinds.length < 2) return rest
  const first: Metric[] = []
  const later: Metric[] = []
  const seen = new Map<string, number>()
  for (const m of rest) {
    const n = seen.get(m.metric) ?? 0
    seen.set(m.metric, n + 1)
    ;(n < PER_KIND ? first : later).push(m)
  }
  return [...first, ...later]
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
