import type { SimulationService } from '../main/services/simulation'

export type Options = Record<string, string | boolean | undefined>

export const out = (s: string): void => void process.stdout.write(s.endsWith('\n') ? s : `${s}\n`)
export const err = (s: string): void => void process.stderr.write(s.endsWith('\n') ? s : `${s}\n`)
export const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined)

/** Ctrl-C (and SIGTERM) abort the controller; returns the function that stops listening. */
export function onInterrupt(controller: AbortController): () => void {
  const handler = (): void => controller.abort()
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}

/** Runs `body` with a fresh simulation service and an interrupt-aware abort signal, then cleans up. */
export async function withService<T>(makeService: () => SimulationService, body: (service: SimulationService, signal: AbortSignal) => Promise<T>): Promise<T> {
  const service = makeService()
  const controller = new AbortController()
  const release = onInterrupt(controller)
  try {
    return await body(service, controller.signal)
  } finally {
    release()
    await service.shutdown()
  }
}
