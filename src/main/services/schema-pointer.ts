import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Where an editor finds a saved scenario's JSON Schema, so it completes and checks the file while typing
 * (VS Code, JetBrains and others read `"$schema"`). Quickdraw itself ignores the field, and it is not part
 * of the scenario's hash: adding it changes no number.
 *
 * The schemas are files, served nowhere, so the pointer is a path: relative to the saved file (resolved as
 * a URL reference against the file, as editors do), to the schema of its system in the `schemas/` folder
 * Quickdraw ships (the desktop app's resources, or a clone's own folder). A file saved beside the schemas
 * gets `./hero.schema.json`, one in the clone's examples `../../schemas/hero.schema.json`. On another
 * computer the path may lead nowhere; the editor then checks nothing, and the file opens as before. On
 * Windows, a file on another drive than the schemas gets a file:// URL (no relative path exists).
 */
export function schemaPointer(filePath: string, systemId: string, schemasDir: string): string | undefined {
  if (!/^[a-z0-9-]+$/.test(systemId)) return undefined
  const schema = join(schemasDir, `${systemId}.schema.json`)
  if (!existsSync(schema)) return undefined
  const rel = relative(dirname(filePath), schema)
  if (isAbsolute(rel)) return pathToFileURL(schema).href
  const posix = rel.split(sep).join('/')
  return posix.startsWith('.') ? posix : `./${posix}`
}

/**
 * The scenario text as saved: with `"$schema"` first when it has none, or the one Quickdraw wrote brought up
 * to date for where the file now is (a web address or anything else the user wrote is kept as it is),
 * written as the app writes every scenario (two-space indent, a final newline).
 * Text that is not a scenario object, or whose system has no schema here, is saved as it is.
 */
export function withSchemaPointer(text: string, filePath: string, schemasDir: string | undefined): string {
  if (schemasDir === undefined) return text
  let doc: unknown
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    return text
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return text
  const { system, $schema: before } = doc as { system?: unknown; $schema?: unknown }
  if (before !== undefined && !isOwnPointer(before)) return text
  const pointer = typeof system === 'string' ? schemaPointer(filePath, system, schemasDir) : undefined
  if (pointer === undefined || pointer === before) return text
  // a pointer Quickdraw wrote is brought up to date in its place (a file saved elsewhere); a new one goes first
  return `${JSON.stringify(before === undefined ? { $schema: pointer, ...doc } : { ...doc, $schema: pointer }, null, 2)}\n`
}

/** A path or file URL to one of Quickdraw's own schemas (`…/hero.schema.json`), as this module writes it; anything else (a web address) is the user's. */
function isOwnPointer(value: unknown): boolean {
  return typeof value === 'string' && !/^https?:/i.test(value) && /(^|\/)[a-z0-9-]+\.schema\.json$/.test(value)
}
