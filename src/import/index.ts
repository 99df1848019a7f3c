import { gurpsCombatant } from './gurps-model'
import { isGcsJson, readGcsJson } from './gurps-gcs-json'
import { readGcsXml } from './gurps-gcs-xml'
import { readHdc } from './hero-hdc'
import { decodeText, parseJson, parseXml, type XNode } from './source'
import { ImportError, type ImportResult } from './types'

export { ImportError, MAX_IMPORT_BYTES, type ImportReport, type ImportResult } from './types'

/** Systems a file can be imported into. */
export const IMPORT_SYSTEMS = ['gurps', 'hero'] as const

/**
 * Imports one character file, recognised by its content (not its name): GURPS Character Sheet 5 (JSON)
 * or 4 (XML) into `gurps`, Hero Designer (.hdc) into `hero`. `system`, when given, must agree.
 * Throws an ImportError naming what is wrong.
 */
export function importCharacter(bytes: Uint8Array, system?: string): ImportResult {
  if (bytes.length === 0) throw new ImportError('the file is empty')
  const text = decodeText(bytes).replace(/^\ufeff/, '')
  const head = text.trimStart()
  let result: ImportResult
  if (head.startsWith('{') || head.startsWith('[')) {
    const json = parseJson(head)
    if (isGcsJson(json)) result = gurpsCombatant(readGcsJson(json))
    else if (json && typeof json === 'object' && 'type' in json && ('data' in json || 'system' in json)) {
      throw new ImportError('this looks like a Foundry VTT actor export, which is not supported yet; export the character from its builder instead')
    } else throw new ImportError('not a character file this importer knows (GURPS Character Sheet .gcs or Hero Designer .hdc)')
  } else if (head.startsWith('<')) {
    const xml = parseXml(head)
    const root = Object.keys(xml).find((k) => !k.startsWith('?') && !k.startsWith('#'))
    const node = (xml[root ?? ''] as XNode[] | undefined)?.[0]
    if (root === 'character' && node) result = gurpsCombatant(readGcsXml(node))
    else if (root === 'CHARACTER' && node) result = readHdc(node)
    else if (root === 'gca5') throw new ImportError('GURPS Character Assistant 5 files (.gca5) are not supported yet; export the character to GURPS Character Sheet instead')
    else throw new ImportError(`not a character file this importer knows (the XML's root element is <${root ?? '?'}>; expected <character> from GURPS Character Sheet or <CHARACTER> from Hero Designer)`)
  } else throw new ImportError('not a character file this importer knows: neither JSON nor XML')
  if (system !== undefined && system !== result.system) {
    throw new ImportError(`this is a ${result.system === 'gurps' ? 'GURPS' : 'HERO System'} character (${result.format}), not one for ${system}`)
  }
  return result
}
