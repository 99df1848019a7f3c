import type { Rng } from '../../core/rng'
import type { Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { Pool } from '../../dice/narrative-dice'
import { exactCheck, jointStridesOf, resultAt, type CheckDistribution } from '../../dice/narrative-exact'
import type { ModifierOrder } from '../../dice/narrative-pool'
import { compilePool, facesRolled, jointTables, rollJoint, type CompiledPool } from '../../dice/narrative-roll'
import { attackPool, checkBand, type DefenseStacking } from './combat-check'
import { critTriggers, hitDamage, isHit, soakAgainst, woundsAfterSoak } from './damage'
import type { CheckConfig, GenesysScenario } from './schema'

/**
 * One combat check (mode "check"): every trial rolls the pool once and lands in one bin of the joint
 * (net successes, net advantage, Triumphs, Despairs) histogram; hit, damage, wounds and criticals are read
 * from that histogram with the same function the exact answer uses.
 * @see the Star Wars turn rules (docs/rules/genesys.md section 5) "Perform a combat check" and docs/rules/genesys.md sections 4 and 6
 */
export interface CheckPlan {
  mode: 'check'
  scenario: GenesysScenario
  pool: Pool
  cp: CompiledPool
  dist: CheckDistribution
  tables: Int32Array[]
  base: number
  /** Weapon damage, Brawn included for "+X" weapons. */
  damage: number
  crit: number
  soak: number
}

export interface CheckOutcome {
  hit: boolean
  damage: number
  wounds: number
  crits: number
}

/** The dice of the configured check: given as they are, or built from characteristic, skill and situation. */
export function checkPool(c: CheckConfig, rules: Record<string, string>): Pool {
  if (c.pool) return { ...c.pool }
  return attackPool(
    {
      characteristic: c.characteristic ?? 1,
      skill: c.skill ?? 0,
      combatSkill: c.weapon.skill,
      band: checkBand(c.range, c.weapon),
      shooterEngaged: c.shooterEngaged,
      aims: c.aims,
      ownGuarded: c.guardedStance,
      targetCover: c.target.cover,
      targetProne: c.target.prone,
      targetGuarded: c.target.guardedStance,
      targetDefense: c.target.defense,
      extraBoost: c.boost + c.weapon.qualities.accurate,
      extraSetback: c.setback + c.weapon.qualities.inaccurate,
      extraIncrease: c.weapon.qualities.autoFire ? 1 : 0,
      upgradeAbility: c.upgradeAbility,
      upgradeDifficulty: c.upgradeDifficulty + c.target.adversary,
      downgradeAbility: c.downgradeAbility,
      downgradeDifficulty: c.downgradeDifficulty,
    },
    rules.defenseStacking as DefenseStacking,
    rules.modifierOrder as ModifierOrder,
  )
}

export function compileCheck(s: GenesysScenario): CheckPlan {
  const c = s.check as CheckConfig
  const pool = checkPool(c, s.rules)
  const cp = compilePool(pool)
  const dist = exactCheck(pool)
  const strides = jointStridesOf(dist)
  return {
    mode: 'check',
    scenario: s,
    pool,
    cp,
    dist,
    tables: jointTables(cp, strides),
    base: strides.base,
    damage: c.weapon.damage + (c.weapon.addsBrawn ? c.brawn : 0),
    crit: c.weapon.crit,
    soak: soakAgainst(c.target.soak, c.weapon.qualities.pierce, c.weapon.qualities.breach),
  }
}

/** What one result means for the attack: the single definition behind sampled and exact metrics. */
export function checkOutcome(plan: Pick<CheckPlan, 'damage' | 'crit' | 'soak'>, net: number, adv: number, tr: number): CheckOutcome {
  if (!isHit(net)) return { hit: false, damage: 0, wounds: 0, crits: 0 }
  const damage = hitDamage(plan.damage, net)
  const wounds = woundsAfterSoak(damage, plan.soak)
  return { hit: true, damage, wounds, crits: critTriggers(wounds, adv, tr, plan.crit) }
}

export function checkShape(plan: CheckPlan): { counters: number; bins: number } {
  return { counters: 0, bins: plan.dist.counts.length }
}

/** One check, one draw per dice group, one bin. */
export function simulateCheck(plan: CheckPlan, rng: Rng, tally: Tally): void {
  tally.bins[rollJoint(rng, plan.cp, plan.tables, plan.base)]++
}

function signed(x: number): string {
  return x > 0 ? `+${x}` : `${x}`
}

/** The check told die by die, then read as a GM would; same draws as `simulateCheck`. */
export function traceCheck(plan: CheckPlan, rng: Rng): TraceEvent[] {
  const log: number[] = []
  const cell = rollJoint(rng, plan.cp, plan.tables, plan.base, log)
  const r = resultAt(plan.dist, cell)
  const o = checkOutcome(plan, r.net, r.adv, r.tr)
  const faces = facesRolled(plan.cp, log).map((f) => `${f.kind} ${f.label}`)
  const events: TraceEvent[] = [{ at: 0, kind: 'roll', who: [], text: `Rolls ${faces.join('; ')}.` }]
  const symbols = [`net successes ${signed(r.net)}`, `net advantage ${signed(r.adv)}`]
  if (r.tr) symbols.push(`${r.tr} Triumph${r.tr > 1 ? 's' : ''}`)
  if (r.de) symbols.push(`${r.de} Despair${r.de > 1 ? 's' : ''}`)
  events.push({ at: 0, kind: 'note', who: [], text: `Reads ${symbols.join(', ')}.` })
  if (!o.hit) events.push({ at: 0, kind: 'miss', who: [], text: 'Miss: no more successes than failures.' })
  else {
    const crit = o.crits > 0 ? `; Critical Injury triggered${o.crits > 1 ? ` ${o.crits} times (+${10 * (o.crits - 1)} on the roll)` : ''}` : ''
    events.push({ at: 0, kind: 'hit', who: [], text: `Hit: ${plan.damage} damage + ${r.net} = ${o.damage}, soak ${plan.soak}, ${o.wounds} ${o.wounds === 1 ? 'wound' : 'wounds'}${crit}.` })
  }
  return events
}
