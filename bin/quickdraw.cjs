#!/usr/bin/env node
'use strict'
// The `quickdraw` command: runs the bundled CLI (built by `npm run build` into out/main/cli.js).
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
require(cli)
  .main(process.argv.slice(2))
  .then(async (code) => {
    await Promise.all([flushed(process.stdout), flushed(process.stderr)])
    process.exit(code)
  })
