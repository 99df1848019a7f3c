#!/usr/bin/env node
// Memory per worker: for each scenario (default: every shipped example), what one worker thread adds to the
// process's peak memory (RSS) while it plays a chunk of 50,000 fights, and while it works out the exact answer
// (within the app's 15 s), each in a process of its own. Needs the build (`npm run build`).
//
//   node scripts/worker-memory.mjs [--limit MB] [scenario.json ...]
//
// Prints one line per scenario and the largest; exits 1 when a sampling worker passes --limit (default 150).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const workerPath = join(root, 'out', 'main', 'worker.js')

/** In a child process: one worker thread does one job; prints what it added to the peak RSS, in MB. */
async function measure(job, file) {
  const before = process.memoryUsage().rss
  const code = `
    const { parentPort, workerData } = require('node:worker_threads')
    const scenario = JSON.parse(require('node:fs').readFileSync(workerData.file, 'utf8'))
    const w = require(workerData.workerPath)
    let note = ''
    if (workerData.job === 'chunk') (w.default ?? w)({ scenario, seed: 1, chunk: 0, trials: 50000 })
    if (workerData.job === 'exact') {
      const r = w.exact({ scenario, budgetSeconds: 15 })
      const n = r.values && r.values.find((m) => m.kind === 'fight')
      note = n ? (n.solved ? 'solved' : 'refused') : ''
    }
    parentPort.postMessage(note)`
  const note = await new Promise((done, fail) => {
    const t = new Worker(code, { eval: true, workerData: { job, file, workerPath } })
    t.once('message', (m) => {
      done(m)
      void t.terminate()
    })
    t.once('error', fail)
  })
  const added = (process.resourceUsage().maxRSS * 1024 - before) / 1048576
  process.stdout.write(JSON.stringify({ mb: Math.round(added), note }))
}

if (process.argv[2] === '--child') {
  await measure(process.argv[3], process.argv[4])
} else {
  const args = process.argv.slice(2)
  let limit = 150
  const at = args.indexOf('--limit')
  if (at >= 0) limit = Number(args.splice(at, 2)[1])
  const files = args.length > 0 ? args : readdirSync(join(root, 'resources', 'examples')).filter((f) => f.endsWith('.json')).sort().map((f) => join(root, 'resources', 'examples', f))
  const child = (job, file) => {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', job, file], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`${file} (${job}): ${r.stderr}`)
    return JSON.parse(r.stdout)
  }
  let top = { mb: 0 }
  let topExact = { mb: 0 }
  for (const file of files) {
    const name = file.split('/').pop().replace(/\.json$/, '')
    const chunk = child('chunk', file)
    const exact = child('exact', file)
    if (chunk.mb > top.mb) top = { ...chunk, name }
    if (exact.mb > topExact.mb) topExact = { ...exact, name }
    console.log(`${name}: sampling ${chunk.mb} MB, exact ${exact.mb} MB${exact.note ? ` (${exact.note})` : ''}`)
  }
  console.log(`largest sampling worker: ${top.name} ${top.mb} MB (limit ${limit} MB); largest exact thread: ${topExact.name} ${topExact.mb} MB`)
  if (top.mb > limit) process.exit(1)
}
