import type { Tally } from '../../core/tally'
import { name, say } from './common'
import { sideDown } from './fight'
import { ACTIONS_BINS, C, BODY_FIGHT_BINS, DRAW_CAP, DRAW_MUTUAL, LOST_BINS, STUN_FIGHT_BINS, WIN_A, WIN_B } from './layout'
import type { Plan } from './plan'
import { COMBAT_START, describeSegment } from './speed-chart'

const clampBin = (v: number, bins: number): number => (v < bins ? v : bins - 1)

/**
 * Adds one finished fight to the tally: the winner, its length, and per combatant the damage taken,
 * the Segment of the first knockout, whether he ends it out, END spent, Phases lost (all, to Aborts, to expired holds), and actions in each complete
 * Turn (counted in the Turn they are taken, so a hold from Segment 12 used in Segment 1 counts there).
 */
export function recordFight(p: Plan, tally: Tally, last: number): void {
  const st = p.st
  const L = p.layout
  tally.counts[outcome(p)]++
  tally.bins[last - COMBAT_START]++
  const fullTurns = Math.floor(last / 12)
  for (let i = 0; i < p.n; i++) {
    tally.bins[L.stunPerFight(i) + clampBin(st.stunTaken[i], STUN_FIGHT_BINS)]++
    tally.bins[L.bodyPerFight(i) + clampBin(st.bodyTaken[i], BODY_FIGHT_BINS)]++
    tally.bins[L.lostPerFight(i) + clampBin(st.lostPhases[i], LOST_BINS)]++
    tally.bins[L.lostToAbortPerFight(i) + clampBin(st.lostToAbort[i], LOST_BINS)]++
    tally.bins[L.lostToHoldPerFight(i) + clampBin(st.lostToHold[i], LOST_BINS)]++
    if (st.koAbs[i] >= 0) tally.bins[L.koTime(i) + st.koAbs[i] - COMBAT_START]++
    const k = tally.counts
    if (st.ko[i] | st.dead[i]) k[L.counter(i, C.endsOut)]++
    k[L.counter(i, C.endSpent)] += st.endUsed[i]
    k[L.counter(i, C.endSpentSq)] += st.endUsed[i] * st.endUsed[i]
    k[L.counter(i, C.wokeUpSq)] += st.wakes[i] * st.wakes[i]
    k[L.counter(i, C.stunForEndSq)] += st.stunPaid[i] * st.stunPaid[i]
    k[L.counter(i, C.guardBlocksSq)] += st.guardUsed[i] * st.guardUsed[i]
    for (let t = 2; t <= fullTurns; t++) {
      if (st.koAbs[i] >= 0 && st.koAbs[i] <= 12 * (t - 1)) break
      tally.bins[L.actionsPerTurn(i) + clampBin(st.turnActions[i * st.turnSlots + t], ACTIONS_BINS)]++
    }
  }
}

/** STUN + BODY a side has left (none below 0), and its full STUN + BODY. */
function health(p: Plan, side: number): { left: number; full: number } {
  const st = p.st
  let left = 0
  let full = 0
  for (let i = 0; i < p.n; i++) {
    if (p.side[i] !== side) continue
    left += (st.stun[i] > 0 ? st.stun[i] : 0) + (st.body[i] > 0 ? st.body[i] : 0)
    full += p.stunMax[i] + p.bodyMax[i]
  }
  return { left, full }
}

/**
 * The fight's result as a scenario counter: a side out, both out, or the Turn cap — a draw, or under
 * onCap "most-health" a win for the side with the larger share of its STUN + BODY left (docs/rules/hero.md
 * section 7, variants.onCap; our reading: the share is summed over the side; equal shares stay a draw).
 */
export function outcome(p: Plan): number {
  const aDown = sideDown(p, p.st, 0)
  const bDown = sideDown(p, p.st, 1)
  if (aDown || bDown) return aDown && bDown ? DRAW_MUTUAL : bDown ? WIN_A : WIN_B
  if (!p.rules.capMostHealth) return DRAW_CAP
  const a = health(p, 0)
  const b = health(p, 1)
  const cmp = a.left * b.full - b.left * a.full
  return cmp > 0 ? WIN_A : cmp < 0 ? WIN_B : DRAW_CAP
}

/** The last lines of a traced fight. */
export function traceOutcome(p: Plan, last: number): void {
  const st = p.st
  const sideNames = (side: number): string => p.combatants.filter((c) => c.side === (side === 0 ? 'A' : 'B')).map((c) => c.name).join(' and ')
  const won = (res: number): string => `${sideNames(res === WIN_A ? 0 : 1)} win${p.n > 2 ? '' : 's'}`
  const res = outcome(p)
  let result = res === DRAW_MUTUAL ? 'Both sides are out: a draw.' : `${won(res)}.`
  if (!sideDown(p, st, 0) && !sideDown(p, st, 1)) {
    const [a, b] = [health(p, 0), health(p, 1)]
    const verdict = res === DRAW_CAP ? 'a draw' : `${won(res)} on health`
    result = p.rules.capMostHealth ? `The Turn cap is reached: STUN + BODY left, side A ${a.left}/${a.full}, side B ${b.left}/${b.full}: ${verdict}.` : 'The Turn cap is reached: a draw.'
  }
  st.abs = last
  say(p, st, 'end', [], `${result} The fight lasted ${last - COMBAT_START + 1} Segment${last === COMBAT_START ? '' : 's'} (to ${describeSegment(last)}).`)
  for (let i = 0; i < p.n; i++) {
    say(p, st, 'note', [i], `${name(p, i)}: took ${st.stunTaken[i]} STUN and ${st.bodyTaken[i]} BODY; ${st.ko[i] ? 'Knocked Out' : `STUN ${st.stun[i]}/${p.stunMax[i]}`}; Phases lost ${st.lostPhases[i]}.`)
  }
}
