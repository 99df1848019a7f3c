import { formatRoll } from '../../dice/roll-and-keep'
import { armorTn, FULL_ATTACK, STANCE_LABELS } from './armor'
import { bestRaisesAt } from './best-raises'
import { canSpendVoid, checkEnd, inflict, isDefeated, nameOf, noteFirstBlood, penaltyOf, roll, say, type Fight } from './fight'
import { SPEC_CENTER, SPEC_FULL_ATTACK, SPEC_SKILL, SPEC_VOID, TAIL_WIDTH, takeWeapon, VOID_DAMAGE, type Fighter } from './plan'
import { STANCES } from './schema'
import { ATTACK_BINS, binBase, COUNTER, counterIndex, PER_ATTACK_OFFSET } from './tally-layout'
import { plansVoidDamage, soakWithVoid, voidOnAttack, voidOnDamage, voidOnFullDefense } from './void'

/** The target's Armor TN right now: stance, Defense Mastery and a Void Point's +10 for the Round. */
export function currentArmorTn(f: Fight, j: number): number {
  const d = f.plan.fighters[j]
  return armorTn(d.baseArmorTn, f.s.stance[j], d.defenseAdd, f.s.fullDefenseAdd[j], d.masteryTn) + 10 * f.s.voidArmor[j]
}

/** The Center Stance bonus (+1k1 + Void on one roll the next Round) if he still has it; uses it up. */
function takeCenterBonus(f: Fight, i: number): boolean {
  if (f.s.centered[i] !== 1 || f.s.centerUsed[i] !== 0) return false
  f.s.centerUsed[i] = 1
  return true
}

/**
 * Target choice (docs/rules/l5r.md section 5, the plan's `target`): keep the current target while it is still in the fight;
 * otherwise the first undefeated enemy in roster order ("sticky-first") or a random one ("random").
 * Returns −1 when no enemy is left.
 */
export function chooseTarget(f: Fight, i: number): number {
  const s = f.s
  const cur = s.target[i]
  if (cur >= 0 && !isDefeated(f, cur)) return cur
  const side = f.plan.fighters[i].side
  let count = 0
  for (let j = 0; j < f.plan.n; j++) if (f.plan.fighters[j].side !== side && s.present[j] === 1 && !isDefeated(f, j)) s.candidates[count++] = j
  if (count === 0) return -1
  const pick = count === 1 || f.plan.fighters[i].t.target === 'sticky-first' ? s.candidates[0] : s.candidates[f.rng.below(count)]
  s.target[i] = pick
  return pick
}

/**
 * Full Defense: roll (Defense + Agility) k Agility on entering the stance and add half the total,
 * rounded up, to Armor TN. Rolled at every Turn spent in the stance, and for Round 1 right after
 * Initiative. Defense Mastery 3 may keep the last roll while staying in the stance: he keeps it when
 * it was at least the average roll. The Center bonus (+1k1 + Void, "one roll of your choice") goes on
 * this roll when he has it, since a Full Defense Turn makes no other roll. A Void Point planned for it
 * ("full-defense") adds +1k1: the Defense roll is a Skill roll, declared before rolling; a kept roll spends none.
 * @see docs/rules/l5r.md section 3 (Full Defense and Center rows), section 1 and section 4 (Void Points)
 */
export function rollFullDefense(f: Fight, i: number, staying = false): void {
  const d = f.plan.fighters[i]
  const s = f.s
  if (staying && d.keepsFullDefense && s.fullDefenseTotal[i] >= d.fullDefenseMean) {
    if (f.log) say(f, 'roll', [i], `${d.c.name} stays in Full Defense and keeps the last Defense roll of ${s.fullDefenseTotal[i]} (Defense Mastery 3): Armor TN ${currentArmorTn(f, i)}.`)
    return
  }
  const center = takeCenterBonus(f, i)
  const boosted = voidOnFullDefense(f, i)
  const which = (center ? 1 : 0) + (boosted ? 2 : 0)
  const spec = center ? (boosted ? d.fullDefenseCenteredVoid : d.fullDefenseCentered) : boosted ? d.fullDefenseVoid : d.fullDefense
  const total = roll(f, d.fullDefenseT, which, spec, d.fullDefenseExplodes)
  s.fullDefenseTotal[i] = total
  s.fullDefenseAdd[i] = Math.ceil(total / 2)
  if (f.log) {
    const notes = `${center ? ' (with the Center Stance bonus)' : ''}${boosted ? ` (a Void Point adds +1k1, ${s.voidLeft[i]} left)` : ''}`
    say(f, 'roll', [i], `${d.c.name} takes Full Defense: Defense roll ${formatRoll(spec)}${notes} = ${total}, Armor TN +${Math.ceil(total / 2)} → ${currentArmorTn(f, i)}.`)
  }
}

/**
 * One attack (docs/rules/l5r.md section 4): TN = target's Armor TN + 5 per Raise + the attacker's own wound
 * penalty; roll (trait + skill) k trait, +2k1 in Full Attack, +1k1+Void once after Center Stance;
 * missing the raised TN misses outright; damage (Strength + weapon + Raises) k weapon kept, +1k1
 * with a Void Point on a katana, minus Reduction.
 */
export function attack(f: Fight, i: number, j: number): void {
  const s = f.s
  const a = f.plan.fighters[i]
  const armor = currentArmorTn(f, j)
  const plain = armor + penaltyOf(f, i)
  const bits = (s.stance[i] === FULL_ATTACK ? SPEC_FULL_ATTACK : 0) | (takeCenterBonus(f, i) ? SPEC_CENTER : 0) | voidOnAttack(f, i)
  if (a.using < 0) chooseWeapon(f, i, j, bits, plain)
  const raises = raisesFor(f, i, j, bits, plain)
  const tn = plain + 5 * raises
  const spec = a.attack[bits]
  // attackExplodesWith, inlined for the hot loop: skilled, or a Void skill 0→1 for this roll
  const total = roll(f, a.attackT, bits, spec, a.attackExplodes || (bits & SPEC_SKILL) !== 0, a.attackRerolls)
  let wounds = 0
  if (total >= tn) {
    const boosted = voidOnDamage(f, i)
    const dspec = (boosted ? a.damageVoid : a.damage)[raises]
    const dmg = roll(f, boosted ? a.damageVoidT : a.damageT, raises, dspec, f.plan.damageExplodes)
    wounds = Math.max(0, dmg - f.plan.fighters[j].reduction)
    if (f.log) say(f, 'hit', [i, j], `${a.c.name} hits ${nameOf(f, j)}${withWeapon(a)}: ${formatRoll(spec)} = ${total} vs TN ${tn}${tnParts(f, i, j, armor, raises, bits)}. Damage ${formatRoll(dspec)}${bowNote(a)}${boosted ? ` (a Void Point adds +1k1 to the katana's damage, ${s.voidLeft[i]} left)` : ''} = ${dmg}${f.plan.fighters[j].reduction ? ` − Reduction ${f.plan.fighters[j].reduction}` : ''} → ${wounds} wounds.`)
    wounds = soakWithVoid(f, j, wounds)
  } else if (f.log) say(f, 'miss', [i, j], `${a.c.name} misses ${nameOf(f, j)}${withWeapon(a)}: ${formatRoll(spec)} = ${total} vs TN ${tn}${tnParts(f, i, j, armor, raises, bits)}.`)
  s.dealt[i] += wounds
  if (wounds > 0) noteFirstBlood(f, i)
  if (f.tally) countAttack(f, i, j, total, tn, bits, wounds)
  notePayoff(f, i, j, total >= tn)
  inflict(f, j, wounds)
  checkEnd(f)
}

/** " with the yumi" in an attack's line when he carries several weapons (nothing otherwise: one weapon's lines read as before). */
function withWeapon(a: Fighter): string {
  return a.kits.length > 1 ? ` with the ${a.c.weapon.name}` : ''
}

/**
 * "His best against this foe" (the tactic's using "best"): the weapon with the highest expected wounds
 * an attack against target j as things stand, chance to hit × mean damage past his Reduction
 * (docs/rules/l5r.md section 4, several weapons), with the Raises he would call with it (fixed, or best
 * Raises) and the katana's Void +1k1 on damage when his plan spends it; a bow is left out in Full Attack.
 * Ties go to the earlier listed. Worked out from exact rolls, no sampling; puts that weapon in his hand.
 */
export function chooseWeapon(f: Fight, i: number, j: number, bits: number, plain: number): void {
  const a = f.plan.fighters[i]
  let best = -1
  let value = -1
  for (let k = 0; k < a.kits.length; k++) {
    const v = weaponValue(f, i, j, k, bits, plain)
    if (v > value + 1e-12) {
      value = v
      best = k
    }
  }
  takeWeapon(a, best)
  if (f.log) {
    const others: string[] = []
    for (let k = 0; k < a.kits.length; k++) {
      if (k === best) continue
      const v = weaponValue(f, i, j, k, bits, plain)
      others.push(v < 0 ? `the ${a.kits[k].name} cannot be used in Full Attack` : `${v.toFixed(1)} for the ${a.kits[k].name}`)
    }
    say(f, 'note', [i, j], `${a.c.name} takes the ${a.kits[best].name}: best against ${nameOf(f, j)} as things stand, ${value.toFixed(1)} expected wounds an attack against ${others.join(', ')}.`)
  }
}

/** Expected wounds an attack with weapon k (−1: not usable now), as `chooseWeapon` compares them. */
function weaponValue(f: Fight, i: number, j: number, k: number, bits: number, plain: number): number {
  const a = f.plan.fighters[i]
  const w = a.kits[k]
  if (w.bow && (bits & SPEC_FULL_ATTACK) !== 0) return -1
  const boosted = w.takesVoid && a.voidOf[f.round] === VOID_DAMAGE && canSpendVoid(f, i)
  const red = f.plan.fighters[j].reductionIndex
  const table = boosted && w.raiseTableVoid ? w.raiseTableVoid : w.raiseTable
  const raises = table && a.bestRaisesOf[f.round] === 1 ? bestRaisesAt(table, bits, red, plain) : a.raisesOf[f.round]
  const tn = plain + 5 * raises
  const hit = (w.tails as Float64Array)[bits * TAIL_WIDTH + (tn < 0 ? 0 : tn < TAIL_WIDTH ? tn : TAIL_WIDTH - 1)]
  const perHit = (boosted ? w.perHitVoid : w.perHit) as Float64Array
  return hit * perHit[red * w.damage.length + raises]
}

/** Raises to call: the Round's fixed number, or best Raises (docs/rules/l5r.md section 4; with the Void +1k1 damage table when he will spend it). */
function raisesFor(f: Fight, i: number, j: number, bits: number, tn: number): number {
  const a = f.plan.fighters[i]
  if (!a.raiseTable || a.bestRaisesOf[f.round] !== 1) return a.raisesOf[f.round]
  const table = a.raiseTableVoid && plansVoidDamage(f, i) ? a.raiseTableVoid : a.raiseTable
  return bestRaisesAt(table, bits, f.plan.fighters[j].reductionIndex, tn)
}

function countAttack(f: Fight, i: number, j: number, total: number, tn: number, bits: number, wounds: number): void {
  const c = (f.tally as NonNullable<Fight['tally']>).counts
  const hit = total >= tn
  c[counterIndex(i, COUNTER.attacks)]++
  if (hit) c[counterIndex(i, COUNTER.hits)]++
  if (bits & (SPEC_VOID | SPEC_SKILL)) {
    c[counterIndex(i, COUNTER.voidAttacks)]++
    if (hit) c[counterIndex(i, COUNTER.voidAttackHits)]++
  }
  if (f.s.voidArmor[j] === 1) {
    c[counterIndex(j, COUNTER.voidArmorFaced)]++
    if (!hit && total >= tn - 10) c[counterIndex(j, COUNTER.voidArmorSaves)]++
  }
  ;(f.tally as NonNullable<Fight['tally']>).bins[binBase(f.plan, i) + PER_ATTACK_OFFSET + Math.min(wounds, ATTACK_BINS - 1)]++
}

function tnParts(f: Fight, i: number, j: number, armor: number, raises: number, bits: number): string {
  const parts = [`Armor TN ${armor} in ${STANCE_LABELS[STANCES[f.s.stance[j]]]}${f.s.voidArmor[j] ? ' with Void +10' : ''}`]
  if (raises) parts.push(`${raises} Raise${raises > 1 ? 's' : ''} +${5 * raises}${f.plan.fighters[i].bestRaisesOf[f.round] ? ' (best Raises)' : ''}`)
  const p = penaltyOf(f, i)
  if (p) parts.push(`own wounds +${p}`)
  if (f.plan.fighters[i].attackRerolls) parts.push('Emphasis: 1s rerolled once')
  if (bits & SPEC_CENTER) parts.push(`roll includes the Center Stance bonus +1k1+${f.plan.fighters[i].c.void}`)
  if (bits & SPEC_VOID) parts.push(`a Void Point adds +1k1, ${f.s.voidLeft[i]} left`)
  if (bits & SPEC_SKILL) parts.push(`a Void Point counts as skill 1 for this roll (+1k0, tens explode), ${f.s.voidLeft[i]} left`)
  return ` (${parts.join(', ')})`
}

/** Trace note on bow damage when the bow's strength limits the archer's Strength (docs/rules/l5r.md section 4). */
function bowNote(a: Fighter): string {
  const w = a.c.weapon
  if (w.kind !== 'bow' || w.bowStrength === undefined || w.bowStrength >= a.c.strength || a.strengthInDamage === 0) return ''
  return ` (${w.name}: bow strength ${w.bowStrength} limits Strength ${a.c.strength})`
}

/**
 * Delay payoff: he delayed last Round and acted after his target; now, in the next Round, he hits that
 * target before the target has taken its Turn — two blows in a row.
 */
function notePayoff(f: Fight, i: number, j: number, hit: boolean): void {
  const s = f.s
  if (!hit || s.afterTargetRound[i] !== f.round || s.afterTargetWho[i] !== j || s.tookTurn[j] === 1 || s.paidOff[i] === 1) return
  s.paidOff[i] = 1
  if (f.log) say(f, 'note', [i, j], `Delay pays off: ${nameOf(f, i)} acted after ${nameOf(f, j)} last Round and now strikes again before ${nameOf(f, j)} can act.`)
}
