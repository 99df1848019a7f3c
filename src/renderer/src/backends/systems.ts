import type { AnyRuleSystem } from '../../../engine/systems/rule-system'

/**
 * The page's list of rule systems, loaded one system at a time. The app's build puts this module in
 * place of the engine's registry (electron.vite.config.ts), so the page's first script carries no
 * sampler, solver or schema: each system arrives as its own chunk when a scenario of it is opened, and
 * the page and its simulation worker load the same chunk. Same exports as the registry; `findSystem`
 * answers for loaded systems and starts loading the others (a loaded system bumps a counter the page
 * watches, so anything computed from it is worked out again). The list and its order must be the
 * registry's own (backends/systems.test.ts checks it).
 */
const loaders: Record<string, () => Promise<AnyRuleSystem>> = {
  'gurps-waits': () => import('../../../engine/systems/gurps-waits').then((m) => m.gurpsWaits),
  hero: () => import('../../../engine/systems/hero').then((m) => m.hero),
  gurps: () => import('../../../engine/systems/gurps').then((m) => m.gurps),
  l5r: () => import('../../../engine/systems/l5r').then((m) => m.l5r),
  genesys: () => import('../../../engine/systems/genesys').then((m) => m.genesys),
  bushido: () => import('../../../engine/systems/bushido').then((m) => m.bushido),
}

export const systemIds: readonly string[] = Object.keys(loaders)

/** The systems loaded so far, in the registry's order. */
export const systems: AnyRuleSystem[] = []

const loaded = new Map<string, AnyRuleSystem>()
const loading = new Map<string, Promise<AnyRuleSystem>>()

/** How the page learns of a newly loaded system: `read` is called by every lookup, `changed` after each load. */
let watcher: { read(): void; changed(): void } = { read: () => undefined, changed: () => undefined }

export function watchSystems(w: { read(): void; changed(): void }): void {
  watcher = w
}

export function isSystemId(id: unknown): id is string {
  return typeof id === 'string' && Object.hasOwn(loaders, id)
}

/** Loads a system's chunk once; later calls share the same promise. */
export function loadSystem(id: string): Promise<AnyRuleSystem> {
  const done = loaded.get(id)
  if (done) return Promise.resolve(done)
  if (!isSystemId(id)) return Promise.reject(new Error(`no rule system ${JSON.stringify(id)}`))
  let p = loading.get(id)
  if (!p) {
    p = loaders[id]().then((s) => {
      loaded.set(id, s)
      systems.splice(0, systems.length, ...systemIds.flatMap((k) => loaded.get(k) ?? []))
      watcher.changed()
      return s
    })
    // a failed load (network) may be tried again
    p.catch(() => loading.delete(id))
    loading.set(id, p)
  }
  return p
}

/**
 * Loads the system a scenario document names, if it names one; a document naming none (or an unknown
 * one) is left for the parser to explain.
 */
export async function loadSystemOf(doc: unknown): Promise<void> {
  const id = doc !== null && typeof doc === 'object' ? (doc as { system?: unknown }).system : undefined
  if (isSystemId(id)) await loadSystem(id)
}

export function findSystem(id: string): AnyRuleSystem | undefined {
  watcher.read()
  const s = loaded.get(id)
  if (!s && isSystemId(id)) void loadSystem(id).catch(() => undefined)
  return s
}
