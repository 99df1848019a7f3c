import { chartsLoaded, loadCharts } from './chart-config'

/**
 * Chart work (creating or redrawing one chart) queued one job per macrotask, so a page of charts never
 * blocks the main thread in one long task while a run streams partial results. A job queued again
 * before it ran replaces the earlier one (only the newest data matters).
 */
const queue = new Map<object, () => void>()
let scheduled = false

function drain(): void {
  scheduled = false
  // Chart.js comes with the first chart: the queued work waits for it, then runs as before.
  if (!chartsLoaded()) {
    scheduled = true
    loadCharts().then(
      () => {
        scheduled = false
        drain()
      },
      () => {
        // not loaded (offline before the app was cached): the next chart work tries again
        scheduled = false
      },
    )
    return
  }
  const next = queue.entries().next()
  if (next.done) return
  const [owner, job] = next.value
  queue.delete(owner)
  job()
  if (queue.size > 0) schedule()
}

function schedule(): void {
  if (scheduled) return
  scheduled = true
  setTimeout(drain, 0)
}

export function queueChartWork(owner: object, job: () => void): void {
  queue.delete(owner)
  queue.set(owner, job)
  schedule()
}

export function dropChartWork(owner: object): void {
  queue.delete(owner)
}
