import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import { formatRoll } from '../../dice/roll-and-keep'
import { rollFullDefense } from './attack'
import { canAttackIn, CENTER, FULL_DEFENSE, STANCE_LABELS } from './armor'
import { canAct, diceOf, DRAW, isDefeated, nameOf, newFight, NONE, roll, say, SIDE_A, SIDE_B, type Fight } from './fight'
import { stanceFor, type Plan } from './plan'
import { STANCES } from './schema'
import { binBase, COUNTER, counterIndex, DEFEAT_ROUND_OFFSET, FIGHT_BINS, INIT_BINS, INIT_OFFSET, lengthBins, outcomeCounter, PER_FIGHT_OFFSET, VOID_BINS, voidOffset } from './tally-layout'
import { playTurns } from './turns'
import { declareVoidArmor, declareVoidInitiative, declareVoidSwaps, expireVoidArmor, recordVoid, resetVoid, voidOnInitiativeRoll } from './void'
import { DEAD, DOWN, OUT } from './wounds'

const TIE_RANDOM = 1 << 20

/**
 * One skirmish: Stage 1 Initiative in the first Round only, then for each Round Stage 2 Turns and
 * Stage 3 Reactions, until a side is defeated or the Round cap. `simulate` passes a tally, `trace` a
 * log; both come through here so they draw the same numbers.
 * @see the L5R skirmish rules (docs/rules/l5r.md section 2); docs/rules/l5r.md section 5
 */
export function playSkirmish(plan: Plan, rng: Rng, tally: Tally | undefined, log: TraceEvent[] | undefined, reuse?: Fight): Fight {
  const f = reuse ?? newFight(plan, rng, log, tally)
  f.rng = rng
  f.dice = diceOf(rng)
  f.log = log
  f.tally = tally
  f.winner = NONE
  f.batchOpen = false
  f.batchSerial = 0
  f.firstBloodBy = -1
  f.firstBloodBatch = -1
  f.firstBloodShared = false
  f.round = 0
  resetState(f)
  let r = 0
  for (; r < plan.cap; r++) {
    f.round = r
    // Stage 1, Initiative, in each character's first Round (Round 1, or the Round a late arrival joins in)
    initiative(f)
    startRound(f)
    playTurns(f)
    if (f.winner !== NONE) break
    reactions(f)
  }
  if (f.winner === NONE) {
    f.round = plan.cap - 1
    f.winner = plan.mostHealthOnCap ? healthier(f) : DRAW
    if (log) say(f, 'end', [], `Round cap (${plan.cap}) reached: ${plan.mostHealthOnCap ? 'the side with more health left' : 'a draw'}.`)
  }
  if (log) say(f, 'end', [], f.winner === DRAW ? 'The skirmish ends in a draw.' : `Side ${f.winner === SIDE_A ? 'A' : 'B'} wins in Round ${Math.min(r, plan.cap - 1) + 1}.`)
  if (tally) record(f, tally, Math.min(r, plan.cap - 1) + 1)
  return f
}

function resetState(f: Fight): void {
  const s = f.s
  s.wounds.fill(0)
  s.rank.fill(0)
  s.fullDefenseAdd.fill(0)
  s.centered.fill(0)
  s.target.fill(-1)
  s.pending.fill(0)
  s.dealt.fill(0)
  s.defeatedIn.fill(0)
  s.afterTargetRound.fill(-1)
  s.afterTargetWho.fill(-1)
  s.paidOff.fill(0)
  s.delayedEver.fill(0)
  s.present.fill(0)
  s.initiative.fill(0)
  s.held.fill(0)
  resetVoid(f)
}

/**
 * Stage 1 (first Round only): each character takes his Stance, then rolls (Agility + Class Rank) k
 * Agility, +1k1 with a Void Point planned for it (docs/rules/l5r.md section 1); the score stays for the whole skirmish. The default of variants.initiativeTies orders equal scores by Agility, then
 * Class Rank, then a random draw made now and kept. Full Defense rolls follow, in roster order.
 */
function initiative(f: Fight): void {
  const s = f.s
  const plan = f.plan
  const names = plan.scenario.traitNames
  let any = false
  for (let i = 0; i < plan.n; i++) {
    const d = plan.fighters[i]
    if (d.joinRound !== f.round) continue
    any = true
    s.present[i] = 1
    if (f.round > 0 && f.log) say(f, 'note', [i], `${d.c.name} joins the skirmish in Round ${f.round + 1}.`)
    s.stance[i] = d.stanceOf[f.round]
    const boosted = voidOnInitiativeRoll(f, i)
    const spec = boosted ? d.initVoid : d.init
    s.initiative[i] = roll(f, d.initT, boosted ? 1 : 0, spec, true)
    s.held[i] = s.initiative[i]
    s.tiebreak[i] = plan.simultaneousTies ? 0 : d.traitKey * TIE_RANDOM + f.rng.below(TIE_RANDOM)
    if (f.log) {
      const extra = boosted ? `, a Void Point adds +1k1, ${s.voidLeft[i]} left` : ''
      say(f, 'roll', [i], `${d.c.name} takes ${STANCE_LABELS[STANCES[s.stance[i]]]} and rolls Initiative ${formatRoll(spec)} (${names.initiative} ${d.c.agility} + ${names.rank} ${d.c.classRank}, keep ${names.initiative}${extra}): ${s.initiative[i]}.`)
    }
  }
  if (!any) return
  for (let i = 0; i < plan.n; i++) if (plan.fighters[i].joinRound === f.round && s.stance[i] === FULL_DEFENSE) rollFullDefense(f, i)
}

/**
 * Round start: Void +10 Initiative and Void swaps declared, then this Round's scores (Initiative after
 * swaps, + 10 bought with Void, + 10 after Center Stance) and the order: score, tie rule, roster; then Void +10 Armor TN.
 */
function startRound(f: Fight): void {
  const s = f.s
  const n = f.plan.n
  declareVoidInitiative(f)
  declareVoidSwaps(f)
  for (let i = 0; i < n; i++) {
    s.score[i] = (f.plan.anySwap ? s.roundHeld[i] : s.held[i]) + s.initBonus[i] + (s.centered[i] ? 10 : 0)
    s.tookTurn[i] = 0
    s.delayedThisRound[i] = 0
    s.centerUsed[i] = 0
    s.order[i] = i
  }
  for (let a = 1; a < n; a++) {
    const x = s.order[a]
    let b = a - 1
    while (b >= 0 && before(f, x, s.order[b])) {
      s.order[b + 1] = s.order[b]
      b--
    }
    s.order[b + 1] = x
  }
  if (f.log) {
    const parts: string[] = []
    for (let k = 0; k < n; k++) {
      const i = s.order[k]
      if (!canAct(f, i)) continue
      parts.push(`${nameOf(f, i)} ${s.score[i]}${s.initBonus[i] ? ' (+10 Void)' : ''}${s.centered[i] ? ' (+10 Center)' : ''}`)
    }
    say(f, 'round', [], `Round ${f.round + 1} — Turn order: ${parts.join(', ')}.`)
  }
  if (f.round === 0) {
    s.firstLead = s.order[0]
    s.firstScore.set(s.score)
  }
  declareVoidArmor(f)
}

function before(f: Fight, x: number, y: number): boolean {
  const s = f.s
  if (s.score[x] !== s.score[y]) return s.score[x] > s.score[y]
  if (s.tiebreak[x] !== s.tiebreak[y]) return s.tiebreak[x] > s.tiebreak[y]
  return x < y
}

/**
 * Stage 3, Reactions, all at once: last Round's Center bonus expires (spent or not), a Void Point's
 * +10 Armor TN bought for this Round ends, and whoever spent this Round's Turn in Center Stance gets
 * +10 Initiative and +1k1 + Void on one roll (his attack or Full Defense roll) for the next Round.
 * @see the L5R skirmish rules (docs/rules/l5r.md section 2) Stage 3; docs/rules/l5r.md section 3 (Center)
 */
function reactions(f: Fight): void {
  const s = f.s
  for (let i = 0; i < f.plan.n; i++) {
    const grant = s.tookTurn[i] === 1 && s.stance[i] === CENTER && s.rank[i] < DOWN ? 1 : 0
    if (f.log && s.centered[i] === 1) say(f, 'reaction', [i], `Reactions: ${nameOf(f, i)}'s Center Stance bonus ends${s.centerUsed[i] ? '' : ' unused'}.`)
    if (f.log && grant) say(f, 'reaction', [i], `Reactions: ${nameOf(f, i)}'s Center Stance gives +10 Initiative next Round and +1k1+${f.plan.fighters[i].c.void} ${centerRollText(f, i)}.`)
    s.centered[i] = grant
    expireVoidArmor(f, i)
  }
}

/**
 * Which roll next Round's Center bonus goes on, from the plan's Stance for that Round: the first attack
 * roll (Attack, Full Attack), the Full Defense roll, or none (Defense, Center: no roll, so it goes unused).
 */
function centerRollText(f: Fight, i: number): string {
  const next = f.round + 1 < f.plan.cap ? stanceFor(f.plan.fighters[i], f.round + 1, f.s.rank[i]) : -1
  if (next < 0) return 'on one roll next Round (the Round cap ends the skirmish first)'
  if (canAttackIn(next)) return `on ${nameOf(f, i)}'s first attack roll next Round`
  if (next === FULL_DEFENSE) return `on ${nameOf(f, i)}'s Full Defense roll next Round`
  return `on one roll, but ${nameOf(f, i)} plans ${STANCE_LABELS[STANCES[next]]} next Round, which makes no roll: it will go unused`
}

/** Remaining health fraction per side (docs/rules/l5r.md section 5 `most-health`); no allocation. */
function healthier(f: Fight): number {
  let leftA = 0
  let leftB = 0
  let totalA = 0
  let totalB = 0
  for (let i = 0; i < f.plan.n; i++) {
    const d = f.plan.fighters[i]
    const cap = d.thresholds[OUT]
    const left = isDefeated(f, i) ? 0 : Math.max(0, cap - f.s.wounds[i])
    if (d.side === SIDE_A) {
      leftA += left
      totalA += cap
    } else {
      leftB += left
      totalB += cap
    }
  }
  const a = leftA / totalA
  const b = leftB / totalB
  return a > b ? SIDE_A : b > a ? SIDE_B : DRAW
}

function record(f: Fight, tally: Tally, rounds: number): void {
  const plan = f.plan
  const s = f.s
  const c = tally.counts
  const bins = tally.bins
  c[outcomeCounter(plan, f.winner)]++
  bins[lengthBins(plan) + rounds - 1]++
  for (let i = 0; i < plan.n; i++) {
    const base = binBase(plan, i)
    // a late arrival who never joined (the skirmish ended first) rolled no Initiative
    if (s.present[i] === 1) bins[base + INIT_OFFSET + Math.min(s.initiative[i], INIT_BINS - 1)]++
    bins[base + PER_FIGHT_OFFSET + Math.min(s.dealt[i], FIGHT_BINS - 1)]++
    if (s.defeatedIn[i] > 0) {
      c[counterIndex(i, COUNTER.defeated)]++
      bins[base + DEFEAT_ROUND_OFFSET + s.defeatedIn[i] - 1]++
    }
    if (s.delayedEver[i]) c[counterIndex(i, COUNTER.delayedTrials)]++
    if (s.rank[i] === DEAD) c[counterIndex(i, COUNTER.dead)]++
    if (s.paidOff[i]) c[counterIndex(i, COUNTER.payoff)]++
    bins[base + voidOffset(plan) + Math.min(s.voidSpent[i], VOID_BINS - 1)]++
    recordVoid(f, c, i)
  }
  recordFirst(f, c)
  if (f.firstBloodBy >= 0 && !f.firstBloodShared) c[counterIndex(f.firstBloodBy, COUNTER.firstBlood)]++
}

/**
 * Leads the Round 1 order: its score (Initiative plus a Void +10 bought at Round 1 start), then the tie
 * rule; under "simultaneous" every character with the top Round 1 score counts.
 */
function recordFirst(f: Fight, c: Float64Array): void {
  const s = f.s
  const lead = s.firstLead
  for (let i = 0; i < f.plan.n; i++) {
    if (i === lead || (f.plan.simultaneousTies && s.firstScore[i] === s.firstScore[lead])) c[counterIndex(i, COUNTER.initiativeFirst)]++
  }
}
