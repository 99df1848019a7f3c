import { marginals, pairExact, payoffFirst, type PairExact } from './exchange-exact'
import type { ExchangeSetup, Strategy } from './exchange'
import { solveZeroSum, type GameSolution } from '../../core/zero-sum'
import { optionKey, optionLabel } from './specials'

/**
 * The secret split as a game: for every Attack/Defence split of the Activating model against every
 * split of its opponent, the exact outcome, each side's best reply, and the equilibrium mix. The
 * payoff is the expected number of wounds that count (not beyond those the target has left) dealt
 * minus taken, from the Activating model's point of view; the game is zero-sum in that payoff.
 * @see docs/rules/bushido.md section 2 ("The split as a game") and the 3 vs 3 table of section 6
 */
export interface SplitCell {
  /** Options played (rows and columns are split × special choice); without specials option = Attack dice. */
  actOption: number
  oppOption: number
  actAttack: number
  oppAttack: number
  pActHits: number
  /** E[SL | the Activating model's comparison is won]. */
  slActHit: number
  /** The opponent wins its comparison (hits back unless removed first: an upper bound, as in the 3 vs 3 table of docs/rules/bushido.md section 6). */
  pOppWins: number
  slOppHit: number
  /** The opponent actually strikes (wins its comparison and is still able). */
  pOppHits: number
  /** Expected wounds that count dealt to the opponent: none beyond the wounds it has left, as in the payoff. */
  woundsToOpp: number
  /** Expected wounds that count taken by the Activating model, capped the same way: woundsToOpp − woundsToAct = payoff. */
  woundsToAct: number
  payoff: number
  exact: PairExact
}

export interface SplitMatrix {
  actPool: number
  oppPool: number
  /** `cells[a][b]`: Activating model plays option a, opponent option b. */
  cells: SplitCell[][]
  /** Labels ("2/1", "1/1 + Sweep Attack (1)") and metric-id keys ("1/1+sweep-attack") of each side's options. */
  actLabels: string[]
  oppLabels: string[]
  actKeys: string[]
  oppKeys: string[]
  /** For each opponent split b, the Activating model's best number of Attack dice. */
  actBestReply: number[]
  /** For each Activating split a, the opponent's best number of Attack dice. */
  oppBestReply: number[]
  /** Equilibrium: `mix.row[a]` / `mix.col[b]` probabilities, `mix.value` the Activating model's payoff. */
  mix: GameSolution
}

/** The average of a wound count, none beyond the `left` wounds the target has (wounds past removal are wasted). */
const cappedMean = (dist: readonly number[], left: number): number => dist.reduce((s, p, k) => s + p * Math.min(k, left), 0)

function cellOf(ex: ExchangeSetup, actIsFirst: boolean, a: number, b: number): SplitCell {
  const r = actIsFirst ? pairExact(ex, a, b) : pairExact(ex, b, a)
  const [toSecond, toFirst] = marginals(r)
  const pay = payoffFirst(ex, r)
  const [pAct, slAct, pOpp, slOpp] = actIsFirst ? [r.pHitFirst, r.slSumFirst, r.pSecondWins, r.slSumSecond] : [r.pSecondWins, r.slSumSecond, r.pHitFirst, r.slSumFirst]
  const act = actIsFirst ? ex.first : ex.second
  const opp = actIsFirst ? ex.second : ex.first
  return {
    actOption: a,
    oppOption: b,
    actAttack: act.options.attack[a],
    oppAttack: opp.options.attack[b],
    pActHits: actIsFirst ? r.pHitFirst : r.pHitSecond,
    slActHit: pAct > 0 ? slAct / pAct : 0,
    pOppWins: pOpp,
    slOppHit: pOpp > 0 ? slOpp / pOpp : 0,
    pOppHits: actIsFirst ? r.pHitSecond : r.pHitFirst,
    woundsToOpp: cappedMean(actIsFirst ? toSecond : toFirst, opp.woundsLeft),
    woundsToAct: cappedMean(actIsFirst ? toFirst : toSecond, act.woundsLeft),
    payoff: actIsFirst ? pay : -pay,
    exact: r,
  }
}

function argBest(values: readonly number[], better: (x: number, y: number) => boolean): number {
  let best = 0
  for (let i = 1; i < values.length; i++) if (better(values[i], values[best])) best = i
  return best
}

export function splitMatrix(ex: ExchangeSetup, actIsFirst: boolean): SplitMatrix {
  const act = actIsFirst ? ex.first : ex.second
  const opp = actIsFirst ? ex.second : ex.first
  const cells: SplitCell[][] = []
  for (let a = 0; a < act.options.count; a++) {
    const row: SplitCell[] = []
    for (let b = 0; b < opp.options.count; b++) row.push(cellOf(ex, actIsFirst, a, b))
    cells.push(row)
  }
  const payoffs = cells.map((row) => row.map((c) => c.payoff))
  const tol = 1e-12
  const actBestReply = payoffs[0].map((_, b) => argBest(payoffs.map((row) => row[b]), (x, y) => x > y + tol))
  const oppBestReply = payoffs.map((row) => argBest(row, (x, y) => x < y - tol))
  const labels = (x: typeof act, f: typeof optionKey) => Array.from({ length: x.options.count }, (_, o) => f(x.options, o, x.pool))
  return {
    actPool: act.pool,
    oppPool: opp.pool,
    cells,
    actLabels: labels(act, optionLabel),
    oppLabels: labels(opp, optionLabel),
    actKeys: labels(act, optionKey),
    oppKeys: labels(opp, optionKey),
    actBestReply,
    oppBestReply,
    mix: solveZeroSum(payoffs),
  }
}

/**
 * The best reply to a known plan of the other side (issue 15 item 8): against the opponent's strategy
 * (weights over its options), the Activating model's option with the highest expected payoff ("row"), or
 * the opponent's option with the lowest ("col"). Ties go to the lowest option (fewest Attack dice).
 */
export function bestReplyTo(m: SplitMatrix, other: Strategy, side: 'row' | 'col'): number {
  const w = (k: number): number => (other.cumulative[k] - (k > 0 ? other.cumulative[k - 1] : 0)) / other.total
  const rows = m.cells.length
  const cols = m.cells[0].length
  const value = (o: number): number => {
    let v = 0
    if (side === 'row') for (let b = 0; b < cols; b++) v += w(b) * m.cells[o][b].payoff
    else for (let a = 0; a < rows; a++) v += w(a) * m.cells[a][o].payoff
    return v
  }
  const count = side === 'row' ? rows : cols
  let best = 0
  let bestValue = value(0)
  for (let o = 1; o < count; o++) {
    const v = value(o)
    if (side === 'row' ? v > bestValue + 1e-12 : v < bestValue - 1e-12) {
      best = o
      bestValue = v
    }
  }
  return best
}

export function splitLabel(attack: number, pool: number): string {
  return `${attack}/${pool - attack}`
}
