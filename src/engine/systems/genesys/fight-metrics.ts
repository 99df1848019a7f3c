import { distributionMetric, orderMetric, probabilityMetric, sideWinsLabel, type Metric, type MetricDoc } from '../../core/metrics'
import type { Tally } from '../../core/tally'
import { exactCheck, summarizeCheck } from '../../dice/narrative-exact'
import type { ExactMetric } from '../rule-system'
import { attackPool, canAttack, isMelee, RANGE_BANDS } from './combat-check'
import { COUNTERS_PER_FIGHTER, FC, STRAIN_BINS, WOUND_BINS, type FightPlan } from './fight-plan'
import { bandAt } from './maneuvers'

/** Metrics of a fight (mode "fight"); per-combatant ones get `:<combatant id>`. */
export const fightMetricDocs: readonly MetricDoc[] = [
  { id: 'winner', label: 'Winner', kind: 'order', per: 'scenario', description: 'Side A wins, side B wins, or a draw (round cap or both sides down at once).' },
  { id: 'rounds', label: 'Rounds to the end', kind: 'distribution', per: 'scenario', description: 'Rounds until one side has no one standing (the cap on a draw).' },
  { id: 'hit-rate', label: 'Attacks that hit', kind: 'probability', per: 'combatant', description: 'Hits out of the attacks he made.' },
  { id: 'crit-rate', label: 'Attacks that cause a Critical Injury', kind: 'probability', per: 'combatant', description: 'Critical Injuries inflicted out of the attacks he made.' },
  { id: 'wounds-per-attack', label: 'Wounds per attack', kind: 'distribution', per: 'combatant', description: 'Wounds past soak dealt by each of his attacks (0 on a miss).' },
  { id: 'strain-spent', label: 'Strain spent on maneuvers', kind: 'distribution', per: 'combatant', description: 'Strain he chose to suffer for second maneuvers in one fight.' },
  { id: 'defeated', label: 'Defeated', kind: 'probability', per: 'combatant', description: 'He ends the fight past his wound or strain threshold.' },
  { id: 'opening-hit', label: 'The opening attack hits', kind: 'probability', per: 'combatant', description: 'Exact chance to hit with an attack at the starting range before any maneuver (exact only); n/a, and not given, when his weapon cannot reach that range.' },
]

export function fightShape(plan: FightPlan): { counters: number; bins: number } {
  return { counters: plan.layout.counters, bins: plan.layout.bins }
}

/** The names of a side's fighters (side 0 is A), in the scenario's order. */
export function sideNames(plan: FightPlan, side: number): string[] {
  return plan.fighters.filter((f) => f.side === side).map((f) => f.c.name)
}

/** A fighter's results in a GM's words, the fighter first ("Smuggler is defeated", "Smuggler's attacks that hit"), as Results show them. */
export const defeatedLabel = (name: string): string => `${name} is defeated`
export const attacksThatHit = (name: string): string => `${name}'s attacks that hit`
export const attacksThatCrit = (name: string): string => `${name}'s attacks that cause a Critical Injury`
/** "Smuggler's opening attack hits Bounty hunter at medium range" ("while engaged" at engaged; "with his knife" when he has several weapons). */
export const openingAttackHits = (name: string, target: string, band: string, weapon?: string): string =>
  `${name}'s opening attack hits ${target} ${band === 'engaged' ? 'while engaged' : `at ${band} range`}${weapon ? ` with his ${weapon}` : ''}`

export function summarizeFight(plan: FightPlan, tally: Tally): Metric[] {
  const n = tally.trials
  const L = plan.layout
  const metrics: Metric[] = [
    orderMetric(
      { id: 'winner', metric: 'winner', label: 'Winner' },
      [
        { key: 'A', label: sideWinsLabel('A', sideNames(plan, 0)), count: tally.counts[0] },
        { key: 'B', label: sideWinsLabel('B', sideNames(plan, 1)), count: tally.counts[1] },
        { key: 'draw', label: 'Draw', count: tally.counts[2] },
      ],
      n,
    ),
    distributionMetric({ id: 'rounds', metric: 'rounds', label: 'Rounds to the end' }, tally.bins, 0, L.roundsOffset, plan.maxRounds + 1),
  ]
  for (const f of plan.fighters) {
    const c = (k: number): number => tally.counts[3 + f.index * COUNTERS_PER_FIGHTER + k]
    const head = (metric: string, label: string) => ({ id: `${metric}:${f.c.id}`, metric, label, subjects: [f.c.id] })
    metrics.push(probabilityMetric(head('hit-rate', attacksThatHit(f.c.name)), c(FC.Hits), c(FC.Attacks)))
    metrics.push(probabilityMetric(head('crit-rate', attacksThatCrit(f.c.name)), c(FC.Crits), c(FC.Attacks)))
    metrics.push(distributionMetric(head('wounds-per-attack', `Wounds per attack: ${f.c.name}`), tally.bins, 0, L.woundsOffset(f.index), WOUND_BINS))
    metrics.push(distributionMetric(head('strain-spent', `Strain spent on maneuvers: ${f.c.name}`), tally.bins, 0, L.strainOffset(f.index), STRAIN_BINS))
    metrics.push(probabilityMetric(head('defeated', defeatedLabel(f.c.name)), c(FC.Defeated), n))
  }
  return metrics
}

/**
 * The exact chance to hit of each fighter's attack on his first target at the starting range, before any maneuver;
 * none (n/a) when the attack is impossible there: a Melee/Brawl weapon beyond Engaged, a ranged weapon
 * beyond its reach, Gunnery at Engaged.
 */
export function exactFight(plan: FightPlan): ExactMetric[] {
  return plan.fighters.flatMap((f) => {
    const t = plan.fighters.find((o) => o.side !== f.side)
    if (!t) return []
    // his plan's weapon; under "his best against this foe" the first listed
    const fw = f.weapons[Math.max(0, f.using)]
    const weapon = fw.w
    const melee = isMelee(weapon.skill)
    const band = bandAt(plan.startPair[f.index * plan.fighters.length + t.index])
    const reach = melee || RANGE_BANDS.indexOf(band) <= RANGE_BANDS.indexOf(weapon.range)
    if (!reach || !canAttack({ combatSkill: weapon.skill, band, shooterEngaged: band === 'engaged' })) return []
    const pool = attackPool(
      { characteristic: fw.characteristic, skill: f.minions > 1 ? Math.min(5, f.minions - 1) : fw.skill, combatSkill: weapon.skill, band, shooterEngaged: band === 'engaged', aims: 0, ownGuarded: false, targetCover: false, targetProne: false, targetGuarded: false, targetDefense: melee ? t.c.meleeDefense : t.c.rangedDefense, extraBoost: weapon.qualities.accurate, extraSetback: weapon.qualities.inaccurate, extraIncrease: weapon.qualities.autoFire ? 1 : 0, upgradeAbility: 0, upgradeDifficulty: t.c.adversary, downgradeAbility: 0, downgradeDifficulty: 0 },
      plan.stacking,
      plan.order,
    )
    return [{ id: `opening-hit:${f.c.id}`, label: openingAttackHits(f.c.name, t.c.name, band, f.weapons.length > 1 ? weapon.name : undefined), kind: 'probability' as const, p: summarizeCheck(exactCheck(pool)).success }]
  })
}
