import type { BalanceAnswer, BalancePoint } from '../../../engine/run/balance'
import { tacticsPlayers, tacticsSentence as sentenceOf, type TacticsAnswer, type TacticsPlayers } from '../../../engine/run/tactics'
import { getAtPath } from '../../../engine/run/json-path'
import { labelInWords } from '../../../shared/report/headline'
import { fieldInWords } from '../../../shared/report/rule-words'

/**
 * The Balance and Tactics tabs' answers in words, as `quickdraw balance` / `quickdraw tactics` print
 * them: the answer first, as one sentence.
 */

/** "The Kid's skill", "Smuggler's attack skill", "Doc's OCV": the owner by name, the attribute in the rules' words. */
export function fieldWords(scenario: unknown, path: string, label?: string): string {
  return getAtPath(scenario, path) === undefined && label ? label : fieldInWords(scenario, path)
}

const num = (v: number): string => (Math.round(v * 1000) / 1000).toString()

export function shownValue(percent: boolean, v: number): string {
  return percent ? `${(v * 100).toFixed(1)}%` : num(v)
}

/** "54.6% (exact)" or "51.2% (49.1–53.3%)". */
export function pointWords(a: Pick<BalanceAnswer, 'percent'>, p: BalancePoint): string {
  if (p.exact !== undefined && p.trials === 0) return `${shownValue(a.percent, p.exact)} (exact)`
  const f = (v: number): string => shownValue(a.percent, v)
  return `${f(p.estimate)} (${f(p.ci[0])}–${f(p.ci[1])})${p.exact !== undefined ? `, exact ${f(p.exact)}` : ''}`
}

/**
 * "The Kid's skill 14 makes 'The Kid acts first, alone' 54.6% (exact); at 13 it is 45.4% (exact)." `said`
 * names the metric as Results do (queryInWords, from the results the search saw).
 */
export function balanceSentence(a: BalanceAnswer, field: string, said = labelInWords(a.label)): string {
  if (a.bracket.length === 1) return `${field} ${num(a.bracket[0].value)} makes "${said}" ${pointWords(a, a.bracket[0])}: the target ${shownValue(a.percent, a.target)} exactly.`
  const [lo, hi] = a.bracket
  const reaching = a.direction === 'increasing' ? hi : lo
  const short = reaching === hi ? lo : hi
  return `${field} ${num(reaching.value)} makes "${said}" ${pointWords(a, reaching)}; at ${num(short.value)} it is ${pointWords(a, short)}.`
}

/** "The target 50% is crossed at about 13.5 (13.2–13.9)." */
export function crossingSentence(a: BalanceAnswer): string {
  const crossing = a.exact ? num(a.value) : `${num(a.value)} (${num(a.interval[0])}–${num(a.interval[1])})`
  return `The target ${shownValue(a.percent, a.target)} is crossed at about ${crossing}${a.integer || a.step >= 0.25 ? ` (the field moves in steps of ${num(a.step)})` : ''}.`
}

/** The recommendation in the players' names: "Doc should always "x"; the Kid should mix … Then "…" is 52.0% (Doc wants it high, the Kid low)." */
export function tacticsSentence(t: TacticsAnswer, label: string, percent: boolean, players: TacticsPlayers = tacticsPlayers()): string {
  return sentenceOf(t, label, shownValue(percent, t.equilibrium.value), players)
}
