import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric } from '../../../engine/core/metrics'
import { resultDocument } from '../../../engine/run/result'
import { ENGINE_VERSION } from '../../../engine/version'
import { parse } from 'csv-parse/sync'
import { formatMetric, resultCsv } from './format'

const doc = resultDocument({
  status: 'done',
  system: { id: 'gurps-waits', label: 'GURPS', version: '1.0.0' },
  scenario: { name: 'Duel, "at dawn"', hash: 'abc', rules: {} },
  seed: 7,
  trials: 100,
  trialsDone: 100,
  chunkSize: 50,
  metrics: [probabilityMetric({ id: 'first:kid', metric: 'first', label: 'Acts first: Kid' }, 25, 100, 0.3), orderMetric({ id: 'o', metric: 'o', label: 'Order' }, [{ key: 'a', label: 'A → B', count: 100 }], 100)],
  elapsedMs: 10,
  workers: 1,
})

describe('result formatting and export', () => {
  it('a probability card shows the value, its 95% interval and the exact value', () => {
    expect(formatMetric(doc.metrics[0])).toEqual({ value: '25.00%', interval: expect.stringMatching(/^17\.\d\d% – 34\.\d\d%$/), exact: '30.00%' })
  })

  it('a distribution card gives the mean and the spread a GM reads: median, middle half, 90% range', () => {
    const m = distributionMetric({ id: 'd', metric: 'd', label: 'Segments' }, [0, 10, 20, 40, 20, 10], 0, 0, 6)
    expect(formatMetric(m)).toEqual({ value: 'mean 3.000', interval: 'median 3 · middle half 2–4 · 90% within 1–5', exact: '' })
  })

  it('a mean or a distribution of something that never happened in the run reads so, not NaN', () => {
    expect(formatMetric(meanMetric({ id: 'r', metric: 'r', label: 'Rounds' }, 0, 0, 0, 2.5))).toEqual({ value: '—', interval: 'never happened in this run', exact: '2.500' })
    const d = formatMetric(distributionMetric({ id: 'd', metric: 'd', label: 'Damage per hit' }, [0, 0, 0], 0, 0, 3))
    expect(d.value).toBe('—')
    expect(JSON.stringify(d)).not.toMatch(/NaN/)
    expect(formatMetric(probabilityMetric({ id: 'h', metric: 'h', label: 'Attacks that hit' }, 0, 0, 0.4))).toEqual({ value: '—', interval: 'never happened in this run', exact: '40.00%' })
  })

  it('CSV starts with its header row, carries provenance in columns and reads back with a CSV parser', () => {
    const text = resultCsv(doc)
    expect(text.startsWith('\uFEFFmetric,label,kind,outcome,value,ci_low,ci_high,exact,count,n,scenario,')).toBe(true)
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[]
    expect(rows[0]).toMatchObject({ metric: 'first:kid', label: 'Acts first: Kid', kind: 'probability', value: '0.25', exact: '0.3', count: '25', n: '100' })
    expect(Number(rows[0].ci_low)).toBeCloseTo(0.17, 1)
    expect(rows[0]).toMatchObject({ scenario: 'Duel, "at dawn"', system: 'gurps-waits', system_version: '1.0.0', engine_version: ENGINE_VERSION, seed: '7', trials: '100', scenario_hash: 'abc' })
    expect(rows[1]).toMatchObject({ metric: 'o', kind: 'order', outcome: 'A → B', value: '1' })
  })
})
