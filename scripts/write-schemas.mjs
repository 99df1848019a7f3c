// Writes the JSON Schemas of scenario files into schemas/ from the built CLI (run `npm run build` first):
// one per rule system and scenario.schema.json for all of them. A test fails when these drift from the code.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cli = join(root, 'bin', 'quickdraw.cjs')
const quickdraw = (...args) => execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8' })
const ids = JSON.parse(quickdraw('systems', '--json')).systems.map((s) => s.id)
for (const id of ids) writeFileSync(join(root, 'schemas', `${id}.schema.json`), quickdraw('schema', id))
writeFileSync(join(root, 'schemas', 'scenario.schema.json'), quickdraw('schema'))
console.log(`wrote schemas/ for ${ids.join(', ')} and scenario.schema.json`)
