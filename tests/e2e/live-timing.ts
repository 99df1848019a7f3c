import type { Page } from 'playwright-core'
import { openExample } from './browser'

/** Each system's main example and a number a GM would change in it (the live answers' flow and their bench). */
export const LIVE_EXAMPLES: [file: string, field: string][] = [
  ['hero-street-brawl.json', 'combatants[0].ocv'],
  ['gurps-duel.json', 'combatants[0].dx'],
  ['genesys-blaster-duel.json', 'combatants[0].soak'],
  ['l5r-fast-vs-strong.json', 'combatants[0].agility'],
  ['bushido-skirmish.json', 'models[0].melee'],
]

export interface LiveEdit {
  /** Milliseconds from the edit to the first answer shown as current, and to the last (the scenario's trials). */
  first: number
  final: number
  /** Fights behind the first answer shown. */
  firstTrials: number
  /** The first answer said what it was before the edit. */
  firstSaysWas: boolean
}

/**
 * Opens `file` with `trials` trials and `workers` workers (if given), waits for its settled answer, raises
 * `field` by one and times the live answers that follow, from the edit to the first and the last answer
 * shown as current (every answer the headline shows is recorded as it appears, so a short-lived one
 * between two looks is not missed). The page must have live answers on.
 */
export async function timeLiveEdit(page: Page, file: string, field: string, trials: number, workers?: number): Promise<LiveEdit> {
  const settled = `[data-testid="headline"][data-state="current"][data-refining="no"][data-trials="${trials}"]`
  await openExample(page, file)
  const input = `[data-testid="field-${field}"]`
  await page.waitForSelector(input)
  if (workers !== undefined) {
    await page.fill('[data-testid="workers"]', String(workers))
    await page.press('[data-testid="workers"]', 'Tab')
  }
  await page.fill('[data-testid="trials"]', String(trials))
  await page.press('[data-testid="trials"]', 'Tab')
  await page.waitForSelector(settled, { timeout: 120_000 })
  const before = Number(await page.inputValue(input))
  await page.evaluate(`(() => { const h = document.querySelector('[data-testid="headline"]'); window.seenAnswers = []; window.watching?.disconnect(); window.watching = new MutationObserver(() => { if (h.dataset.state === 'current') window.seenAnswers.push([Date.now(), Number(h.dataset.trials), document.querySelectorAll('[data-testid="headline-was"]').length]) }); window.watching.observe(h, { attributes: true, subtree: true, childList: true }) })()`)
  const started = await page.evaluate<number>('Date.now()')
  await page.fill(input, String(before + 1))
  await page.press(input, 'Tab')
  await page.waitForSelector(settled, { timeout: 120_000 })
  const seen = await page.evaluate<[number, number, number][]>('window.seenAnswers')
  const shown = seen.filter(([, n]) => n > 0)
  const firstShown = shown[0]
  return {
    first: (firstShown?.[0] ?? started) - started,
    final: (shown.at(-1)?.[0] ?? started) - started,
    firstTrials: firstShown?.[1] ?? 0,
    firstSaysWas: shown.some(([, n, was]) => n === firstShown?.[1] && was > 0),
  }
}
