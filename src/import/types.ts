/**
 * Importing characters from the builders GMs already use (GURPS Character Sheet, Hero Designer): pure
 * TypeScript, no Electron or Node, so the CLI and the app share it.
 */

/** What an import did with each part of a file: nothing is dropped silently. */
export interface ImportReport {
  /** What the fight uses (his attacks, defences, movement), read off the imported fighter: the report's first lines. */
  fight: string[]
  /** Values taken from the file as they are ("ST 13"). */
  read: string[]
  /** Values computed from the file with the builder's rule ("Broadsword 15 = DX 13 + 2 (8 points, Average)"). */
  computed: string[]
  /** Values the file does not give, set to a default ("side B (no --side given)"). */
  defaulted: string[]
  /** What the file holds and the simulator does not model ("Extra Attack 1"). */
  ignored: string[]
  /**
   * Where each defaulted value that fills a field went: the field's path (`weapon.crit`, relative to the
   * imported fighter in an importer's report; `combatants[2].weapon.crit` once added to a scenario) and the
   * same words as its line in `defaulted`. The editor marks these fields until the user edits them.
   */
  defaultedFields: DefaultedField[]
}

/** A field an import filled with a default (the editor marks it "Default — not in the imported file"). */
export interface DefaultedField {
  path: string
  text: string
}

/** Records a default: its line in the report and, when it fills a field, the field's path. */
export function defaulted(report: ImportReport, text: string, path?: string): void {
  report.defaulted.push(text)
  if (path !== undefined) report.defaultedFields.push({ path, text })
}

export interface ImportResult {
  system: string
  /** Format of the file, in a GM's words ("GURPS Character Sheet 5 (JSON)"). */
  format: string
  combatants: Record<string, unknown>[]
  report: ImportReport
  /**
   * Scenario-wide values the file states for its campaign (L5R's wound multiplier: `{ woundMultiplier: 3 }`):
   * set on the scenario the fighter is added to, or reported when the scenario already says otherwise.
   */
  settings?: Record<string, unknown>
  /** What his plan entry gets besides the plain attack (`{ using: 'best' }` for a fighter of several attacks). */
  plan?: Record<string, unknown>
}

/** A file that cannot be imported: the message says what was wrong, in a GM's words. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ImportError'
  }
}

export const emptyReport = (): ImportReport => ({ fight: [], read: [], computed: [], defaulted: [], ignored: [], defaultedFields: [] })

/** Largest file the importer reads: real character files are well under 1 MB. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024
