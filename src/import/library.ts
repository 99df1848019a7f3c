import { ImportError, type ImportResult } from './types'

/**
 * A library file (an NPC dataset, a model-card catalogue): many stat blocks, of which a GM lists some
 * and picks one or more. Pure TypeScript, shared by the CLI and the app.
 */
export interface LibraryEntry {
  /** Name as the dataset gives it ("Imperial Stormtrooper"). */
  name: string
  /** Kind in the game's words ("Minion", "Rival", "Nemesis", a faction). */
  kind: string
  /** One line a GM reads to choose: the combat numbers that matter. */
  summary: string
  /** Words a filter also matches (tags, keywords). */
  tags: string[]
}

export interface Library {
  system: string
  /** Format of the file, in a GM's words. */
  format: string
  entries: LibraryEntry[]
  /** Imports one entry as a combatant (throws an ImportError naming what stops it). */
  take(entry: LibraryEntry, options?: TakeOptions): ImportResult
}

export interface TakeOptions {
  /** For a Star Wars minion: how many minions fight as one group. */
  group?: number
}

const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase()
    .trim()

/** Entries whose name, kind or tags contain `filter` (case and accents ignored); all for an empty filter. */
export function filterEntries(entries: LibraryEntry[], filter: string): LibraryEntry[] {
  const f = fold(filter)
  if (!f) return entries
  return entries.filter((e) => [e.name, e.kind, ...e.tags].some((x) => fold(x).includes(f)))
}

/**
 * The entry a GM means by `name`: the one named exactly so (case and accents ignored), else the only one
 * whose name contains it. None or several is an ImportError that says which.
 */
export function findEntry<T extends { entry: LibraryEntry }>(candidates: T[], name: string): T {
  const f = fold(name)
  const exact = candidates.filter((c) => fold(c.entry.name) === f)
  if (exact.length >= 1) return exact[0]
  const partial = candidates.filter((c) => fold(c.entry.name).includes(f))
  if (partial.length === 1) return partial[0]
  if (partial.length === 0) throw new ImportError(`nothing in the library is named ${JSON.stringify(name)}; --list shows what is inside`)
  const names = partial.slice(0, 8).map((c) => JSON.stringify(c.entry.name))
  throw new ImportError(`${JSON.stringify(name)} matches ${partial.length} entries (${names.join(', ')}${partial.length > 8 ? ', …' : ''}); give the whole name`)
}
