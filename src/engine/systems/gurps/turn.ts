import { gurpsSucceeds } from '../../dice/three-d6'
import { Aod, Cond, Maneuver, Trigger } from './codes'
import { consciousnessRoll } from './injury'
import { F } from './layout'
import { nameOf, roll3, RollUse, rollText, say } from './log'
import { chooseBest } from './best'
import { MAX_ARMS } from './fighter'
import { offense, pickTarget, readyOnce, up } from './maneuver'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'
import { Ev, interrupt } from './waits'

/**
 * One fighter's turn: what expires, the rolls that come first, what he is forced to do, and the
 * maneuver his plan chooses (the plan's k-th entry on his k-th turn; the last one repeats). At 0 HP or
 * less a stunned fighter (forced to Do Nothing) skips the consciousness roll unless he defends.
 * @see docs/rules/gurps.md section 3 (Maneuvers; Consequences of injury; The fight loop)
 */
export function takeTurn(plan: Plan, st: FightState, f: number): void {
  if (st.cond[f] !== Cond.Ok) return
  st.current = f
  st.ownTurns[f]++
  // shock taken since his last turn is in force from now until he next chooses a maneuver (docs/rules/gurps.md section 3)
  st.shock[f] = st.shockCarry[f]
  st.shockCarry[f] = 0
  if (st.log) logTurn(plan, st, f)
  if (st.waiting[f]) {
    // variants.unusedWait: a Wait that never fired wasted the turn; a fresh maneuver is chosen now
    st.waiting[f] = 0
    st.waitWasted[f] = 1
    st.tally.counts[plan.layout.fighter[f] + F.WaitsWastedTotal]++
    if (st.log) logNote(plan, st, f, "'s Wait never fired: that turn was wasted.")
  }
  // defences chosen on his last turn last until now
  st.noDefense[f] = 0
  st.aod[f] = Aod.None
  st.retreated[f] = 0
  st.movedYards[f] = 0
  st.movedToward[f] = -1
  st.parries[f] = 0
  st.blocks[f] = 0
  st.noParry[f] = 0
  st.noRetreat[f] = 0
  st.parriedUnbalanced[f] = 0
  st.koRollPending[f] = 0
  body(plan, st, f)
  if (st.feintOn[f] >= 0 && st.ownTurns[f] > st.feintTurn[f]) st.feintOn[f] = -1
  st.current = -1
}

// The trace's lines live in functions of their own, out of the hot functions: a smaller hot function is
// one the compiler can take whole into its caller.
function logTurn(plan: Plan, st: FightState, f: number): void {
  say(st, 'turn', [f], plan, `${nameOf(plan, f)}'s turn (HP ${st.hp[f]}/${plan.fighters[f].hpMax}${st.shock[f] ? `, shock −${st.shock[f]}` : ''}).`)
}

function logNote(plan: Plan, st: FightState, f: number, text: string): void {
  say(st, 'note', [f], plan, `${nameOf(plan, f)}${text}`)
}

function logStand(plan: Plan, st: FightState, f: number): void {
  say(st, 'act', [f], plan, `${nameOf(plan, f)} gets back on his feet (Change Posture).`)
}

function logStep(plan: Plan, st: FightState, f: number, m: Maneuver): void {
  if (m === Maneuver.Wait) say(st, 'act', [f], plan, `${nameOf(plan, f)} takes a Wait.`)
  else say(st, 'act', [f], plan, `${nameOf(plan, f)} ${m === Maneuver.Ready ? 'takes a Ready (nothing to ready)' : 'goes on All-Out Defense'}.`)
}

function body(plan: Plan, st: FightState, f: number): void {
  if (st.stunned[f] && st.hp[f] <= 0) {
    // a Do Nothing turn with no defence roll needs no consciousness roll; a defence roll calls for it first
    st.koRollPending[f] = 1
    if (st.log) logNote(plan, st, f, ` is at ${st.hp[f]} HP but must Do Nothing: no roll to stay conscious unless he defends before his next turn.`)
  } else if (!consciousnessRoll(plan, st, f)) return
  if (st.stunned[f]) return stunnedTurn(plan, st, f)
  if (st.prone[f]) {
    if (st.log) logStand(plan, st, f)
    interrupt(plan, st, Ev.Act, f, -1)
    st.prone[f] = 0
    return
  }
  // with several attacks, the foe comes first: which attack he takes up depends on him
  const several = plan.fighters[f].arms.length > 1
  if (several) {
    const t = pickTarget(plan, st, f)
    if (t < 0) return
    if (plan.fighters[f].using < 0) chooseBest(plan, st, f, t)
  }
  if (!st.ready[f]) {
    if (st.log) say(st, 'act', [f], plan, readyText(plan, st, f))
    interrupt(plan, st, Ev.Act, f, -1)
    if (up(st, f) && !st.stunned[f]) readyOnce(plan, st, f)
    return
  }
  const steps = plan.fighters[f].steps
  const step = steps[Math.min(st.ownTurns[f], steps.length) - 1]
  const t = several ? st.target[f] : pickTarget(plan, st, f)
  if (t < 0) return
  // a Wait for a named enemy who is already out of the fight can never fire: he attacks instead
  if (step.maneuver === Maneuver.Wait && step.trigger === Trigger.NamedActs && !up(st, step.enemy)) return offense(plan, st, f, t, Maneuver.Attack, 0)
  if (step.maneuver === Maneuver.Wait) {
    st.waiting[f] = 1
    st.waitStep[f] = Math.min(st.ownTurns[f], steps.length) - 1
    if (st.log) logStep(plan, st, f, Maneuver.Wait)
    return
  }
  if (step.maneuver === Maneuver.AllOutDefense || step.maneuver === Maneuver.Ready) {
    if (step.maneuver === Maneuver.AllOutDefense) st.aod[f] = step.option
    if (st.log) logStep(plan, st, f, step.maneuver)
    interrupt(plan, st, Ev.Act, f, -1)
    return
  }
  offense(plan, st, f, t, step.maneuver, step.option)
}

/** What his Ready does, for the trial log: readies the weapon, takes up another thrown one, or reloads. */
function readyText(plan: Plan, st: FightState, f: number): string {
  const w = armOf(plan, st, f)
  const who = nameOf(plan, f)
  if (st.readyLeft[f] > 1) return `${who} reloads the ${w.weapon} (${st.readyLeft[f] - 1} more Ready turn${st.readyLeft[f] > 2 ? 's' : ''} to go).`
  if (w.thrown && st.shotsLeft[f * MAX_ARMS + w.index] <= 0) return `${who} readies another ${w.weapon} (a thrown weapon needs a Ready before the next throw).`
  if (w.shots > 0 && st.shotsLeft[f * MAX_ARMS + w.index] <= 0) return `${who} finishes reloading the ${w.weapon}.`
  return `${who} readies the ${w.weapon}.`
}

/** Stunned: Do Nothing (defends at −4), then an HT roll at the end of the turn to recover. */
function stunnedTurn(plan: Plan, st: FightState, f: number): void {
  const ht = plan.fighters[f].ht
  const r = roll3(st, RollUse.Success, ht)
  const ok = gurpsSucceeds(r, ht)
  if (ok) st.stunned[f] = 0
  if (st.log) say(st, 'roll', [f], plan, `${nameOf(plan, f)} is stunned and does nothing; ${rollText(r, ht, ok)} on HT${ok ? ' and recovers' : ''}.`)
}
