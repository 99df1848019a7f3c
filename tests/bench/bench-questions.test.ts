import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/engine/run/parse'
import { root } from '../helpers'

/**
 * A bench entry names one question for good: its figures are compared across versions, so the scenario
 * it times never changes under the same id. Each id is pinned here to the SHA-256 of its scenario file
 * (as parsed JSON, so re-indenting does not count). A changed question gets a new id and a new pin; the
 * old id keeps its old file. A new entry adds its pin (the failure message prints it).
 */
const pinned: Record<string, string> = {
  'bushido-exchange-3v3': 'ad170ee7445690f8b3ccbfc318a300c6ce066c1c65fd41578ee2d5985edd235e',
  'genesys-check': '26b8eed7bc2003643cdd884ceecc62b7ca08f66b6795a43b40f34b3a8ea0bc75',
  'genesys-exact-1v1': '7eb32110b15655a795922effac9f469a54f90dc0f4c5d6ab91b0f9b49ce40bc9',
  'gurps-cascade-3': '1d8480b91fcfb207c847cdd6f373d2b32e85c9fbc2d980a0d817b61a6a2f06b7',
  'gurps-cascade-prevention': '1b0d96541a1634db8accf52b430448af64a6fca6055805c06a0a27ab7be1fb9f',
  'gurps-melee-1v1': 'b9417a9747b418da87c244f5177479a86f1c0620892a3248a67ded7da2c3ce49',
  'gurps-exact-1v1': '98a73487af6017f497e53b46bd38a0e6cd5d817ffbcb5326a23c146edd20207e',
  'hero-fight-2v2': 'caf794f34e0a654450b609bff972b1eda2d28f43192f636e74df87580ebe88f0',
  'hero-tactics-4x4': 'caf794f34e0a654450b609bff972b1eda2d28f43192f636e74df87580ebe88f0',
  'hero-balance': 'caf794f34e0a654450b609bff972b1eda2d28f43192f636e74df87580ebe88f0',
  'hero-exact-1v1': 'c3e541ba89b7d0340fabafc629d03d82a05dcb785fc9bb5c6d7d4676e3e61027',
  'l5r-skirmish-4x3': '036b416aef2b4b60fff0e3a528c7428fa679aad534a869023e923eac0b28774d',
  'l5r-exact-1v1': 'fe9ffa7e87317abb50085fa286111479d3d23bcc578c4d7edfe07b072b910c93',
  'genesys-exact-2v1': '2e41b6b86b5fef6d05cbb49584d47b9b75ddc168ead43f163b5c8b12a9a0ea53',
  'genesys-exact-blaster-duel': '217d493bb64e72015e8f86b03ece9a90d3ed6313d85b32024c357eab05114c48',
  'gurps-exact-2v1': '7d08381316eb927a1e1a9d368570d6b07fccaf334804fdf5d7ccd50975249fa5',
  'gurps-exact-duel': 'a6bbcc6b24bf35503192d9a54cd3e5907a06cc0c984ae6cf6c17834276377a99',
  'gurps-exact-stop-hit': '96f301031828fa48b728bef9d6e115005e39ace161bb1e49c01d113898f6d39e',
  'hero-exact-2v1': '6ea55500ebe3dd46cb931d79c63c65a3de6cb99dd91c622e7476e233fb72c009',
  'hero-exact-brick-vs-speedster': '352db0cae6d7fd5ee19c836ef15e06feebe26b468713a2d978f28843f5f55bc3',
  'hero-exact-gunfighters': '7d75f799f28fad064df98c2691350700d91456bd3e375af129b12cdc0d87046f',
  'hero-exact-haymaker-or-punches': 'bb6bfa8d0aa6fae5ab3ce40e514983f6f3eb4930c6760652b015721088ad91e7',
  'hero-exact-abort-dodge': '373af4f16c66e41fc9db990ececd9332b213f91d5266b5cfeccbde21d1a91c67',
  'l5r-exact-2v1': 'd6068d59f2d8227bb97b7faae80a6e6533bb178f3605f6e0fc703b29865c9b3c',
  'l5r-exact-2v2': '036b416aef2b4b60fff0e3a528c7428fa679aad534a869023e923eac0b28774d',
  'l5r-exact-2v2-refused': 'a1de807bbdffb2bf9fd8714b0e92e33222be7e4c2ebb506991202128958a85d1',
  'l5r-exact-1v1-refused': 'dd9375bca466dee519640c8346d5b79bf46bfa1867dad79da3fc145fca5c2540',
}

interface Entry {
  id: string
  label: string
  description?: string
  file: string
}

const benchDir = join(root, 'resources', 'bench')
const entries: Entry[] = readdirSync(benchDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => (JSON.parse(readFileSync(join(benchDir, f), 'utf8')) as { benchmarks: Entry[] }).benchmarks)

const questionOf = (e: Entry): string => createHash('sha256').update(JSON.stringify(JSON.parse(readFileSync(join(root, 'resources', e.file), 'utf8')))).digest('hex')

describe('bench entries keep their question', () => {
  it('ids are unique and every entry says what it measures', () => {
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length)
    for (const e of entries) expect(e.description?.length ?? 0, `${e.id} has no description`).toBeGreaterThan(40)
  })

  it('every entry times a valid scenario kept for the bench (not a shipped example that may change)', () => {
    for (const e of entries) {
      expect(e.file.startsWith('bench/scenarios/'), `${e.id}: ${e.file}`).toBe(true)
      const r = parseScenario(JSON.parse(readFileSync(join(root, 'resources', e.file), 'utf8')))
      expect(r.ok, `${e.id}: ${e.file} is not a valid scenario`).toBe(true)
    }
  })

  it.each(entries.map((e) => [e.id, e] as const))('%s asks the question it was pinned to', (id, e) => {
    const now = questionOf(e)
    expect(pinned[id], `${id} is not pinned: add '${id}': '${now}' if this is a new question`).toBeDefined()
    expect(now, `${id}: ${e.file} changed; give the changed question a new id (and pin), and keep the old file under ${id}`).toBe(pinned[id])
  })

  it('the first cascade question is the one its early figures were measured on: three Waiters, no action rolls', () => {
    const e = entries.find((x) => x.id === 'gurps-cascade-3') as Entry
    const doc = JSON.parse(readFileSync(join(root, 'resources', e.file), 'utf8')) as { rules: { prevention: string }; tactics: { commit: string; defense?: number }[] }
    expect(doc.rules.prevention).toBe('acting-first')
    expect(doc.tactics.map((t) => t.commit)).toEqual(['proceed', 'proceed', 'proceed'])
    expect(doc.tactics.every((t) => t.defense === undefined)).toBe(true)
  })
})
