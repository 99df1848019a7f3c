import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Dialogs } from '../../src/main/ipc/file-handlers'
import { createHandlers, type Handlers } from '../../src/main/ipc/handlers'
import { JobRegistry } from '../../src/main/ipc/jobs'
import { exactOf } from '../../src/engine/run/exact'
import { findTrial } from '../../src/engine/run/find'
import { AutosaveStore } from '../../src/main/services/autosave'
import { FileService } from '../../src/main/services/files'
import { RecentFiles } from '../../src/main/services/recent'
import { SimulationService } from '../../src/main/services/simulation'
import type { EventContract } from '../../src/shared/ipc-contract'
import { example, examplesDir, requireBuild, workerPath } from '../helpers'

const standoff = example('gurps-waits-standoff.json')
const text = JSON.stringify(standoff, null, 2)

/** Dialog answers the test sets before each call, and a log of what was asked. */
class FakeDialogs implements Dialogs {
  open: string | null = null
  save: string | null = null
  overwrite = false
  asked: string[] = []
  async openScenario(): Promise<string | null> {
    this.asked.push('open')
    return this.open
  }
  async saveScenario(name: string): Promise<string | null> {
    this.asked.push(`save ${name}`)
    return this.save
  }
  async confirmOverwriteChanged(path: string): Promise<boolean> {
    this.asked.push(`overwrite ${path}`)
    return this.overwrite
  }
  async saveExport(kind: string): Promise<string | null> {
    this.asked.push(`export ${kind}`)
    return this.save
  }
}

let simulation: SimulationService
let dir = ''
let dialogs: FakeDialogs
let handlers: Handlers
let jobs: JobRegistry
let events: { channel: string; payload: unknown }[]
const exported: { path: string; data: string | Uint8Array }[] = []

beforeAll(() => {
  requireBuild()
  simulation = new SimulationService({ workerPath, defaultWorkers: 1 })
})
afterAll(() => simulation.shutdown())
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-ipc-'))
  dialogs = new FakeDialogs()
  events = []
  jobs = new JobRegistry()
  handlers = createHandlers({
    appVersion: '9.9.9',
    examplesDir,
    simulation,
    jobs,
    emit: <E extends keyof EventContract>(channel: E, payload: EventContract[E]) => events.push({ channel, payload }),
    files: new FileService(),
    recent: new RecentFiles(join(dir, 'recent.json')),
    drafts: new AutosaveStore(join(dir, 'autosave')),
    dialogs,
    writeExport: async (path, data) => {
      exported.push({ path, data })
    },
  })
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('window close handlers', () => {
  it('window:state checks its fields and reaches the close guard; window:close approves the close', async () => {
    const calls: string[] = []
    const guarded = createHandlers({
      appVersion: '9.9.9',
      examplesDir,
      simulation,
      emit: () => undefined,
      files: new FileService(),
      recent: new RecentFiles(join(dir, 'recent.json')),
      drafts: new AutosaveStore(join(dir, 'autosave')),
      dialogs,
      writeExport: async () => undefined,
      closeGuard: { setState: (s) => void calls.push(`state ${s.dirty} ${s.name}`), approve: () => void calls.push('approve') },
    })
    await expect(guarded['window:state']({ dirty: 'yes', name: 'duel.json' })).rejects.toThrow('window state: dirty must be true or false')
    await expect(guarded['window:state']({ dirty: true, name: 'duel.json', extra: 1 })).rejects.toThrow(/window state: .*extra/)
    await guarded['window:state']({ dirty: true, name: 'duel.json' })
    await guarded['window:close']()
    expect(calls).toEqual(['state true duel.json', 'approve'])
  })
})

describe('IPC handlers validate every input', () => {
  it('refuses example names that try to leave the examples folder', async () => {
    await expect(handlers['examples:load']('../../package.json')).rejects.toThrow(/file name of a shipped example/)
    await expect(handlers['examples:load'](42)).rejects.toThrow(/example/)
  })

  it('refuses malformed run requests, naming the field and the allowed range', async () => {
    await expect(handlers['sim:run']({ jobId: 'j1', scenario: standoff, trials: 0 })).rejects.toThrow(/trials must be an integer 1–/)
    await expect(handlers['sim:run']({ jobId: 'j 1', scenario: standoff })).rejects.toThrow(/job id/)
    await expect(handlers['sim:run']({ jobId: 'j1', scenario: standoff, extra: true })).rejects.toThrow(/run:/)
    await expect(handlers['sim:run']({ jobId: 'j1', scenario: { ...(standoff as object), combatants: [] } })).rejects.toThrow(/combatants/)
  })

  it('runs a valid request, streaming progress events tagged with the job id', async () => {
    const doc = await handlers['sim:run']({ jobId: 'job-a', scenario: standoff, trials: 120_000, seed: 3, workers: 1 })
    expect(doc.status).toBe('done')
    expect(doc.run.trialsDone).toBe(120_000)
    expect(events.length).toBeGreaterThan(0)
    expect(events.every((e) => e.channel === 'sim:progress' && (e.payload as { jobId: string }).jobId === 'job-a')).toBe(true)
  })

  it('refuses paths and drafts that do not pass their checks', async () => {
    await expect(handlers['file:open-recent'](join(dir, 'never-opened.json'))).rejects.toThrow(/not in the recent list/)
    await expect(handlers['draft:write']({ key: '../x', path: null, name: 'x', text: '' })).rejects.toThrow(/draft key/)
    await expect(handlers['draft:clear']('a/b')).rejects.toThrow(/draft key/)
    await expect(handlers['export:save']({ kind: 'png', suggestedName: 'chart.png', data: 'not a png' })).rejects.toThrow(/PNG/)
    await expect(handlers['export:save']({ kind: 'csv', suggestedName: '../../x.csv', data: 'a' })).rejects.toThrow(/plain file name/)
  })
})

describe('IPC find handler ("find a fight where…")', () => {
  const find = { jobId: 'find-1', scenario: standoff, seed: 7, trials: 200_000, chunkSize: 50_000, metric: 'simultaneous-exchange:kid:marshal' }

  it('finds, in a worker thread, the very trial the engine finds in-process', async () => {
    const expected = findTrial(standoff, 7, 200_000, 50_000, { metric: find.metric })
    expect(expected).not.toBeNull()
    expect(await handlers['sim:find'](find)).toBe(expected)
    const ordering = { ...find, jobId: 'find-2', metric: 'ordering', outcome: 'marshal>kid||||' }
    expect(await handlers['sim:find'](ordering)).toBe(findTrial(standoff, 7, 200_000, 50_000, { metric: 'ordering', outcome: 'marshal>kid||||' }))
  })

  it('answers null when no trial of the run matches, and names the metric ids for an unknown one', async () => {
    expect(await handlers['sim:find']({ ...find, metric: 'loses-action:kid', trials: 2_000 })).toBeNull()
    await expect(handlers['sim:find']({ ...find, metric: 'nope' })).rejects.toThrow(/no metric "nope"; metric ids are: ordering, acts-first-alone:kid/)
  })

  it('refuses malformed requests, naming the field and the allowed range', async () => {
    await expect(handlers['sim:find']({ ...find, trials: 0 })).rejects.toThrow(/find: trials must be an integer 1–/)
    await expect(handlers['sim:find']({ ...find, chunkSize: 0 })).rejects.toThrow(/chunkSize must be an integer 1–/)
    await expect(handlers['sim:find']({ ...find, metric: '' })).rejects.toThrow(/metric must be a metric id/)
    await expect(handlers['sim:find']({ ...find, path: '/etc' })).rejects.toThrow(/find:/)
    await expect(handlers['sim:find']({ ...find, scenario: { ...(standoff as object), combatants: [] } })).rejects.toThrow(/combatants/)
  })

  it('a search cancelled with sim:cancel ends at once with null', async () => {
    const slow = handlers['sim:find']({ ...find, jobId: 'find-slow', metric: 'loses-action:kid', trials: 50_000_000 })
    await new Promise((r) => setTimeout(r, 50))
    expect(await handlers['sim:cancel']('find-slow')).toBe(true)
    expect(await slow).toBeNull()
  })
})

describe('IPC exact handler (the editor\'s exact answer)', () => {
  it('computes, in a worker thread, exactly what the engine computes in-process', async () => {
    expect(await handlers['sim:exact']({ jobId: 'exact-1', scenario: standoff })).toEqual(exactOf(standoff))
  })

  it('refuses a malformed request or an invalid scenario, naming the field', async () => {
    await expect(handlers['sim:exact']({ jobId: 'no spaces', scenario: standoff })).rejects.toThrow(/exact: jobId must be a job id/)
    await expect(handlers['sim:exact']({ jobId: 'exact-2', scenario: standoff, extra: 1 })).rejects.toThrow(/exact: .*extra/)
    await expect(handlers['sim:exact']({ jobId: 'exact-3', scenario: { ...(standoff as object), combatants: [] } })).rejects.toThrow(/combatants/)
  })

  it('app:info says which systems have exact values', async () => {
    const info = await handlers['app:info']()
    expect(info.systems.find((s) => s.id === 'gurps-waits')?.exact).toBe(true)
    expect(info.systems.every((s) => typeof s.exact === 'boolean')).toBe(true)
  })
})

describe('IPC jobs when the page goes away', () => {
  it('closing or reloading the window cancels its runs and searches, freeing the pool', async () => {
    const run = handlers['sim:run']({ jobId: 'long-run', scenario: standoff, trials: 500_000_000, seed: 1, workers: 1 })
    // The run is under way (its chunks reach the one worker first) before the search queues behind them.
    await expect.poll(() => events.length, { timeout: 60_000 }).toBeGreaterThan(0)
    const search = handlers['sim:find']({ jobId: 'long-find', scenario: standoff, seed: 7, trials: 50_000_000, chunkSize: 50_000, metric: 'loses-action:kid' })
    expect(jobs.size).toBe(2)
    expect(jobs.cancelAll()).toBe(2)
    const doc = await run
    expect(doc.status).toBe('aborted')
    expect(doc.run.trialsDone).toBeLessThan(500_000_000)
    expect(await search).toBeNull()
    expect(jobs.size).toBe(0)
    // The pool is free again: a short run right after finishes.
    expect((await handlers['sim:run']({ jobId: 'after', scenario: standoff, trials: 20_000, seed: 1, workers: 1 })).status).toBe('done')
  })

  it('refuses a second job under an id that is still running, and cancel names whether there was one', async () => {
    const run = handlers['sim:run']({ jobId: 'twice', scenario: standoff, trials: 500_000_000, seed: 1, workers: 1 })
    await expect(handlers['sim:run']({ jobId: 'twice', scenario: standoff, trials: 10, workers: 1 })).rejects.toThrow(/run: job twice is already running/)
    expect(await handlers['sim:cancel']('twice')).toBe(true)
    expect((await run).status).toBe('aborted')
    expect(await handlers['sim:cancel']('twice')).toBe(false)
  })
})

describe('IPC file handlers', () => {
  it('save asks where for a new scenario, writes it, and adds it to the recent list', async () => {
    dialogs.save = join(dir, 'standoff.json')
    const r = await handlers['file:save']({ path: null, text, suggestedName: 'standoff.json' })
    expect(r).toEqual({ status: 'saved', file: { path: dialogs.save, name: 'standoff.json', text } })
    expect(dialogs.asked).toEqual(['save standoff.json'])
    expect(readFileSync(dialogs.save, 'utf8')).toBe(text)
    expect(await handlers['recent:list']()).toEqual([{ path: dialogs.save, name: 'standoff.json', label: 'standoff.json' }])
  })

  it('save writes nothing for an invalid scenario and says why, with the field path', async () => {
    dialogs.save = join(dir, 'bad.json')
    const bad = JSON.stringify({ ...(standoff as object), combatants: [{ id: 'x', name: 'X', skill: 99, basicSpeed: 5 }] })
    await expect(handlers['file:save']({ path: null, text: bad })).rejects.toThrow(/combatants\[0\]\.skill: must be an integer 3–30/)
    await expect(handlers['file:save']({ path: null, text: '{oops' })).rejects.toThrow(/not valid JSON/)
    // Nested past what a scenario needs: refused by its path, not by a stack overflow.
    const deep = JSON.stringify({ ...(standoff as object), description: undefined, combatants: [{ id: 'x', a: JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown }] })
    await expect(handlers['file:save']({ path: null, text: deep })).rejects.toThrow(/nested more than 64 levels/)
    expect(dialogs.asked).toEqual([])
  })

  it('save accepts a scenario that starts with a byte-order mark, as opening one does', async () => {
    dialogs.save = join(dir, 'bom.json')
    const r = await handlers['file:save']({ path: null, text: `\uFEFF${text}` })
    expect(r).toMatchObject({ status: 'saved' })
  })

  it('save never writes silently to a path the user did not pick: it asks instead', async () => {
    dialogs.save = null
    const r = await handlers['file:save']({ path: '/etc/passwd', text })
    expect(r).toEqual({ status: 'cancelled' })
    expect(dialogs.asked).toEqual(['save scenario.json'])
  })

  it('asks before overwriting a file changed on disk, and keeps it when the user says no', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, text)
    dialogs.open = path
    const opened = await handlers['file:open']()
    expect(opened?.text).toBe(text)
    writeFileSync(path, `${text}\n`)
    dialogs.overwrite = false
    expect(await handlers['file:save']({ path, text })).toEqual({ status: 'cancelled' })
    expect(readFileSync(path, 'utf8')).toBe(`${text}\n`)
    dialogs.overwrite = true
    expect((await handlers['file:save']({ path, text })).status).toBe('saved')
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(dialogs.asked).toEqual(['open', `overwrite ${path}`, `overwrite ${path}`])
  })

  it('a file picked in the save dialog is written without a second question (the dialog asked)', async () => {
    const path = join(dir, 'exists.json')
    writeFileSync(path, 'old')
    dialogs.save = path
    expect((await handlers['file:save']({ path: null, text })).status).toBe('saved')
    expect(readFileSync(path, 'utf8')).toBe(text)
    expect(dialogs.asked).toEqual(['save scenario.json'])
  })

  it('reopens a recent file, and drops it from the list when it has gone', async () => {
    const path = join(dir, 'duel.json')
    writeFileSync(path, text)
    dialogs.open = path
    await handlers['file:open']()
    expect((await handlers['file:open-recent'](path)).text).toBe(text)
    rmSync(path)
    await expect(handlers['file:open-recent'](path)).rejects.toThrow(/removed from the recent list/)
    expect(await handlers['recent:list']()).toEqual([])
  })

  it('autosaves drafts and offers them back until cleared', async () => {
    await handlers['draft:write']({ key: 'ed-1', path: null, name: 'Untitled', text: '{"half": ' })
    const drafts = await handlers['draft:list']()
    expect(drafts.map((d) => [d.key, d.text])).toEqual([['ed-1', '{"half": ']])
    await handlers['draft:clear']('ed-1')
    expect(await handlers['draft:list']()).toEqual([])
  })

  it('labels same-named recent files by their folder', async () => {
    for (const folder of ['campaign', 'tests']) {
      mkdirSync(join(dir, folder))
      writeFileSync(join(dir, folder, 'duel.json'), text)
      dialogs.open = join(dir, folder, 'duel.json')
      await handlers['file:open']()
    }
    const sep = process.platform === 'win32' ? '\\' : '/'
    expect((await handlers['recent:list']()).map((r) => r.label)).toEqual([`duel.json — tests${sep}`, `duel.json — campaign${sep}`])
  })

  it('exports an HTML report as text to the path the user picked', async () => {
    dialogs.save = join(dir, 'report.html')
    expect(await handlers['export:save']({ kind: 'html', suggestedName: 'report.html', data: '<!doctype html><title>r</title>' })).toBe(true)
    expect(dialogs.asked).toContain('export html')
    expect(exported[exported.length - 1]).toEqual({ path: dialogs.save, data: '<!doctype html><title>r</title>' })
  })

  it('exports a PNG as bytes to the path the user picked', async () => {
    dialogs.save = join(dir, 'chart.png')
    const ok = await handlers['export:save']({ kind: 'png', suggestedName: 'chart.png', data: 'data:image/png;base64,iVBORw0KGgo=' })
    expect(ok).toBe(true)
    const last = exported[exported.length - 1]
    expect(last.path).toBe(dialogs.save)
    expect(Buffer.from(last.data as Uint8Array).subarray(1, 4).toString('ascii')).toBe('PNG')
  })
})
