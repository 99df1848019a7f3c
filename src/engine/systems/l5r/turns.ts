import { attack, chooseTarget, rollFullDefense } from './attack'
import { canAttackIn, CENTER, FULL_DEFENSE, STANCE_LABELS } from './armor'
import { canAct, flush, nameOf, NONE, say, type Fight } from './fight'
import { AFTER_TARGET, NEVER, ONCE, stanceFor } from './plan'
import { STANCES } from './schema'
import { COUNTER, counterIndex } from './tally-layout'
import { actWhileDown } from './void'
import { DOWN, RANK_NAMES } from './wounds'

/**
 * Stage 2, Turns: highest Initiative Score first. A character may delay and let the next-highest act;
 * after every Turn each delayer (highest first) may take his Turn or delay again. Whoever is reached
 * with nobody left to let go must act; if every participant delayed, that lowest character acts and
 * then the Round ends (variant `everyoneDelays`); delayers left then lose their Turns, which are
 * never saved for the next Round.
 * @see the L5R skirmish rules (docs/rules/l5r.md section 2) Stage 2; docs/rules/l5r.md section 2
 */
export function playTurns(f: Fight): void {
  const s = f.s
  let waiting = 0
  let pos = 0
  let offer = false
  f.turnsThisRound = 0
  while (f.winner === NONE) {
    waiting = dropUnable(f, waiting)
    if (offer && waiting > 0) {
      const d = firstWilling(f, waiting)
      if (d >= 0) {
        takeTurn(f, removeAt(f, d, waiting--), false)
        continue
      }
    }
    offer = false
    const k = nextReached(f, pos)
    if (k >= 0) {
      const c = s.order[k]
      pos = k + 1
      const wants = wantsDelay(f, c, true)
      if (wants && anyoneAfter(f, pos)) {
        s.delayers[waiting++] = c
        noteDelay(f, c)
        continue
      }
      const everyoneDelayed = wants && f.turnsThisRound === 0 && waiting > 0
      if (wants) say(f, 'note', [c], `${nameOf(f, c)} would delay, but nobody else is left to act first: ${nameOf(f, c)} must take the Turn now.`)
      takeTurn(f, c, true)
      offer = true
      if (everyoneDelayed && f.plan.roundEndsWhenAllDelay) {
        forfeit(f, waiting)
        break
      }
      continue
    }
    if (waiting === 0) break
    // Every remaining character wants to delay and nobody else can act: the lowest of them must act.
    const low = waiting - 1
    say(f, 'note', [s.delayers[low]], `Everyone left is delaying: ${nameOf(f, s.delayers[low])}, the lowest, must take the Turn now.`)
    takeTurn(f, removeAt(f, low, waiting--), false)
    offer = true
  }
  flush(f)
}

/** Position in the order of the next character still to be reached who can act, or −1. */
function nextReached(f: Fight, pos: number): number {
  for (let k = pos; k < f.plan.n; k++) {
    const x = f.s.order[k]
    if (canAct(f, x) && f.s.tookTurn[x] === 0) return k
  }
  return -1
}

function anyoneAfter(f: Fight, pos: number): boolean {
  return nextReached(f, pos) >= 0
}

function dropUnable(f: Fight, waiting: number): number {
  let w = 0
  for (let k = 0; k < waiting; k++) if (canAct(f, f.s.delayers[k])) f.s.delayers[w++] = f.s.delayers[k]
  return w
}

function firstWilling(f: Fight, waiting: number): number {
  for (let k = 0; k < waiting; k++) if (!wantsDelay(f, f.s.delayers[k], false)) return k
  return -1
}

function removeAt(f: Fight, k: number, waiting: number): number {
  const d = f.s.delayers
  const c = d[k]
  for (let m = k; m < waiting - 1; m++) d[m] = d[m + 1]
  return c
}

/**
 * Delay policies: "once" delays only when first reached; "after-target" while his target is still to
 * act this Round; "to-last" whenever someone else can act.
 */
function wantsDelay(f: Fight, c: number, firstChance: boolean): boolean {
  const policy = f.plan.fighters[c].delayOf[f.round]
  if (policy === NEVER) return false
  if (policy === ONCE) return firstChance
  if (policy === AFTER_TARGET) {
    const t = chooseTarget(f, c)
    return t >= 0 && f.s.tookTurn[t] === 0 && canAct(f, t)
  }
  return true
}

function noteDelay(f: Fight, c: number): void {
  f.s.delayedThisRound[c] = 1
  f.s.delayedEver[c] = 1
  if (f.tally) f.tally.counts[counterIndex(c, COUNTER.delays)]++
  say(f, 'delay', [c], `${nameOf(f, c)} delays.`)
}

function forfeit(f: Fight, waiting: number): void {
  if (!f.log) return
  for (let k = 0; k < waiting; k++) {
    const c = f.s.delayers[k]
    say(f, 'lose', [c], `Everyone delayed, so the Round ends: ${nameOf(f, c)} loses this Round's Turn (Turns are never saved).`)
  }
}

/** From Round 2 on, the Stance for this Round is taken at the start of the Turn, before any action. */
function declareStance(f: Fight, c: number): void {
  const d = f.plan.fighters[c]
  const next = stanceFor(d, f.round, f.s.rank[c])
  const staying = f.s.stance[c] === FULL_DEFENSE
  const hurt = next !== d.stanceOf[f.round] ? ` (${RANK_NAMES[f.s.rank[c]]}: the plan when Hurt)` : ''
  if (next !== f.s.stance[c]) say(f, 'stance', [c], `${nameOf(f, c)} changes to ${STANCE_LABELS[STANCES[next]]}${hurt}.`)
  f.s.stance[c] = next
  if (next === FULL_DEFENSE) rollFullDefense(f, c, staying)
}

/** One Turn: Stance, then the attacks the Stance allows (one Complex action, or two with `attacksPerTurn` 2). */
function takeTurn(f: Fight, c: number, inSlot: boolean): void {
  const s = f.s
  groupTies(f, c, inSlot)
  // Closing the tie group before him may have just landed wounds that took him Down (or further): a
  // Down character without a Void Point to spend has no Turn (docs/rules/l5r.md#4-attacks-damage-and-wounds).
  if (f.winner !== NONE || !canAct(f, c)) return
  s.tookTurn[c] = 1
  f.turnsThisRound++
  if (f.tally) f.tally.counts[counterIndex(c, COUNTER.turns)]++
  if (s.rank[c] === DOWN) {
    actWhileDown(f, c)
    if (!inSlot) flush(f)
    return
  }
  // from Round 2 the Stance is taken at the start of the Turn; a late arrival took it with its Initiative roll this Round
  if (f.round > 0 && f.round !== f.plan.fighters[c].joinRound) declareStance(f, c)
  const stance = s.stance[c]
  if (canAttackIn(stance)) {
    for (let k = 0; k < f.plan.fighters[c].c.attacksPerTurn && f.winner === NONE; k++) {
      const t = chooseTarget(f, c)
      if (t < 0) break
      attack(f, c, t)
    }
  } else if (f.log) {
    say(f, 'act', [c], stance === CENTER ? `${nameOf(f, c)} is in Center Stance and takes no action.` : `${nameOf(f, c)} stays on guard (${STANCE_LABELS[STANCES[stance]]}: no attacks).`)
  }
  const t = s.target[c]
  if (s.delayedThisRound[c] === 1 && t >= 0 && s.tookTurn[t] === 1) {
    s.afterTargetRound[c] = f.round + 1
    s.afterTargetWho[c] = t
  }
  if (!inSlot) flush(f)
}

/** variants.initiativeTies "simultaneous": characters reached in their own slot with the same score form one group. */
function groupTies(f: Fight, c: number, inSlot: boolean): void {
  if (f.plan.simultaneousTies && inSlot && f.batchOpen && f.s.score[c] === f.batchScore) return
  flush(f)
  if (f.plan.simultaneousTies && inSlot) {
    f.batchOpen = true
    f.batchSerial++
    f.batchScore = f.s.score[c]
  }
}
