import { damageDiceOf, damageTable, type DamageTable, type SlAboveTen } from './damage'
import { fixedStrategy, MIX_TOTAL, mixedStrategy, type Fighter, type Strategy } from './exchange'
import type { Model, SplitChoice } from './schema'
import { optionIndex, specialDamage, SPECIALS, splitOptions, type SplitOptions } from './specials'
import { quantize } from '../../core/zero-sum'

/** Largest final Attack without Brutal (6 + 2 supporting dice); SLs never exceed it plus Brutal. */
export const MAX_FINAL = 8

/**
 * The Damage Rolls one model makes against another in melee: its Strong/Weak dice, weapon Strength,
 * +2 when it charged (its one Damage Roll of the exchange is the first of the charge), the target's
 * Armour less Pierce, Tough and Durable. @see docs/rules/bushido.md section 4 (Charge +2 on the first Damage Roll)
 */
export function meleeDamage(attacker: Model, target: Model, charge: boolean, slAboveTen: SlAboveTen, extra = 0): DamageTable {
  return damageTable(
    damageDiceOf(attacker.strong, attacker.weak),
    { bonus: attacker.strength + (charge ? 2 : 0) + extra, armour: Math.max(0, target.armour - attacker.pierce), tough: target.tough, durable: target.durable },
    MAX_FINAL + attacker.brutal,
    slAboveTen,
    { strength: attacker.strength, charge: charge ? 2 : 0, special: extra, specialName: extra ? 'Powerful Attack' : '', armour: target.armour, pierce: attacker.pierce, tough: target.tough, durable: target.durable, halved: false, slAboveTen },
  )
}

/** Ranged Damage Rolls: the ranged weapon's Strength and Pierce; the SL can reach 8 − (−1) = 9, or more with modifiers. */
export function rangedDamage(shooter: Model, target: Model, slAboveTen: SlAboveTen): DamageTable {
  return damageTable(
    damageDiceOf(shooter.strong, shooter.weak),
    { bonus: shooter.rangedStrength, armour: Math.max(0, target.armour - shooter.rangedPierce), tough: target.tough, durable: target.durable },
    16,
    slAboveTen,
    { strength: shooter.rangedStrength, charge: 0, special: 0, specialName: '', armour: target.armour, pierce: shooter.rangedPierce, tough: target.tough, durable: target.durable, halved: false, slAboveTen },
  )
}

/**
 * Attack dice a split rule puts in: "even" is half rounded up; "all-attack-when-enemy-wounded" is all
 * Attack against a wounded enemy, else even; "defend-when-wounded" is all Defence once wounded, else even.
 */
export function ruleAttack(rule: string, pool: number, selfWounded: boolean, enemyWounded: boolean): number {
  const even = Math.ceil(pool / 2)
  switch (rule) {
    case 'all-attack':
      return pool
    case 'all-defence':
      return 0
    case 'all-attack-when-enemy-wounded':
      return enemyWounded ? pool : even
    case 'defend-when-wounded':
      return selfWounded ? 0 : even
    default:
      return even
  }
}

/**
 * The strategy a plan gives for one exchange over the fighter's options; "recommended" uses the
 * equilibrium probabilities given; split rules never declare a special (option = Attack dice).
 */
export function strategyOf(split: SplitChoice, o: SplitOptions, pool: number, self: { wounded: boolean }, enemy: { wounded: boolean }, recommended: readonly number[]): Strategy {
  if (typeof split === 'object') {
    const i = optionIndex(o, Math.min(pool, split.attack), split.special)
    return fixedStrategy(o.count, i >= 0 ? i : Math.min(pool, split.attack))
  }
  if (split === 'recommended') return mixedStrategy(quantize(recommended, MIX_TOTAL))
  return fixedStrategy(o.count, ruleAttack(split, pool, self.wounded, enemy.wounded))
}

/** A fighter for one exchange: its options (every split × its card's specials) and each Attack special's Damage Roll. */
export function fighterOf(m: Model, pool: number, damage: DamageTable, woundsLeft: number, activePlayer: boolean, withBonus: (bonus: number) => DamageTable = () => damage): Fighter {
  const options = splitOptions(pool, m.specials)
  const special = m.specials.map((sp) => specialDamage(SPECIALS[sp.ability], damage, withBonus))
  return { id: m.id, name: m.name, pool, brutal: m.brutal, parry: m.parry, unblockable: m.unblockable, damage, woundsLeft, activePlayer, strategy: fixedStrategy(options.count, 0), options, specialDamage: special }
}
