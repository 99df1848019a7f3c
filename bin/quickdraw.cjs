#!/usr/bin/env node
'use strict'
// The `quickdraw` command: runs the bundled CLI (built by `npm run build` into out/main/cli.js).

// Signals are caught from the first line, while the bundle is still loading; the command then reports
// and handles one caught this early (see src/cli/signals.ts).
const early = []
const onEarly = (signal) => early.push(signal)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onEarly)
// A reader that went away (`quickdraw run x.json | head`) ends the command quietly, whenever it happens.
process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0)
  throw e
})

const { existsSync } = require('node:fs')
const { join } = require('node:path')

const cli = join(__dirname, '..', 'out', 'main', 'cli.js')
if (!existsSync(cli)) {
  process.stderr.write('quickdraw: the app is not built yet; run "npm run build" first\n')
  process.exit(1)
}
// Exit explicitly once both streams have flushed, rather than letting the loop drain: on Node 20 a
// natural exit unregisters the main isolate from the platform before disposing it, and a background
// compile job still running then aborts the process (see src/main/services/v8-workarounds.ts);
// process.exit shuts the platform down first, waiting for such jobs.
const flushed = (stream) => new Promise((resolve) => stream.write('', resolve))
const running = require(cli).main(process.argv.slice(2), early[0])
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(signal, onEarly)
running.then(async (code) => {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)])
  process.exit(code)
})
