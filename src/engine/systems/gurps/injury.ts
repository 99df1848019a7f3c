import { gurpsCritical, gurpsSucceeds } from '../../dice/three-d6'
import { Cond } from './codes'
import { nameOf, roll3, RollUse, rollText, say } from './log'
import { armOf, type Plan } from './plan'
import type { FightState } from './state'

/**
 * What injury does to a fighter: HP, shock, Major Wound knockdown, death checks.
 * @see docs/rules/gurps.md section 3 (Damage and injury; Consequences of injury)
 */

/** Takes a fighter out of the fight and ends it when at most one side is left standing. */
export function takeOut(plan: Plan, st: FightState, v: number, cond: Cond): void {
  if (st.cond[v] !== Cond.Ok) {
    if (cond === Cond.Dead) st.cond[v] = Cond.Dead
    return
  }
  st.cond[v] = cond
  st.outAt[v] = st.round
  st.waiting[v] = 0
  let first = -1
  for (let i = 0; i < st.n; i++) {
    if (st.cond[i] !== Cond.Ok) continue
    const side = plan.fighters[i].side
    if (first === -1) first = side
    else if (side !== first) return
  }
  st.over = true
}

/**
 * Shock: −1 per HP of injury (per ⌊HP/10⌋ HP at 20+ HP), at most −4 (−8 with a doubled-shock critical
 * or Low Pain Threshold, which doubles it); none with High Pain Threshold. It builds up for his next turn
 * (`shockCarry`, the source's shockNext) and is in force through that turn, which lasts from choosing
 * its maneuver until he chooses the next one, so a Wait chosen then is penalised when it fires.
 * @see docs/rules/gurps.md section 3, docs/rules/gurps.md section 3 (shockNext), docs/rules/gurps.md section 3 (shockNow = shockNext at the start of his turn); docs/rules/gurps.md section 3
 */
export function addShock(plan: Plan, st: FightState, v: number, injury: number, doubled: boolean): void {
  const f = plan.fighters[v]
  if (f.highPain || injury <= 0) return
  let s = Math.floor(injury / Math.max(1, Math.floor(f.hpMax / 10)))
  if (f.lowPain || doubled) s *= 2
  const cap = f.lowPain || doubled ? 8 : 4
  st.shockCarry[v] = Math.min(cap, st.shockCarry[v] + s)
  // "moment-of-injury": in force at once as well, until the end of his next turn (a fighter acting in a
  // simultaneous slot keeps the shock frozen when the slot began)
  if (plan.rules.shockAtInjury) st.shock[v] = Math.min(Math.max(cap, st.shock[v]), st.shock[v] + s)
}

/**
 * Major Wound HT roll: failure stuns and knocks down; failure by 5+ or a critical failure knocks out.
 * Under variants.painThresholdRolls "basic-set" (default) High Pain Threshold gives +3 and Low
 * Pain Threshold −4 to this roll (GURPS Basic Set p.B59, p.B142); docs/rules/gurps.md section 3 gives the traits only their shock
 * effects, which "shock-only" keeps to.
 */
export function knockdownRoll(plan: Plan, st: FightState, v: number): void {
  const f = plan.fighters[v]
  const target = f.ht + (plan.rules.painThresholdRolls ? (f.highPain ? 3 : f.lowPain ? -4 : 0) : 0)
  const r = roll3(st, RollUse.Knockdown, target)
  const ok = gurpsSucceeds(r, target)
  if (st.log) say(st, 'roll', [v], plan, `Major wound! ${nameOf(plan, v)} ${rollText(r, target, ok)} on HT to stay up.`)
  if (ok) return
  if (gurpsCritical(r, target) === 'failure' || r - target >= 5) {
    if (st.log) say(st, 'out', [v], plan, `${nameOf(plan, v)} is knocked unconscious.`)
    takeOut(plan, st, v, Cond.Unconscious)
    return
  }
  st.stunned[v] = 1
  st.prone[v] = plan.rules.standThenReady ? 1 : 0
  st.ready[v] = 0
  st.knocked[v] = 1
  if (st.log) say(st, 'note', [v], plan, `${nameOf(plan, v)} is stunned, falls down and drops the ${armOf(plan, st, v).weapon}.`)
}

/** Death checks at −1×, −2×, −3×, −4× HP crossed by this injury; automatic death at −5× HP. */
export function deathChecks(plan: Plan, st: FightState, v: number, before: number): void {
  // above −1×HP there is no check to make (most blows)
  if (st.hp[v] > -plan.fighters[v].hpMax) return
  checksBelowZero(plan, st, v, before)
}

function checksBelowZero(plan: Plan, st: FightState, v: number, before: number): void {
  const f = plan.fighters[v]
  const hp = st.hp[v]
  for (let k = 1; k <= 4 && st.cond[v] !== Cond.Dead; k++) {
    const line = -k * f.hpMax
    if (!(before > line && hp <= line)) continue
    const r = roll3(st, RollUse.DeathCheck, f.ht)
    const ok = gurpsSucceeds(r, f.ht)
    if (st.log) say(st, 'roll', [v], plan, `${nameOf(plan, v)} is at ${hp} HP (−${k}×HP): ${rollText(r, f.ht, ok)} on HT to survive.`)
    if (ok) continue
    if (plan.rules.mortalWound && r - f.ht <= 2) {
      if (st.log) say(st, 'out', [v], plan, `${nameOf(plan, v)} is mortally wounded.`)
      takeOut(plan, st, v, Cond.Mortal)
    } else {
      if (st.log) say(st, 'out', [v], plan, `${nameOf(plan, v)} dies.`)
      takeOut(plan, st, v, Cond.Dead)
    }
  }
  if (hp <= -5 * f.hpMax && st.cond[v] !== Cond.Dead) {
    if (st.log) say(st, 'out', [v], plan, `${nameOf(plan, v)} is at −5×HP and dies.`)
    takeOut(plan, st, v, Cond.Dead)
  }
}

/** Applies one injury from attacker `a` to victim `v`; `major` forces the Major Wound roll (critical-hit results 7, 13, 14). */
export function applyInjury(plan: Plan, st: FightState, a: number, v: number, injury: number, doubledShock: boolean, major: boolean): void {
  if (injury <= 0) return
  const f = plan.fighters[v]
  const before = st.hp[v]
  st.hp[v] = before - injury
  st.dealt[a] += injury
  if (st.log) logInjury(plan, st, v, injury)
  addShock(plan, st, v, injury, doubledShock)
  if (2 * injury > f.hpMax || major) knockdownRoll(plan, st, v)
  deathChecks(plan, st, v, before)
}

/**
 * At the start of each of his turns at 0 HP or less: HT roll at −1 per full multiple of HP below zero,
 * or fall unconscious. Returns false if he passed out.
 */
export function consciousnessRoll(plan: Plan, st: FightState, v: number): boolean {
  const f = plan.fighters[v]
  if (st.hp[v] > 0) return true
  const target = f.ht - Math.floor(-st.hp[v] / f.hpMax)
  const r = roll3(st, RollUse.Success, target)
  const ok = gurpsSucceeds(r, target)
  if (st.log) logConsciousness(plan, st, v, r, target, ok)
  if (!ok) takeOut(plan, st, v, Cond.Unconscious)
  return ok
}

// The trace's lines live in functions of their own, out of the hot functions: a smaller hot function is
// one the compiler can take whole into its caller.
function logInjury(plan: Plan, st: FightState, v: number, injury: number): void {
  say(st, 'damage', [v], plan, `${nameOf(plan, v)} takes ${injury} injury (HP ${st.hp[v]}/${plan.fighters[v].hpMax}).`)
}

function logConsciousness(plan: Plan, st: FightState, v: number, r: number, target: number, ok: boolean): void {
  say(st, 'roll', [v], plan, `${nameOf(plan, v)} is at ${st.hp[v]} HP: ${rollText(r, target, ok)} on HT to stay conscious.`)
  if (!ok) say(st, 'out', [v], plan, `${nameOf(plan, v)} passes out.`)
}
