import { formatRoll, rollSpec } from '../../dice/roll-and-keep'
import { armorTn, FULL_ATTACK, STANCE_LABELS } from './armor'
import { checkEnd, inflict, isDefeated, nameOf, penaltyOf, say, type Fight } from './fight'
import { STANCES } from './schema'
import { ATTACK_BINS, binBase, COUNTER, counterIndex, PER_ATTACK_OFFSET } from './tally-layout'

/** The target's Armor TN right now (stance included). */
export function currentArmorTn(f: Fight, j: number): number {
  const d = f.plan.fighters[j]
  return armorTn(d.baseArmorTn, f.s.stance[j], d.defenseAdd, f.s.fullDefenseAdd[j])
}

/**
 * Target choice (rules-combat.md §C4.1, A40): keep the current target while it is still in the fight;
 * otherwise the first undefeated enemy in roster order ("sticky-first") or a random one ("random").
 * Returns −1 when no enemy is left.
 */
export function chooseTarget(f: Fight, i: number): number {
  const s = f.s
  const cur = s.target[i]
  if (cur >= 0 && !isDefeated(f, cur)) return cur
  const side = f.plan.fighters[i].side
  let count = 0
  for (let j = 0; j < f.plan.n; j++) if (f.plan.fighters[j].side !== side && !isDefeated(f, j)) s.candidates[count++] = j
  if (count === 0) return -1
  const pick = count === 1 || f.plan.fighters[i].t.target === 'sticky-first' ? s.candidates[0] : s.candidates[f.rng.below(count)]
  s.target[i] = pick
  return pick
}

/**
 * Full Defense: roll (Defense + Agility) k Agility on entering the stance and add half the total,
 * rounded up, to Armor TN. Rolled at every Turn spent in the stance (mastery 3, which keeps the old
 * roll, is not modelled), and for Round 1 right after Initiative.
 * @see rules.md §6.4
 */
export function rollFullDefense(f: Fight, i: number): void {
  const d = f.plan.fighters[i]
  const total = rollSpec(f.dice, d.fullDefense, d.fullDefenseExplodes, f.s.top)
  f.s.fullDefenseAdd[i] = Math.ceil(total / 2)
  if (f.log) say(f, 'roll', [i], `${d.c.name} takes Full Defense: Defense roll ${formatRoll(d.fullDefense)} = ${total}, Armor TN +${Math.ceil(total / 2)} → ${currentArmorTn(f, i)}.`)
}

/**
 * One attack (rules-combat.md §C3.4): TN = target's Armor TN + 5 per Raise + the attacker's own wound
 * penalty; roll (trait + skill) k trait, +2k1 in Full Attack, +1k1+Void once after Center Stance;
 * missing the raised TN misses outright; damage (Strength + weapon + Raises) k weapon kept, minus
 * Reduction.
 */
export function attack(f: Fight, i: number, j: number): void {
  const s = f.s
  const a = f.plan.fighters[i]
  const raises = a.raisesOf[f.round]
  const armor = currentArmorTn(f, j)
  const tn = armor + 5 * raises + penaltyOf(f, i)
  const centerBonus = s.centered[i] === 1 && s.centerUsed[i] === 0
  if (centerBonus) s.centerUsed[i] = 1
  const spec = a.attack[(s.stance[i] === FULL_ATTACK ? 1 : 0) + (centerBonus ? 2 : 0)]
  const total = rollSpec(f.dice, spec, a.attackExplodes, s.top)
  let wounds = 0
  if (total >= tn) {
    const dspec = a.damage[raises]
    const dmg = rollSpec(f.dice, dspec, f.plan.damageExplodes, s.top)
    wounds = Math.max(0, dmg - f.plan.fighters[j].reduction)
    if (f.log) say(f, 'hit', [i, j], `${a.c.name} hits ${nameOf(f, j)}: ${formatRoll(spec)} = ${total} vs TN ${tn}${tnParts(f, i, j, armor, raises, centerBonus)}. Damage ${formatRoll(dspec)} = ${dmg}${f.plan.fighters[j].reduction ? ` − Reduction ${f.plan.fighters[j].reduction}` : ''} → ${wounds} wounds.`)
  } else if (f.log) say(f, 'miss', [i, j], `${a.c.name} misses ${nameOf(f, j)}: ${formatRoll(spec)} = ${total} vs TN ${tn}${tnParts(f, i, j, armor, raises, centerBonus)}.`)
  s.dealt[i] += wounds
  if (f.tally) {
    const c = f.tally.counts
    c[counterIndex(i, COUNTER.attacks)]++
    if (total >= tn) c[counterIndex(i, COUNTER.hits)]++
    f.tally.bins[binBase(f.plan, i) + PER_ATTACK_OFFSET + Math.min(wounds, ATTACK_BINS - 1)]++
  }
  notePayoff(f, i, j, total >= tn)
  inflict(f, j, wounds)
  checkEnd(f)
}

function tnParts(f: Fight, i: number, j: number, armor: number, raises: number, centerBonus: boolean): string {
  const parts = [`Armor TN ${armor} in ${STANCE_LABELS[STANCES[f.s.stance[j]]]}`]
  if (raises) parts.push(`${raises} Raise${raises > 1 ? 's' : ''} +${5 * raises}`)
  const p = penaltyOf(f, i)
  if (p) parts.push(`own wounds +${p}`)
  if (centerBonus) parts.push(`roll includes the Center Stance bonus +1k1+${f.plan.fighters[i].c.void}`)
  return ` (${parts.join(', ')})`
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
