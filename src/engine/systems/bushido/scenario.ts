import { z } from 'zod'
import { envelope, rulesSchema } from '../../core/scenario'
import { crossCheck } from '../../core/schema'
import { exchangePools } from './exchange-pools'
import { boostLimit } from './ki'
import { meleePool, specialsBarred } from './modifiers'
import { VARIABLE_LAST } from './game-length'
import { MAX_MODELS, modelSchema, planSchema, situationSchema, SYSTEM_ID, variants, type Model, type SplitPlan } from './schema'
import { SPECIALS } from './specials'

type Ctx = z.RefinementCtx
type Path = (string | number)[]

/** Ki X/Y: it holds at most Y, so neither X nor the starting tokens may exceed it. @see docs/rules/bushido.md section 1 */
function checkKi(m: Model, i: number, ctx: Ctx): void {
  const over = (key: 'ki' | 'kiTokens', what: string): void => {
    if (m[key] > m.kiMax) ctx.addIssue({ code: 'custom', path: ['models', i, key], message: `must be 0–${m.kiMax} (${what} cannot exceed ${m.name}'s Ki maximum kiMax ${m.kiMax}, the Y of its Ki X/Y)`, input: m[key] })
  }
  over('ki', 'the Ki gained per turn')
  over('kiTokens', 'the Ki held')
}

function checkRefs(s: BushidoScenario, ctx: Ctx): Map<string, Model> {
  const byId = new Map<string, Model>()
  s.models.forEach((m, i) => {
    if (byId.has(m.id)) ctx.addIssue({ code: 'custom', path: ['models', i, 'id'], message: `must be unique, "${m.id}" is used twice`, input: m.id })
    byId.set(m.id, m)
    const abilities = m.specials.map((sp) => sp.ability)
    abilities.forEach((a, k) => {
      if (abilities.indexOf(a) !== k) ctx.addIssue({ code: 'custom', path: ['models', i, 'specials', k, 'ability'], message: `must be unique, "${a}" is listed twice`, input: a })
    })
    checkKi(m, i, ctx)
    if (m.woundsTaken >= m.wounds) ctx.addIssue({ code: 'custom', path: ['models', i, 'woundsTaken'], message: `must be 0–${m.wounds - 1} (below Wounds ${m.wounds})`, input: m.woundsTaken })
  })
  return byId
}

function refer(byId: Map<string, Model>, ctx: Ctx, id: string | undefined, path: Path): Model | undefined {
  if (id === undefined) return undefined
  const m = byId.get(id)
  if (!m) ctx.addIssue({ code: 'custom', path, message: `must be one of the model ids ${[...byId.keys()].map((k) => JSON.stringify(k)).join(', ')}`, input: id })
  return m
}

function enemies(ctx: Ctx, a: Model | undefined, b: Model | undefined, path: Path): void {
  if (a && b && a.side === b.side) ctx.addIssue({ code: 'custom', path, message: `must be an enemy of "${a.id}" (side ${a.side})`, input: b.id })
}

function checkSituation(s: BushidoScenario, byId: Map<string, Model>, ctx: Ctx): void {
  const f = s.situation
  const p = (k: string): Path => ['situation', k]
  if (f.kind === 'exchange') {
    const a = refer(byId, ctx, f.activating, p('activating'))
    const b = refer(byId, ctx, f.opponent, p('opponent'))
    enemies(ctx, a, b, p('opponent'))
    if (f.surprise && f.engagedAtStart) ctx.addIssue({ code: 'custom', path: p('engagedAtStart'), message: 'must be false when surprise is true: a model can only Surprise a target it did not start its activation in base contact with (Bushido rulebook, Surprise)', input: true })
  } else if (f.kind === 'shot') {
    const a = refer(byId, ctx, f.shooter, p('shooter'))
    const t = refer(byId, ctx, f.target, p('target'))
    enemies(ctx, a, t, p('target'))
    const ally = refer(byId, ctx, f.engagedAlly, p('engagedAlly'))
    if (a && ally && (ally.side !== a.side || ally.id === a.id)) ctx.addIssue({ code: 'custom', path: p('engagedAlly'), message: `must be another model on the shooter's side (${a.side})`, input: ally.id })
  } else {
    f.engaged.forEach(([x, y], i) => enemies(ctx, refer(byId, ctx, x, ['situation', 'engaged', i, 0]), refer(byId, ctx, y, ['situation', 'engaged', i, 1]), ['situation', 'engaged', i, 1]))
    // A game works out Melee Assist from base contact at each exchange; a fixed count would apply twice.
    s.models.forEach((m, i) => {
      if (m.assistingEnemies > 0) ctx.addIssue({ code: 'custom', path: ['models', i, 'assistingEnemies'], message: 'must be 0 in a game (Melee Assist comes from the models in base contact at each exchange; set it for a single exchange only)', input: m.assistingEnemies })
    })
    if (f.variableFrom !== undefined && f.turns !== VARIABLE_LAST) ctx.addIssue({ code: 'custom', path: p('turns'), message: `must be ${VARIABLE_LAST} when variableFrom is set (a Variable (X) game always finishes after the End Phase of Turn ${VARIABLE_LAST})`, input: f.turns })
    const seen = new Set<string>()
    f.tactics.forEach((t, i) => {
      const m = refer(byId, ctx, t.model, ['situation', 'tactics', i, 'model'])
      if (seen.has(t.model)) ctx.addIssue({ code: 'custom', path: ['situation', 'tactics', i, 'model'], message: 'must name each model once', input: t.model })
      seen.add(t.model)
      if (t.action !== 'wait' && t.target === undefined) ctx.addIssue({ code: 'custom', path: ['situation', 'tactics', i, 'target'], message: `is required for the action "${t.action}"`, input: undefined })
      enemies(ctx, m, refer(byId, ctx, t.target, ['situation', 'tactics', i, 'target']), ['situation', 'tactics', i, 'target'])
    })
  }
}

/** A fixed split must use exactly the pool: attack ≤ pool, and defence (if given) = pool − attack. */
function checkPlans(s: BushidoScenario, byId: Map<string, Model>, ctx: Ctx): void {
  const f = s.situation
  const pools = new Map<string, number>()
  const wish = (id: string) => s.plans.find((p) => p.model === id)?.kiBoost ?? 0
  if (f.kind === 'exchange') {
    const a = byId.get(f.activating)
    const b = byId.get(f.opponent)
    if (a && b) {
      const x = exchangePools(a, b, f.surprise, wish(a.id), wish(b.id))
      pools.set(a.id, x.act).set(b.id, x.opp)
    }
  }
  const seen = new Set<string>()
  s.plans.forEach((plan, i) => {
    const m = refer(byId, ctx, plan.model, ['plans', i, 'model'])
    if (seen.has(plan.model)) ctx.addIssue({ code: 'custom', path: ['plans', i, 'model'], message: 'must name each model once', input: plan.model })
    seen.add(plan.model)
    if (!m) return
    if (f.kind === 'exchange' && checkBoost(m, plan, f.surprise && m.id === f.opponent, ['plans', i, 'kiBoost'], ctx) < 0) return
    if (plan.special !== undefined && plan.split === undefined) ctx.addIssue({ code: 'custom', path: ['plans', i, 'special'], message: 'needs a fixed split (the "recommended" mix weighs the specials itself; split rules declare none)', input: plan.special })
    if (plan.split === undefined) return
    const full = pools.get(m.id) ?? Math.max(1, m.melee)
    const barred = f.kind === 'exchange' && specialsBarred(m.states.includes('prone'), s.rules.proneSpecials)
    const cost = checkSpecial(m, plan, full, ['plans', i], ctx, barred)
    if (cost < 0) return
    const pool = full - cost
    const paid = cost ? ` after paying ${cost} for ${plan.special}` : ''
    const what = pools.has(m.id) ? `${m.name}'s Melee Pool in this exchange is ${full}${paid}` : `${m.name}'s Melee statistic is ${m.melee}${paid}`
    if (plan.split.attack > pool) ctx.addIssue({ code: 'custom', path: ['plans', i, 'split', 'attack'], message: `must be 0–${pool} (${what})`, input: plan.split.attack })
    else if (plan.split.defence !== undefined && pools.has(m.id) && plan.split.attack + plan.split.defence !== pool) {
      ctx.addIssue({ code: 'custom', path: ['plans', i, 'split', 'defence'], message: `must be ${pool - plan.split.attack} so that attack + defence uses the whole pool (${what})`, input: plan.split.defence })
    }
  })
}

/**
 * A fixed number of Ki Boosts in a single exchange must be paid for and stay within double the Melee
 * statistic; a Surprised model cannot boost at all. Returns −1 after reporting an issue.
 * @see docs/rules/bushido.md section 2 step 3 and Surprise; the Bushido reference card (docs/rules/bushido.md) "SURPRISE"
 */
function checkBoost(m: Model, plan: SplitPlan, surprised: boolean, at: Path, ctx: Ctx): number {
  if (plan.kiBoost === 'all' || plan.kiBoost === 0) return 0
  if (surprised) {
    ctx.addIssue({ code: 'custom', path: at, message: `must be 0 or "all": ${m.name} is Surprised and cannot use Ki Boosts (Bushido rulebook, Surprise)`, input: plan.kiBoost })
    return -1
  }
  const pool = meleePool(m, { exhausted: m.exhausted, surprised: false }).pool
  const most = boostLimit(m, pool, false)
  if (plan.kiBoost <= most) return 0
  const why = `${m.name} holds ${m.kiTokens} Ki at ${m.kiBoostCost} per boost and its pool of ${pool} may rise to at most ${m.melee === 0 ? 1 : 2 * m.melee}`
  ctx.addIssue({ code: 'custom', path: at, message: `must be 0–${most} or "all" (${why})`, input: plan.kiBoost })
  return -1
}

/**
 * A declared special must be on the model's card, may not bring the pool to 0, and needs a die of its
 * type to be able to trigger, and none may be declared by a model whose specials are `barred` (Prone in a
 * single exchange under the variant proneSpecials "none"). Returns its cost (0 for none), or −1 after
 * reporting an issue. @see docs/rules/bushido.md section 2 step 4 and the note after step 8; modifiers.ts specialsBarred
 */
function checkSpecial(m: Model, plan: SplitPlan, pool: number, at: Path, ctx: Ctx, barred: boolean): number {
  if (plan.special === undefined || plan.split === undefined) return 0
  const card = m.specials.find((sp) => sp.ability === plan.special)
  const issue = (path: Path, message: string, input: unknown): number => {
    ctx.addIssue({ code: 'custom', path: [...at, ...path], message, input })
    return -1
  }
  if (barred) return issue(['special'], `must be omitted: ${m.name} is Prone (Au Sol) and a Prone model may not use Special Abilities (rules.proneSpecials is "none"; set it to "allowed" to let Prone models use them)`, plan.special)
  if (!card) return issue(['special'], m.specials.length ? `must be one of ${m.name}'s specials ${m.specials.map((sp) => JSON.stringify(sp.ability)).join(', ')}` : `${m.name} has no specials on its card`, plan.special)
  if (pool - card.cost < 1) return issue(['special'], `costs ${card.cost} dice: it may not reduce ${m.name}'s pool of ${pool} to 0`, plan.special)
  const attack = SPECIALS[card.ability].type === 'attack'
  if (attack && plan.split.attack < 1) return issue(['split', 'attack'], `must be 1–${pool - card.cost}: a Special Attack needs Attack dice to trigger`, plan.split.attack)
  if (!attack && plan.split.attack > pool - card.cost - 1) return issue(['split', 'attack'], `must be 0–${pool - card.cost - 1}: a Special Defence needs Defence dice to trigger`, plan.split.attack)
  return card.cost
}

const baseSchema = z.strictObject({
    ...envelope(SYSTEM_ID),
    rules: rulesSchema(variants),
    models: z
      .array(modelSchema, { error: 'must be a list of models' })
      .min(2, { error: `must list 2–${MAX_MODELS} models` })
      .max(MAX_MODELS, { error: `must list 2–${MAX_MODELS} models` })
      .describe('The models (figurines) in play, 2–8, each from its card: Melee and Ranged Pool, Wounds, weapon traits, Ki and current states (Bushido rulebook).'),
    situation: situationSchema,
    plans: z
      .array(planSchema, { error: 'must be a list of split plans' })
      .default([])
      .describe('How models split their Melee Pool between Attack and Defence, and their Ki Boosts; a model without a plan plays the recommended mix (Bushido rulebook pp.38–42).'),
})

export type BushidoScenario = z.output<typeof baseSchema>

/** The whole scenario: shape first, then the cross-field checks, each with its precise path. */
export const scenarioSchema = baseSchema.check(crossCheck((s, ctx) => {
  const byId = checkRefs(s, ctx)
  checkSituation(s, byId, ctx)
  checkPlans(s, byId, ctx)
}))
