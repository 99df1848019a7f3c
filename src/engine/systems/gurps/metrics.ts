import { distributionMetric, probabilityMetric, type Metric, type MetricDoc } from '../../core/metrics'
import type { Tally } from '../../core/tally'
import { Maneuver } from './codes'
import { C_CAP, C_CASCADE, C_DRAW, C_MUTUAL_HIT, C_TIED_FIRST_STRIKE, F } from './layout'
import { standoffExact } from './exact'
import { sideLabel } from './log'
import type { Plan } from './plan'

/** The metrics this system reports; per-combatant ones get `:<combatant id>`, per-side ones `:<side id>`. */
export const metricDocs: readonly MetricDoc[] = [
  { id: 'wins', label: 'Side wins', kind: 'probability', per: 'scenario', description: 'One per side: that side is the only one left standing (or leads on HP at the cap under "most-health").' },
  { id: 'draw', label: 'Draw', kind: 'probability', per: 'scenario', description: 'Everyone down at once, or the turn cap reached.' },
  { id: 'cap-reached', label: 'Turn cap reached', kind: 'probability', per: 'scenario', description: 'The fight was still going at the turn cap.' },
  { id: 'fight-length', label: 'Fight length (turns)', kind: 'distribution', per: 'scenario', description: 'Turns until one side is out, or the cap.' },
  { id: 'wait-strikes-first', label: 'His Wait fires and strikes first', kind: 'probability', per: 'combatant', description: 'The first attack of the fight is his, made alone, from a converted Wait ("who shoots first").' },
  { id: 'strikes-first', label: 'Strikes first', kind: 'probability', per: 'combatant', description: 'The first attack of the fight is his, made alone (from a Wait or not).' },
  { id: 'simultaneous-first-strike', label: 'First strikes truly simultaneous', kind: 'probability', per: 'scenario', description: 'The first attacks of the fight come in one Cascading Waits slot.' },
  { id: 'mutual-hit', label: 'Mutual simultaneous hits', kind: 'probability', per: 'scenario', description: 'At least once, two fighters attacking each other in one slot both land.' },
  { id: 'cascade', label: 'Cascading Waits happen', kind: 'probability', per: 'scenario', description: 'At least once, several Waits fire together and a Quick Contest orders them.' },
  { id: 'first-blood', label: 'Draws first blood', kind: 'probability', per: 'combatant', description: 'He is the first to inflict injury, alone.' },
  { id: 'wait-fires', label: 'A Wait fires', kind: 'probability', per: 'combatant', description: 'At least one of his Waits converts into its response.' },
  { id: 'wait-wasted', label: 'A Wait is wasted', kind: 'probability', per: 'combatant', description: 'At least one of his Waits never fires, wasting that turn.' },
  { id: 'hit-rate', label: 'Attacks that land', kind: 'probability', per: 'combatant', description: 'Share of his attacks that hit and are not defended (criticals included), over all his attacks.' },
  { id: 'defense-rate', label: 'Defences that succeed', kind: 'probability', per: 'combatant', description: 'Share of his active defence rolls that succeed.' },
  { id: 'knocked-down', label: 'Knocked down by a major wound', kind: 'probability', per: 'combatant', description: 'He failed a Major Wound HT roll at least once (stunned, prone, weapon dropped).' },
  { id: 'defeated', label: 'Taken out', kind: 'probability', per: 'combatant', description: 'Unconscious, mortally wounded or dead by the end.' },
  { id: 'dies', label: 'Dies', kind: 'probability', per: 'combatant', description: 'Failed a death check or reached −5×HP.' },
  { id: 'turns-to-incapacitation', label: 'Turn he is taken out', kind: 'distribution', per: 'combatant', description: 'The turn he falls unconscious or dies, over the fights where that happens.' },
  { id: 'damage-per-attack', label: 'Injury per attack', kind: 'distribution', per: 'combatant', description: 'Injury each of his attacks inflicts (0 for misses and defended attacks).' },
  { id: 'damage-per-fight', label: 'Injury dealt per fight', kind: 'distribution', per: 'combatant', description: 'Total injury he inflicts in the fight.' },
]

const label = (id: string): string => metricDocs.find((d) => d.id === id)?.label ?? id

function hasWait(plan: Plan, i: number): boolean {
  return plan.fighters[i].steps.some((s) => s.maneuver === Maneuver.Wait)
}

export function summarize(plan: Plan, tally: Tally): Metric[] {
  const n = tally.trials
  const c = tally.counts
  const b = tally.bins
  const L = plan.layout
  const out: Metric[] = []
  const standoff = standoffExact(plan)
  const scenario = (id: string, count: number, exact?: number): void => {
    out.push(probabilityMetric({ id, metric: id, label: label(id) }, count, n, exact))
  }
  plan.sides.forEach((side, s) => out.push(probabilityMetric({ id: `wins:${side}`, metric: 'wins', label: `${sideLabel(plan, s)} wins`, subjects: plan.fighters.filter((f) => f.side === s).map((f) => f.id) }, c[L.sideWins + s], n)))
  scenario('draw', c[C_DRAW])
  scenario('cap-reached', c[C_CAP])
  out.push(distributionMetric({ id: 'fight-length', metric: 'fight-length', label: label('fight-length') }, b, 1, L.lengthBins, plan.cap))
  scenario('simultaneous-first-strike', c[C_TIED_FIRST_STRIKE], standoff?.tie)
  scenario('mutual-hit', c[C_MUTUAL_HIT])
  scenario('cascade', c[C_CASCADE])
  plan.fighters.forEach((f, i) => {
    const o = L.fighter[i]
    const head = (metric: string) => ({ id: `${metric}:${f.id}`, metric, label: `${label(metric)}: ${f.name}`, subjects: [f.id] })
    const p = (metric: string, count: number, of = n, exact?: number): void => {
      out.push(probabilityMetric(head(metric), count, of, exact))
    }
    if (hasWait(plan, i)) {
      p('wait-strikes-first', c[o + F.WaitStrikesFirst], n, standoff?.first[i])
      p('wait-fires', c[o + F.WaitFired])
      p('wait-wasted', c[o + F.WaitWasted])
    }
    p('strikes-first', c[o + F.StrikesFirst], n, standoff?.first[i])
    p('first-blood', c[o + F.FirstHit])
    p('hit-rate', c[o + F.Hits], c[o + F.Attacks])
    p('defense-rate', c[o + F.DefenseSuccesses], c[o + F.DefenseRolls])
    p('knocked-down', c[o + F.KnockedDown])
    p('defeated', c[o + F.Defeated])
    p('dies', c[o + F.Died])
    out.push(distributionMetric(head('turns-to-incapacitation'), b, 1, L.outBins[i], plan.cap))
    out.push(distributionMetric(head('damage-per-attack'), b, 0, L.attackBins[i], L.attackLen[i]))
    out.push(distributionMetric(head('damage-per-fight'), b, 0, L.fightBins[i], L.fightLen[i]))
  })
  return out
}
