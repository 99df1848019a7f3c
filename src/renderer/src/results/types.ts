export type { Metric } from '../../../engine/core/metrics'
export type { ResultDocument } from '../../../engine/run/result'
