import type { ExactMetric } from '../rule-system'
import { exactView } from './exchange-kind'
import type { ExchangePlan } from './exchange-plan'
import { usesKi } from './ki'

/**
 * Exact values of the "exchange" situation: the headline probabilities for the plans in force, then the
 * split matrix (every split against every split), each side's best replies and the recommended mix.
 */
export function exchangeExact(p: ExchangePlan): ExactMetric[] {
  const e = exactView(p)
  const a = p.actModel
  const o = p.oppModel
  const mean = (d: number[]): number => d.reduce((s, x, k) => s + x * k, 0)
  const out: ExactMetric[] = [
    { id: `exchange-win:${a.id}`, label: `Wins the exchange: ${a.name}`, kind: 'probability', p: e.actAhead },
    { id: `exchange-win:${o.id}`, label: `Wins the exchange: ${o.name}`, kind: 'probability', p: e.oppAhead },
    { id: `hits:${a.id}`, label: `Strike lands: ${a.name}`, kind: 'probability', p: e.actHits },
    { id: `hits:${o.id}`, label: `Strike lands: ${o.name}`, kind: 'probability', p: e.oppHits },
    { id: `removed:${o.id}`, label: `Removed: ${o.name}`, kind: 'probability', p: e.oppRemoved },
    { id: `removed:${a.id}`, label: `Removed: ${a.name}`, kind: 'probability', p: e.actRemoved },
    { id: `wounds-dealt:${a.id}`, label: `Wounds dealt: ${a.name}`, kind: 'distribution', mean: mean(e.toOpp), p: e.toOpp.map((p, value) => ({ value, p })) },
    { id: `wounds-dealt:${o.id}`, label: `Wounds dealt: ${o.name}`, kind: 'distribution', mean: mean(e.toAct), p: e.toAct.map((p, value) => ({ value, p })) },
  ]
  p.kiSpent.forEach((spent, k) => {
    const m = k === 0 ? a : o
    if (usesKi(m)) out.push({ id: `ki-spent:${m.id}`, label: `Ki spent on Boosts: ${m.name} (+${p.boosts[k]} ${p.boosts[k] === 1 ? 'die' : 'dice'})`, kind: 'mean', mean: spent })
  })
  return [...out, ...matrixMetrics(p)]
}

function matrixMetrics(p: ExchangePlan): ExactMetric[] {
  const m = p.matrix
  const a = p.actModel
  const o = p.oppModel
  const la = (k: number): string => m.actKeys[k]
  const lo = (k: number): string => m.oppKeys[k]
  const na = (k: number): string => m.actLabels[k]
  const no = (k: number): string => m.oppLabels[k]
  const out: ExactMetric[] = []
  for (const row of m.cells) {
    for (const c of row) {
      const pair = `${a.name} ${na(c.actOption)} vs ${o.name} ${no(c.oppOption)}`
      const id = `split-matrix:${la(c.actOption)}:${lo(c.oppOption)}`
      out.push({ id: `${id}:p-hit`, label: `${pair} — ${a.name} hits (average Success Level of a hit ${c.slActHit.toFixed(3)})`, kind: 'probability', p: c.pActHits })
      out.push({ id: `${id}:p-hit-back`, label: `${pair} — ${o.name} wins its comparison (average Success Level ${c.slOppHit.toFixed(3)})`, kind: 'probability', p: c.pOppWins })
      out.push({ id: `${id}:wounds-dealt`, label: `${pair} — wounds that count dealt by ${a.name} (average, none beyond the wounds ${o.name} has left)`, kind: 'mean', mean: c.woundsToOpp })
      out.push({ id: `${id}:wounds-taken`, label: `${pair} — wounds that count taken by ${a.name} (average, none beyond the wounds ${a.name} has left)`, kind: 'mean', mean: c.woundsToAct })
      out.push({ id: `${id}:payoff`, label: `${pair} — wounds that count for ${a.name}, dealt minus taken`, kind: 'mean', mean: c.payoff })
    }
  }
  m.actBestReply.forEach((best, b) => out.push({ id: `best-reply:${a.id}:${lo(b)}`, label: `${a.name}'s best reply to ${o.name} ${no(b)}`, kind: 'order', outcomes: [{ key: la(best), label: `${na(best)} (Attack/Defence), net wounds ${m.cells[best][b].payoff.toFixed(3)}`, p: 1 }] }))
  m.oppBestReply.forEach((best, k) => out.push({ id: `best-reply:${o.id}:${la(k)}`, label: `${o.name}'s best reply to ${a.name} ${na(k)}`, kind: 'order', outcomes: [{ key: lo(best), label: `${no(best)} (Attack/Defence), net wounds ${(-m.cells[k][best].payoff).toFixed(3)}`, p: 1 }] }))
  const mix = (probs: number[], l: (k: number) => string, n: (k: number) => string) => probs.map((p, k) => ({ key: l(k), label: `${n(k)} (Attack/Defence)`, p })).filter((x) => x.p > 1e-9)
  out.push({ id: `recommended-mix:${a.id}`, label: `Recommended mix for ${a.name} (net wounds ${m.mix.value.toFixed(3)})`, kind: 'order', outcomes: mix(m.mix.row, la, na) })
  out.push({ id: `recommended-mix:${o.id}`, label: `Recommended mix for ${o.name} (net wounds ${(-m.mix.value).toFixed(3)})`, kind: 'order', outcomes: mix(m.mix.col, lo, no) })
  return out
}
