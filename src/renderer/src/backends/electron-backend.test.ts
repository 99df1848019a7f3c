// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { Api, EventChannel, EventContract } from '../../../shared/ipc-contract'
import { electronBackend } from './electron-backend'

/** A stand-in for the preload's `window.api`: records calls and lets the test push events. */
function fakeApi() {
  const listeners = new Map<string, Set<(p: unknown) => void>>()
  const calls: [string, unknown[]][] = []
  const push = <E extends EventChannel>(channel: E, payload: EventContract[E]): void => listeners.get(channel)?.forEach((l) => l(payload))
  let finish: (doc: unknown) => void = () => undefined
  const api = new Proxy({} as Api, {
    get(_, channel: string) {
      if (channel === 'on')
        return (c: string, l: (p: unknown) => void) => {
          const set = listeners.get(c) ?? new Set()
          set.add(l)
          listeners.set(c, set)
          return () => set.delete(l)
        }
      return (...args: unknown[]) => {
        calls.push([channel, args])
        return channel === 'sim:run' ? new Promise((r) => (finish = r)) : Promise.resolve(null)
      }
    },
  })
  return { api, calls, push, listeners, finish: (doc: unknown) => finish(doc) }
}

describe('Electron backend over window.api', () => {
  it('passes only its own job progress to the run, and stops listening when the run ends', async () => {
    const f = fakeApi()
    const seen: number[] = []
    const run = electronBackend(f.api).run({ jobId: 'job-1', scenario: {} }, (p) => seen.push(p.trialsDone))
    const progress = (trialsDone: number) => ({ trialsDone, trials: 10, trialsPerSecond: 1, elapsedMs: 1, etaMs: 1, partial: [] })
    f.push('sim:progress', { jobId: 'job-1', progress: progress(3) })
    f.push('sim:progress', { jobId: 'job-2', progress: progress(9) })
    f.finish({ status: 'done' })
    await run
    f.push('sim:progress', { jobId: 'job-1', progress: progress(7) })
    expect(seen).toEqual([3])
    expect(f.listeners.get('sim:progress')?.size).toBe(0)
  })

  it('maps each backend call to its contract channel', async () => {
    const f = fakeApi()
    const b = electronBackend(f.api)
    await b.saveFile({ path: '/x.json', text: '{}' })
    await b.openRecent('/x.json')
    await b.clearDraft('ed-1')
    await b.cancel('job-1')
    expect(f.calls.map((c) => c[0])).toEqual(['file:save', 'file:open-recent', 'draft:clear', 'sim:cancel'])
  })
})
