import type { AnyRuleSystem, ExactMetric } from '../systems/rule-system'
import { parseScenario } from './parse'

/**
 * Exact values by scenario: a run asks for them at its start, and sweeps, `balance` and the tactics
 * matrix ask again for every cell, often for the same scenario (a whole fight can take a second or two
 * to solve, or to refuse). Answers, refusals included, are kept per process under the scenario's
 * canonical hash and its system's id and version, the least recently used dropped past `EXACT_CACHE_SIZE`.
 */

/** Scenarios whose exact values a process keeps. */
export const EXACT_CACHE_SIZE = 64

/** A bounded map that forgets its least recently used entry first. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>()
  constructor(readonly capacity: number) {}

  has(key: K): boolean {
    return this.entries.has(key)
  }

  /** The value under `key` (now the most recently used), or undefined. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined
    const v = this.entries.get(key) as V
    this.entries.delete(key)
    this.entries.set(key, v)
    return v
  }

  set(key: K, value: V): void {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K)
  }

  delete(key: K): void {
    this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }

  clear(): void {
    this.entries.clear()
  }
}

/** The key a scenario's exact values are kept under: its system, that system's version, its canonical hash. */
export function exactCacheKey(system: Pick<AnyRuleSystem, 'id' | 'version'>, hash: string): string {
  return `${system.id}@${system.version}#${hash}`
}

/** The cache key of a scenario document, or undefined when it is not valid (it is never kept). */
export function exactCacheKeyOf(raw: unknown): string | undefined {
  const parsed = parseScenario(raw)
  return parsed.ok ? exactCacheKey(parsed.system, parsed.hash) : undefined
}

/** Exact values kept by scenario (a copy goes in and out, so no caller changes another's). */
export class ExactCache {
  private readonly lru: LruCache<string, readonly ExactMetric[] | null>
  constructor(capacity = EXACT_CACHE_SIZE) {
    this.lru = new LruCache(capacity)
  }

  has(key: string): boolean {
    return this.lru.has(key)
  }

  /** The kept values (null: the system has none), or undefined when this scenario was not solved yet. */
  get(key: string): ExactMetric[] | null | undefined {
    if (!this.lru.has(key)) return undefined
    const v = this.lru.get(key)
    return v ? structuredClone(v) as ExactMetric[] : null
  }

  set(key: string, value: readonly ExactMetric[] | null): void {
    this.lru.set(key, value ? structuredClone(value) : null)
  }

  get size(): number {
    return this.lru.size
  }

  clear(): void {
    this.lru.clear()
  }
}

/**
 * Requests in flight shared by key: a second request for a scenario already being solved (the exact
 * panel and a Run of the same edit) waits for the same answer instead of starting a second solve. Each
 * caller may cancel alone (its promise rejects); the solve itself is stopped only when every caller has
 * cancelled, and the next request then starts afresh.
 */
export class SharedRequests<T> {
  private readonly inFlight = new Map<string, { promise: Promise<T>; controller: AbortController; users: number }>()

  get size(): number {
    return this.inFlight.size
  }

  run(key: string, signal: AbortSignal | undefined, start: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal?.aborted) return Promise.reject(new Error('aborted'))
    let entry = this.inFlight.get(key)
    if (!entry) {
      const controller = new AbortController()
      const created = { promise: start(controller.signal), controller, users: 0 }
      this.inFlight.set(key, created)
      const forget = (): void => {
        if (this.inFlight.get(key) === created) this.inFlight.delete(key)
      }
      created.promise.then(forget, forget)
      entry = created
    }
    const shared = entry
    shared.users++
    return new Promise<T>((resolve, reject) => {
      let settled = false
      const finish = (): boolean => {
        if (settled) return false
        settled = true
        signal?.removeEventListener('abort', onAbort)
        return true
      }
      const onAbort = (): void => {
        if (!finish()) return
        if (--shared.users === 0) {
          shared.controller.abort()
          if (this.inFlight.get(key) === shared) this.inFlight.delete(key)
        }
        reject(new Error('aborted'))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      shared.promise.then(
        (v) => {
          if (finish()) resolve(v)
        },
        (e: unknown) => {
          if (finish()) reject(e instanceof Error ? e : new Error(String(e)))
        },
      )
    })
  }
}
