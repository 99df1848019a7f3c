import { systems } from '../engine/systems/registry'
import type { MetricDoc } from '../engine/core/metrics'
import type { VariantDoc } from '../engine/core/scenario'

/** One rule system as `quickdraw systems` lists it. */
export interface SystemListing {
  id: string
  label: string
  version: string
  description: string
  variants: readonly VariantDoc[]
  metrics: readonly MetricDoc[]
  exact: boolean
}

/**
 * Every rule system's description, rule variants and metrics, from the registry. The CLI's build puts the
 * list itself, worked out when it is built, in place of this module (electron.vite.config.ts), so
 * `quickdraw systems` never loads a sampler or solver; run from source (tests), it reads the registry.
 */
export function listSystems(): SystemListing[] {
  return systems.map((s) => ({
    id: s.id,
    label: s.label,
    version: s.version,
    description: s.description,
    variants: s.variants,
    metrics: s.metrics,
    exact: typeof s.exact === 'function',
  }))
}
