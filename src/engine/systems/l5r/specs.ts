import { tenDiceRule, type RollSpec, type TenDiceOptions } from '../../dice/roll-and-keep'
import type { Combatant, L5rScenario } from './schema'

/**
 * The rolls a combatant makes, after the Ten Dice Rule: attack rolls by spec bits and damage rolls by
 * Raises. Precomputed once in compile().
 * @see docs/rules/l5r.md section 1 (the Ten Dice Rule), section 3 (Stances) and section 4
 */

/** Attack spec index bits: Full Attack +2k1, Center bonus +1k1+Void, Void Point +1k1, Void skill 0→1 (+1k0, explodes). */
export const SPEC_FULL_ATTACK = 1
export const SPEC_CENTER = 2
export const SPEC_VOID = 4
export const SPEC_SKILL = 8
export const ATTACK_SPECS = 16

/** Trait kept on his attack roll: a bow keeps Agility (the skirmish text's name for 4e Reflexes, docs/rules/l5r.md), melee `attackTrait` or Agility. */
export function attackTraitOf(c: Combatant): number {
  return c.weapon.kind === 'bow' ? c.agility : (c.attackTrait ?? c.agility)
}

/**
 * Strength's rolled dice in his damage roll: Strength (variants.strengthInDamage default), the lower of bow strength and
 * Strength for a bow, none under "weapon-only".
 * @see docs/rules/l5r.md sections 4 and 7 (Strength in melee damage)
 */
export function damageStrength(s: L5rScenario, c: Combatant): number {
  if (s.rules.strengthInDamage === 'weapon-only') return 0
  return c.weapon.kind === 'bow' ? Math.min(c.weapon.bowStrength ?? c.strength, c.strength) : c.strength
}

/** Attack roll by spec bits: +2k1 (Full Attack), +1k1 + Void (Center), +1k1 (Void), +1k0 (Void skill 0→1). */
export function attackSpecs(c: Combatant, opts: TenDiceOptions): RollSpec[] {
  const trait = attackTraitOf(c)
  const rolled = trait + c.attackSkill
  return Array.from({ length: ATTACK_SPECS }, (_, k) => {
    const fa = k & SPEC_FULL_ATTACK ? 1 : 0
    const center = k & SPEC_CENTER ? 1 : 0
    const vp = k & SPEC_VOID ? 1 : 0
    const skill = k & SPEC_SKILL ? 1 : 0
    return tenDiceRule(rolled + 2 * fa + center + vp + skill, trait + fa + center + vp, opts, center ? c.void : 0)
  })
}

/** Whether attack spec `bits` explodes: skilled attackers always, unskilled ones only with a Void skill. */
export function attackExplodesWith(d: { attackExplodes: boolean }, bits: number): boolean {
  return d.attackExplodes || (bits & SPEC_SKILL) !== 0
}

/** Damage roll per Raise count 0..Void: (Strength + weapon rolled + Raises + extra) k (weapon kept + extra). */
export function damageSpecs(strength: number, c: Combatant, opts: TenDiceOptions, extra: number): RollSpec[] {
  const out: RollSpec[] = []
  for (let raises = 0; raises <= c.void; raises++) out.push(tenDiceRule(strength + c.weapon.rolled + raises + extra, c.weapon.kept + extra, opts))
  return out
}
