import { Aoa, Aod, Maneuver } from './codes'
import type { Plan } from './plan'
import type { FightState } from './state'

/**
 * Situations of an exact duel (exact-fight.ts) told apart only by what can still change the fight: before
 * a situation is numbered, every field that nothing will read before it is overwritten is set to one
 * value. Each reduction below says why it cannot change any result (who wins, when, the injury, who is
 * out or dead); the Monte Carlo agreement tests (exact-fight.test.ts) check it in aggregate.
 */
export interface CanonicalScope {
  /** Some fighter's plan takes a Wait: interrupts (and Stop Hits) can read fields between turns. */
  waits: boolean
  /** Some fighter's plan feints: a feint reads the foe's shock in force. */
  feints: boolean
  /** Shock lowers active defences (variants.shockOnDefense): the defender's shock is read on the foe's turn. */
  shockOnDefense: boolean
  /** Two fighters on two sides: each one's foe is always the other. */
  duel: boolean
  /** Length of each fighter's plan. */
  steps: number[]
}

export function canonicalScope(plan: Plan): CanonicalScope {
  const all = plan.fighters.flatMap((f) => f.steps)
  return {
    waits: all.some((s) => s.maneuver === Maneuver.Wait),
    feints: all.some((s) => s.maneuver === Maneuver.Feint || (s.maneuver === Maneuver.AllOutAttack && s.option === Aoa.Feint)),
    shockOnDefense: plan.rules.shockOnDefense,
    duel: plan.fighters.length === 2 && plan.fighters[0].side !== plan.fighters[1].side,
    steps: plan.fighters.map((f) => f.steps.length),
  }
}

/**
 * Sets the fields of `st` that cannot matter any more to one value. `next` is the fighter whose turn
 * comes next (−1 when unknown: the start of the fight, or a fight that is over).
 */
export function canonicalise(plan: Plan, st: FightState, scope: CanonicalScope, next: number): void {
  const n = st.n
  for (let i = 0; i < n; i++) {
    // the yards a maneuver still allows are set by the maneuver (maneuver.ts perform, offense) before any read
    st.moveLeft[i] = 0
    // his place in his plan matters only until he reaches its last entry, which repeats (turn.ts: the k-th
    // entry on his k-th turn): a count at or past one short of the plan's length picks the last entry next.
    // A Feint's turn is read only against his own turn count (turn.ts), so it moves with it
    const extra = st.ownTurns[i] - (scope.steps[i] - 1)
    if (extra > 0) {
      st.ownTurns[i] -= extra
      st.feintTurn[i] -= extra
    }
    // a Feint's margin and turn are read only while the Feint is on
    if (st.feintOn[i] < 0) {
      st.feintTurn[i] = 0
      st.feintMargin[i] = 0
    }
    // in a duel his foe is always the other fighter, whatever he had before (maneuver.ts pickTarget: the
    // preferred target, the one he had, or the best of the enemies standing is the only enemy); the
    // remembered target is read nowhere else
    if (scope.duel) st.target[i] = n - 1 - i
  }
  // Everything below holds because no Wait can interrupt anything: between one turn and the next nothing
  // happens but that next turn (the signal sets off only Waits; the opening sequence roll moves no field).
  if (scope.waits) return
  // yards moved toward a foe this turn are read only against a stop thrust, which comes from a Wait
  st.movedYards.fill(0)
  st.movedToward.fill(-1)
  if (next >= 0) {
    // the defences he chose on his last turn (All-Out Attack's none, All-Out Defense, a retreat, parries
    // and blocks so far, no parry after an unbalanced swing or a Move and Attack, a pending consciousness
    // roll) last until his next turn begins, and turn.ts takeTurn clears them before reading anything
    // else: the next turn is his, so they are already spent
    st.noDefense[next] = 0
    st.aod[next] = Aod.None
    st.retreated[next] = 0
    st.parries[next] = 0
    st.blocks[next] = 0
    st.noParry[next] = 0
    st.noRetreat[next] = 0
    st.parriedUnbalanced[next] = 0
    st.koRollPending[next] = 0
  }
  if (scope.feints || scope.shockOnDefense) return
  // the shock in force is read only by his own attacks (set from the shock carried over when his turn
  // begins), a foe's Feint, a defence under variants.shockOnDefense and a Wait's blow: with none of
  // these, what it holds between turns is never read
  st.shock.fill(0)
  // the shock carried into his next turn is read only by an attack on that turn: stunned, down or
  // without his weapon, that turn is spent recovering, standing or readying (turn.ts), and it is cleared
  // (with several attacks he may take up another that is ready instead, so only with one)
  if (next >= 0 && (st.stunned[next] || st.prone[next] || (!st.ready[next] && plan.fighters[next].arms.length === 1))) st.shockCarry[next] = 0
}

/**
 * What a turn reads of a fighter's HP outside the injury itself: whether he is below a third of his HP
 * (Dodge and Move halved, defense.ts dodgeBase, maneuver.ts moveNow), at 0 HP or less (turn.ts: the
 * consciousness roll, or none on a stunned Do Nothing turn) and then how many full multiples of HP below
 * zero (the roll's penalty, injury.ts consciousnessRoll). Situations equal but for HP in the same class
 * play the turn up to the blow's injury alike.
 */
export function hpClass(hpMax: number, hp: number): number {
  if (hp > 0) return 3 * hp < hpMax ? 1 : 0
  return 2 + Math.floor(-hp / hpMax)
}

/**
 * Whether each turn can be split at the blow's injury (exact-fight.ts): a duel with one blow at most a
 * turn, after which nothing more of the turn reads what the injury changes. A Wait or Stop Hit can strike
 * back inside the turn, All-Out Attack (Double) strikes again only if the foe is still up, a Feint reads
 * shock; those fights are replayed whole.
 */
export function phasedTurns(plan: Plan, scope: CanonicalScope): boolean {
  const double = plan.fighters.some((f) => f.steps.some((s) => s.maneuver === Maneuver.AllOutAttack && s.option === Aoa.Double))
  return scope.duel && !scope.waits && !scope.feints && !scope.shockOnDefense && !double
}
