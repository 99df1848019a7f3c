import { afterAll, beforeAll, describe, it } from 'vitest'
import { closeBrowser, launchChromium, openApp, serveRenderer, startBrowser } from './browser'
import { LIVE_EXAMPLES, timeLiveEdit } from './live-timing'

/**
 * `npm run bench:live`: how long a GM waits for the live answer after an edit, per system, in the web
 * build in headless Chromium, with 1 and 2 workers: the time from the edit to the first headline and to
 * the answer of the scenario's full trials (medians of LIVE_BENCH_REPEAT edits, 3 unless set). Not part
 * of `npm test` (a measurement, not a check): its numbers depend on the machine and its load.
 */
const TRIALS = Number(process.env.LIVE_BENCH_TRIALS ?? 32_000)
const REPEAT = Number(process.env.LIVE_BENCH_REPEAT ?? 3)
const WORKERS = (process.env.LIVE_BENCH_WORKERS ?? '1,2').split(',').map(Number)

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

describe('live answers: from an edit to the answer', () => {
  let server: Awaited<ReturnType<typeof serveRenderer>>
  let chromium: Awaited<ReturnType<typeof launchChromium>>
  beforeAll(async () => {
    ;({ server, chromium } = await startBrowser())
  }, 60_000)
  afterAll(() => closeBrowser({ chromium, server }))

  it('times each system\'s main example', async () => {
    const rows: string[] = []
    for (const workers of WORKERS) {
      const page = await openApp(chromium.browser, server.url, [`try { localStorage.setItem('quickdraw.live-answers', 'on') } catch {}`], { width: 1280, height: 720 })
      for (const [file, field] of LIVE_EXAMPLES) {
        const runs = []
        for (let r = 0; r < REPEAT; r++) runs.push(await timeLiveEdit(page, file, field, TRIALS, workers))
        rows.push(`${file.padEnd(28)} ${String(workers).padStart(7)}  ${String(median(runs.map((x) => x.first))).padStart(8)} ms  ${String(median(runs.map((x) => x.final))).padStart(8)} ms   (${runs.map((x) => `${x.first}/${x.final}`).join(', ')})`)
      }
      await page.context().close()
    }
    console.log(`\nLive answers, web build, ${TRIALS.toLocaleString('en-US')} trials, medians of ${REPEAT}:\n${'example'.padEnd(28)} workers  first answer  full trials   (each edit: first/full ms)\n${rows.join('\n')}\n`)
  }, 3_600_000)
})
