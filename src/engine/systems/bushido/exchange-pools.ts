import { opposedPools } from '../../dice/bushido-d6'
import { boostPart, boostRoom, boostsFor, type BoostWish } from './ki'
import { meleePool, type Part } from './modifiers'
import type { Model } from './schema'

/** Both Melee Pools of one exchange, with the Ki Boosts declared and the lines that make them up. */
export interface ExchangePools {
  act: number
  opp: number
  /** Ki Boosts declared (dice added) by the Activating model and its opponent. */
  boosts: [number, number]
  parts: { act: Part[]; opp: Part[] }
}

/**
 * The opposed-test rule: when a pool would be below one die, both sides add dice equally until each
 * rolls at least one (−1 vs 3 → 1 vs 5). @see docs/rules/bushido.md#1-the-test
 */
export function opposedPart(added: number): Part {
  return { label: `opposed test: both sides add ${added === 1 ? 'a die' : `${added} dice`} so that each rolls at least one`, value: added }
}

/**
 * Melee Pools of the Activating model and its opponent: the Melee statistic with every modifier of the
 * reference card's table, then Ki Boosts (the opponent declares first, then the Activating model; with the plans
 * fixed beforehand the order changes nothing), then the opposed-pool fix (both add dice until each has one).
 * @see docs/rules/bushido.md section 1 (opposed pools), section 2 steps 2–3
 */
export function exchangePools(act: Model, opp: Model, surprise: boolean, wishAct: BoostWish = 0, wishOpp: BoostWish = 0): ExchangePools {
  const a = meleePool(act, { exhausted: act.exhausted, surprised: false })
  const o = meleePool(opp, { exhausted: opp.exhausted, surprised: surprise })
  const bo = boostsFor(wishOpp, opp.kiTokens, opp.kiBoostCost, boostRoom(opp.melee, o.pool), surprise)
  const ba = boostsFor(wishAct, act.kiTokens, act.kiBoostCost, boostRoom(act.melee, a.pool), false)
  if (ba) a.parts.push(boostPart(ba, act.kiBoostCost))
  if (bo) o.parts.push(boostPart(bo, opp.kiBoostCost))
  const [pa, po] = opposedPools(a.pool + ba, o.pool + bo)
  const added = pa - (a.pool + ba)
  if (added > 0) for (const parts of [a.parts, o.parts]) parts.push(opposedPart(added))
  return { act: pa, opp: po, boosts: [ba, bo], parts: { act: a.parts, opp: o.parts } }
}
