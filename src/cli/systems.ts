import { ENGINE_VERSION } from '../engine/version'
import { EXIT_OK } from './errors'
import { out, type Options } from './io'
import { listSystems } from './systems-list'

/** `quickdraw systems`: each rule system with its rule variants and metrics (from a list made when the CLI is built). */
export function cmdSystems(o: Options): number {
  const list = listSystems()
  if (o.json) {
    out(JSON.stringify({ engine: ENGINE_VERSION, systems: list }, null, 2))
    return EXIT_OK
  }
  for (const s of list) {
    out(`${s.id} — ${s.label} ${s.version}${s.exact ? ' (exact available)' : ''}\n  ${s.description}`)
    out('  Rule variants:')
    for (const v of s.variants) out(`    ${v.key} (default "${v.default}"): ${v.label}\n      ${v.values.map((x) => `"${x.value}": ${x.label}`).join('\n      ')}`)
    out('  Metrics:')
    for (const m of s.metrics) out(`    ${m.id} [${m.kind}, per ${m.per}]: ${m.description}`)
  }
  return EXIT_OK
}
