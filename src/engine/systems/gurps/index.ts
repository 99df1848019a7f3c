import { wholeFightOnce } from '../../core/fight-exact'
import type { Metric } from '../../core/metrics'
import type { Rng } from '../../core/rng'
import { createTally, type Tally } from '../../core/tally'
import type { TraceEvent } from '../../core/trace'
import type { ExactMetric, RuleSystem } from '../rule-system'
import { openingOdds, standoffExact } from './exact'
import { exactGurpsFight } from './exact-fight'
import { playFight } from './fight'
import { metricDocs, summarize } from './metrics'
import { optionSets } from './options'
import { gurpsNotModelled } from './not-modelled'
import { compile, type Plan } from './plan'
import { scenarioSchema, SYSTEM_ID, SYSTEM_LABEL, type GurpsScenario } from './schema'
import { variants } from './variants'

interface TracePlan extends Plan {
  traceTally?: Tally
}

/** One fight into the tally. */
function simulate(plan: Plan, rng: Rng, tally: Tally): void {
  const st = plan.state
  st.rng = rng
  st.tally = tally
  st.log = undefined
  playFight(plan, st)
}

/** The same fight as `simulate` would play with this stream, told as a combat log. */
function trace(plan: TracePlan, rng: Rng): TraceEvent[] {
  plan.traceTally ??= createTally(plan.layout.shape)
  const st = plan.state
  const log: TraceEvent[] = []
  st.rng = rng
  st.tally = plan.traceTally
  st.log = log
  try {
    playFight(plan, st)
  } finally {
    st.log = undefined
  }
  return log
}

/**
 * Exact odds of each fighter's opening attack (full health, fresh defences), of an opening standoff, and
 * the whole duel when it is small enough to follow exactly (kept on the plan: a solve can take a second).
 */
function exact(plan: TracePlan): ExactMetric[] {
  return [...openingExact(plan), ...wholeFightOnce(plan, () => exactGurpsFight(plan))]
}

function openingExact(plan: Plan): ExactMetric[] {
  const standoff = standoffExact(plan)
  const first: ExactMetric[] = standoff
    ? [
        ...plan.fighters.map((f, i): ExactMetric => ({ id: `wait-strikes-first:${f.id}`, label: `His Wait fires and strikes first: ${f.name}`, kind: 'probability', p: standoff.first[i] })),
        { id: 'simultaneous-first-strike', label: 'First strikes truly simultaneous', kind: 'probability', p: standoff.tie },
      ]
    : []
  return first.concat(openingOdds(plan).flatMap((o) => {
    const a = plan.fighters[o.attacker]
    const d = plan.fighters[o.defender]
    const vs = `${a.name} vs ${d.name}, opening${a.arms.length > 1 ? ` (${o.weapon})` : ''}`
    return [
      { id: `opening-attack-roll:${a.id}`, label: `Attack roll succeeds (skill ${o.skill}): ${vs}`, kind: 'probability', p: o.success },
      { id: `opening-critical:${a.id}`, label: `Critical hit: ${vs}`, kind: 'probability', p: o.critical },
      { id: `opening-defense:${a.id}`, label: `${d.name}'s best defence succeeds (${o.defense.score}${o.defense.retreat ? ', retreating' : ''}): ${vs}`, kind: 'probability', p: o.defenseSucceeds },
      { id: `opening-lands:${a.id}`, label: `Attack lands: ${vs}`, kind: 'probability', p: o.lands },
      { id: `opening-injury:${a.id}`, label: `Injury of an ordinary hit: ${vs}`, kind: 'distribution', mean: o.meanInjury, p: o.injury.map((p, value) => ({ value, p })).filter((x) => x.p > 0) },
    ] satisfies ExactMetric[]
  }))
}

/**
 * GURPS 4e whole fights: turn sequence, maneuvers, Waits that interrupt inside the turn (Cascading Waits
 * when several fire together), attacks, active defences, damage and injury.
 * @see docs/rules/gurps.md, docs/rules/gurps.md section 3, GURPS Martial Arts p.108 (docs/rules/gurps.md section 2)
 */
export const gurps = {
  id: SYSTEM_ID,
  label: SYSTEM_LABEL,
  version: '1.3.0',
  description:
    'GURPS 4e fights turn by turn: sequence by Basic Speed, DX and a roll (ETS first); Attack, All-Out Attack, Move and Attack, Feint, All-Out Defense, Ready and Wait with triggers whose responses interrupt (Cascading Waits with late joiners when several fire); attack rolls with criticals, Dodge/Parry/Block with retreat (as each fighter chooses), missiles with Shots and the Ready after a throw, several attacks by name or his best against this foe, damage by ST and type, DR (some limited to damage types), encumbrance, shock, major wounds, unconsciousness and death checks. Exact values: the opening attacks, an opening standoff, and the whole duel when it reaches few enough situations.',
  schema: scenarioSchema,
  variants,
  metrics: metricDocs,
  compile: (s: GurpsScenario): TracePlan => compile(s),
  shape: (plan: Plan) => plan.layout.shape,
  simulate,
  summarize: (plan: Plan, tally: Tally): Metric[] => summarize(plan, tally),
  trace,
  exact,
  optionSets,
  notModelled: gurpsNotModelled,
} satisfies RuleSystem<GurpsScenario, TracePlan>
