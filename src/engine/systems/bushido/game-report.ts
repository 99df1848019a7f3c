import { distributionMetric, meanMetric, orderMetric, probabilityMetric, type Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { CODE_COUNT, codeDistribution, codeFinal, codeNonOnes } from '../../dice/bushido-d6'
import type { ExactMetric } from '../rule-system'
import { EXCHANGE_BINS, kiAt, lengthAt, playGame, REMOVED_AT } from './game'
import { usesKi } from './ki'
import type { GamePlan } from './game-plan'
import { labelOf } from './metrics'

export function simulateGame(p: GamePlan, rng: Rng, tally: Tally): void {
  playGame(p, rng, tally)
}

export function traceGame(p: GamePlan, rng: Rng): TraceEvent[] {
  const log: TraceEvent[] = []
  playGame(p, rng, null, log)
  return log
}

/**
 * Exact P(side A wins the Tactical Test): single D6 plus Tactician dice each, higher final wins, then
 * more non-1 dice; a full tie is re-rolled, so P = P(A wins outright) / (1 − P(full tie)).
 * @see docs/rules/bushido.md section 5 (the Tactical Test)
 */
export function tacticalExact(diceA: number, diceB: number): number {
  const da = codeDistribution(diceA)
  const db = codeDistribution(diceB)
  let win = 0
  let tie = 0
  for (let a = 0; a < CODE_COUNT; a++) {
    if (da[a] === 0) continue
    for (let b = 0; b < CODE_COUNT; b++) {
      if (db[b] === 0) continue
      const w = da[a] * db[b]
      const fa = codeFinal(a)
      const fb = codeFinal(b)
      if (fa > fb || (fa === fb && codeNonOnes(a) > codeNonOnes(b))) win += w
      else if (fa === fb && codeNonOnes(a) === codeNonOnes(b)) tie += w
    }
  }
  const total = 6 ** (diceA + diceB)
  return win / (total - tie)
}

/**
 * How results name a warband: "the Ryu" when every model's name starts with the same word (Ryu Samurai,
 * Ryu Archer), a lone model by its name, two by both names; otherwise "side A" / "side B".
 */
export function warbandName(models: readonly { name: string; side: string }[], side: 'a' | 'b'): string {
  const names = models.filter((m) => m.side === side).map((m) => m.name.trim())
  const fallback = `side ${side.toUpperCase()}`
  if (names.length === 0) return fallback
  if (names.length === 1) return names[0]
  const first = names.map((n) => n.split(/\s+/)[0])
  if (first[0] !== '' && first.every((w) => w === first[0]) && names.every((n) => n.length > first[0].length)) return `the ${first[0]}`
  return names.length === 2 ? `${names[0]} and ${names[1]}` : fallback
}

export function summarizeGame(p: GamePlan, tally: Tally): Metric[] {
  const n = tally.trials
  const c = tally.counts
  const [a, b] = [warbandName(p.models, 'a'), warbandName(p.models, 'b')]
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
  const out: Metric[] = [
    probabilityMetric({ id: 'tactical-test', metric: 'tactical-test', label: `${labelOf('tactical-test')} (${a}, ${p.tacticalDice[0]} vs ${p.tacticalDice[1]} dice)` }, c[3], n, tacticalExact(...p.tacticalDice)),
    orderMetric(
      { id: 'side-wins', metric: 'side-wins', label: p.game.variableFrom === undefined ? `After ${p.turns} turn${p.turns === 1 ? '' : 's'}` : `At the end of the game (Variable (${p.game.variableFrom}), Turn ${p.turns} at the latest)` },
      [
        { key: 'b-wins', label: `${cap(a)} wiped out`, count: c[0] },
        { key: 'a-wins', label: `${cap(b)} wiped out`, count: c[1] },
        { key: 'both-stand', label: 'both warbands still stand', count: c[2] },
      ],
      n,
    ),
  ]
  p.models.forEach((m, i) => {
    for (let t = 0; t < p.turns; t++) {
      const turn = `t${t + 1}`
      out.push(probabilityMetric({ id: `removed-by-turn:${m.id}:${turn}`, metric: 'removed-by-turn', label: `${m.name} removed by turn ${t + 1}`, subjects: [m.id] }, c[REMOVED_AT + i * p.turns + t], n))
    }
  })
  p.models.forEach((m, i) => {
    for (let t = 0; t < p.turns; t++) {
      out.push(distributionMetric({ id: `wounds-in-turn:${m.id}:t${t + 1}`, metric: 'wounds-in-turn', label: `Wounds taken by ${m.name} in turn ${t + 1}`, subjects: [m.id] }, tally.bins, 0, (i * p.turns + t) * p.maxBins, p.maxBins))
    }
  })
  for (let t = 0; t < p.turns; t++) {
    out.push(distributionMetric({ id: `exchanges-in-turn:t${t + 1}`, metric: 'exchanges-in-turn', label: `Melee Exchanges in turn ${t + 1}` }, tally.bins, 0, p.n * p.turns * p.maxBins + t * EXCHANGE_BINS, EXCHANGE_BINS))
  }
  if (p.game.variableFrom !== undefined) {
    out.push(distributionMetric({ id: 'game-length', metric: 'game-length', label: `${labelOf('game-length')}, Variable (${p.game.variableFrom})` }, tally.bins, 0, lengthAt(p), p.turns + 1))
  }
  return [...out, ...gameKiMetrics(p, tally)]
}

/** Ki spent on Boosts and Ki generated over the game, for each model whose card has Ki. */
function gameKiMetrics(p: GamePlan, tally: Tally): Metric[] {
  const out: Metric[] = []
  const c = tally.counts
  const k = kiAt(p)
  p.models.forEach((m, i) => {
    if (!usesKi(m)) return
    const subjects = [m.id]
    out.push(meanMetric({ id: `ki-spent:${m.id}`, metric: 'ki-spent', label: `Ki spent on Boosts over the game: ${m.name}`, subjects }, tally.trials, c[k + 4 * i], c[k + 4 * i + 1]))
    out.push(meanMetric({ id: `ki-generated:${m.id}`, metric: 'ki-generated', label: `Ki generated over the game: ${m.name}`, subjects }, tally.trials, c[k + 4 * i + 2], c[k + 4 * i + 3]))
  })
  return out
}

export function gameExact(p: GamePlan): ExactMetric[] {
  return [{ id: 'tactical-test', label: `Side A wins the Tactical Test (${p.tacticalDice[0]} vs ${p.tacticalDice[1]} dice)`, kind: 'probability', p: tacticalExact(...p.tacticalDice) }]
}
