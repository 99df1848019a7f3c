import { fixedStrategy, newResult, type ExchangeResult, type ExchangeSetup, type Fighter } from './exchange'
import { fighterOf, meleeDamage, strategyOf } from './fighters'
import { exchangePools } from './exchange-pools'
import { initiative, specialsBarred, type Part } from './modifiers'
import type { BushidoScenario } from './scenario'
import { choiceOf, type Exchange, type Model } from './schema'
import { bestReplyTo, splitMatrix, type SplitMatrix } from './split-matrix'

/** A compiled single Melee Exchange. */
export interface ExchangePlan {
  kind: 'exchange'
  setup: ExchangeSetup
  actIsFirst: boolean
  act: Fighter
  opp: Fighter
  actModel: Model
  oppModel: Model
  situation: Exchange
  poolParts: { act: Part[]; opp: Part[] }
  /** Ki Boosts declared (dice added) and Ki spent on them, by the Activating model and its opponent. */
  boosts: [number, number]
  kiSpent: [number, number]
  matrix: SplitMatrix
  /** Activating model, opponent: Prone with specials on its card that the variant `proneSpecials` bars. */
  specialsBarred: [boolean, boolean]
  /** Bins per wound histogram (0..maxWounds). */
  woundBins: number
  result: ExchangeResult
}

function modelById(s: BushidoScenario, id: string): Model {
  return s.models.find((m) => m.id === id) as Model
}

/** Pools, Initiative, damage tables, the split matrix and both sides' strategies. */
export function compileExchange(s: BushidoScenario, x: Exchange): ExchangePlan {
  const am = modelById(s, x.activating)
  const om = modelById(s, x.opponent)
  const barred = (m: Model): boolean => m.specials.length > 0 && specialsBarred(m.states.includes('prone'), s.rules.proneSpecials)
  const specialsOff: [boolean, boolean] = [barred(am), barred(om)]
  // a barred model fights with its weapon's splits only: no special is on offer (nor in the split matrix)
  const card = (m: Model, off: boolean): Model => (off ? { ...m, specials: [] } : m)
  const planOf = (id: string) => s.plans.find((p) => p.model === id)
  const pools = exchangePools(am, om, x.surprise, planOf(am.id)?.kiBoost, planOf(om.id)?.kiBoost)
  const [pa, po] = [pools.act, pools.opp]
  const slRule = s.rules.slAboveTen as 'formula' | 'clamp'
  const act = fighterOf(card(am, specialsOff[0]), pa, meleeDamage(am, om, x.charge, slRule), am.wounds - am.woundsTaken, true, (k) => meleeDamage(am, om, x.charge, slRule, k))
  const opp = fighterOf(card(om, specialsOff[1]), po, meleeDamage(om, am, false, slRule), om.wounds - om.woundsTaken, false, (k) => meleeDamage(om, am, false, slRule, k))
  const ini = initiative(am, om, x.surprise, x.engagedAtStart && !x.charge)
  const actIsFirst = ini.first === 'activating'
  const setup: ExchangeSetup = {
    first: actIsFirst ? act : opp,
    second: actIsFirst ? opp : act,
    zeroAttackCanHit: s.rules.zeroAttack === 'tie-can-hit',
    modsOnAllOnes: s.rules.allOnes === 'modifiers',
    initiativeReason: ini.reason,
    secondProne: false,
    defenceWithoutAttack: s.rules.specialDefenceNoAttack === 'triggers',
  }
  setup.secondProne = s.rules.proneStrikeBack === 'no' && (actIsFirst ? om : am).states.includes('prone')
  const matrix = splitMatrix(setup, actIsFirst)
  const actChoice = choiceOf(planOf(am.id))
  const oppChoice = choiceOf(planOf(om.id))
  // best-reply answers the other side's plan; if both reply to each other, both play the recommended mix
  const both = actChoice === 'best-reply' && oppChoice === 'best-reply'
  const plain = (c: typeof actChoice) => (c === 'best-reply' ? 'recommended' : c)
  act.strategy = strategyOf(plain(actChoice), act.options, pa, { wounded: am.woundsTaken > 0 }, { wounded: om.woundsTaken > 0 }, matrix.mix.row)
  opp.strategy = strategyOf(plain(oppChoice), opp.options, po, { wounded: om.woundsTaken > 0 }, { wounded: am.woundsTaken > 0 }, matrix.mix.col)
  if (actChoice === 'best-reply' && !both) act.strategy = fixedStrategy(act.options.count, bestReplyTo(matrix, opp.strategy, 'row'))
  if (oppChoice === 'best-reply' && !both) opp.strategy = fixedStrategy(opp.options.count, bestReplyTo(matrix, act.strategy, 'col'))
  const most = (f: typeof act): number => Math.max(...[f.damage, ...f.specialDamage].map((t) => (t ? Math.max(...t.wounds) : 0)))
  const woundBins = 1 + Math.max(most(act), most(opp))
  return { kind: 'exchange', setup, actIsFirst, act, opp, actModel: am, oppModel: om, situation: x, poolParts: pools.parts, boosts: pools.boosts, kiSpent: [pools.boosts[0] * am.kiBoostCost, pools.boosts[1] * om.kiBoostCost], matrix, specialsBarred: specialsOff, woundBins, result: newResult() }
}
