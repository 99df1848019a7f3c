import { parseScenarioWith, type ParseResultOf } from '../engine/run/parse-core'
import { loadSystemSchema, schemaSystemIds, type SystemSchema } from '../engine/systems/schemas'
import { EXIT_FAILED, EXIT_OK } from './errors'
import { out, type Options } from './io'
import { checkedScenario, readScenarioJson, ScenarioFileError } from './scenario-file'

/**
 * The scenario in `file` checked with the schema of the system it names and nothing else: no sampler,
 * solver or worker pool is loaded (tests/build/cli-split.test.ts), so the answer comes at once. The
 * messages and the hash are those every other command gives (both check with parse-core.ts).
 */
async function validated(file: string): Promise<Extract<ParseResultOf<SystemSchema>, { ok: true }>> {
  const raw = readScenarioJson(file)
  const id = raw !== null && typeof raw === 'object' ? (raw as { system?: unknown }).system : undefined
  const schema = typeof id === 'string' ? await loadSystemSchema(id) : undefined
  return checkedScenario(file, raw, (r) => parseScenarioWith(r, (s) => (s === schema?.id ? schema : undefined), schemaSystemIds))
}

export async function cmdValidate(file: string, o: Options = {}): Promise<number> {
  if (!o.json) {
    const parsed = await validated(file)
    out(`${file === '-' ? 'standard input' : file}: valid ${parsed.system.label} scenario "${parsed.scenario.name}" (hash ${parsed.hash})`)
    return EXIT_OK
  }
  // --json: the verdict as a document on stdout either way; exit 1 when invalid.
  try {
    const parsed = await validated(file)
    out(JSON.stringify({ valid: true, file, system: parsed.system.id, name: parsed.scenario.name, hash: parsed.hash }, null, 2))
    return EXIT_OK
  } catch (e) {
    if (!(e instanceof ScenarioFileError)) throw e
    out(JSON.stringify({ valid: false, file, issues: e.issues }, null, 2))
    return EXIT_FAILED
  }
}
