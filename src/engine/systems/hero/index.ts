import { wholeFightOnce } from '../../core/fight-exact'
import type { Rng } from '../../core/rng'
import { heroNotModelled } from './not-modelled'
import { createTally, type Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { exactMetrics } from './exact'
import { exactHeroFight } from './exact-fight'
import { runFight } from './fight'
import { metricDocs } from './metrics'
import { heroOptionSets } from './option-sets'
import { compile, type Plan } from './plan'
import { recordFight, traceOutcome } from './record'
import { scenarioSchema, SYSTEM_ID, SYSTEM_LABEL, type HeroScenario } from './schema'
import { summarize } from './summarize'
import { variants } from './variants'

/** One fight into the tally. */
function simulate(plan: Plan, rng: Rng, tally: Tally): void {
  plan.st.log = null
  plan.st.tally = tally
  const last = runFight(plan, rng)
  recordFight(plan, tally, last)
}

/** The same fight as `simulate` (same code, same draws), told Segment by Segment. */
function trace(plan: Plan, rng: Rng): TraceEvent[] {
  const log: TraceEvent[] = []
  plan.st.log = log
  plan.st.tally = createTally({ counters: plan.layout.counters, bins: plan.layout.bins })
  const last = runFight(plan, rng)
  traceOutcome(plan, last)
  plan.st.log = null
  plan.st.tally = null
  return log
}

/** Exact values: the contests and hits (quick), and the whole 1-vs-1 fight when it has few enough situations. */
function exact(plan: Plan): ExactMetric[] {
  return [...exactMetrics(plan), ...wholeFightOnce(plan, () => exactHeroFight(plan))]
}

/**
 * HERO System 6e fights on the Speed Chart: DEX order and ties, Delayed and Held actions (interrupt,
 * after, tandem), holding for defense, Aborts, attacks with STUN and BODY, Stunned, knockout.
 * @see the campaign house rules (docs/rules/hero.md), docs/rules/hero.md, docs/rules/hero.md section 6 and docs/rules/hero.md section 7
 */
export const hero = {
  id: SYSTEM_ID,
  label: SYSTEM_LABEL,
  version: '2.3.0',
  description:
    'HERO System 6th edition combat on the Speed Chart (combat starts in Segment 12): highest DEX first with a selectable tie rule, Delayed and Held actions (interrupt by DEX Roll contest, act after, act in tandem), holding for defense and Aborts, Attack Rolls, normal and killing damage, Stunned, Knocked Out and Post-Segment 12 Recovery; the campaign\'s house rules (the default) or the 6th Edition book. Exact values: interrupt contests, hits, and the whole 1-vs-1 fight when it has few enough situations.',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile: (s: HeroScenario): Plan => compile(s),
  shape: (plan: Plan) => ({ counters: plan.layout.counters, bins: plan.layout.bins }),
  simulate,
  summarize,
  trace,
  exact,
  optionSets: heroOptionSets,
  notModelled: heroNotModelled,
} satisfies RuleSystem<HeroScenario, Plan>
