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
require(cli)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code
  })
