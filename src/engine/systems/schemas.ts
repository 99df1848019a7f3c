import type { AnyRuleSystem } from './rule-system'

/**
 * What checking a scenario file needs of a rule system, and nothing more: its id, its name, the zod
 * schema of its scenario files and its rule variants (for values that were renamed). Each system's is
 * loaded on its own, from modules that hold no sampler and no solver, so `quickdraw validate` checks a
 * file without loading any system's game code (tests/build/cli-split.test.ts checks the built files). The
 * full rule systems give the very same objects (registry.test.ts checks it).
 */
export type SystemSchema = Pick<AnyRuleSystem, 'id' | 'label' | 'schema' | 'variants'>

/** Each system's schema, loaded when first asked for; in the registry's order (registry.test.ts checks it). */
const loaders: Record<string, () => Promise<SystemSchema>> = {
  'gurps-waits': () => import('./gurps-waits/schema').then((m) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: m.scenarioSchema, variants: m.variants })),
  hero: () => Promise.all([import('./hero/schema'), import('./hero/variants')]).then(([m, v]) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: m.scenarioSchema, variants: v.variants })),
  gurps: () => Promise.all([import('./gurps/schema'), import('./gurps/variants')]).then(([m, v]) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: m.scenarioSchema, variants: v.variants })),
  l5r: () => import('./l5r/schema').then((m) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: m.scenarioSchema, variants: m.variants })),
  genesys: () => Promise.all([import('./genesys/schema'), import('./genesys/variants')]).then(([m, v]) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: m.scenarioSchema, variants: v.variants })),
  bushido: () => Promise.all([import('./bushido/schema'), import('./bushido/scenario')]).then(([m, s]) => ({ id: m.SYSTEM_ID, label: m.SYSTEM_LABEL, schema: s.scenarioSchema, variants: m.variants })),
}

/** Every system's id, in the registry's order. */
export const schemaSystemIds: readonly string[] = Object.keys(loaders)

/** The schema of the system with this id (loading only that system's schema), or undefined for an unknown id. */
export async function loadSystemSchema(id: string): Promise<SystemSchema | undefined> {
  return Object.hasOwn(loaders, id) ? loaders[id]() : undefined
}
