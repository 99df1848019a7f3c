import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { ImportError, MAX_IMPORT_BYTES } from './types'

/**
 * Decodes a character file: UTF-8 (with or without a byte-order mark) or UTF-16 big- or little-endian
 * (Hero Designer saves UTF-16 with a byte-order mark).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length > MAX_IMPORT_BYTES) {
    throw new ImportError(`the file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; character files are far smaller, the limit is ${MAX_IMPORT_BYTES / 1024 / 1024} MB`)
  }
  let encoding = 'utf-8'
  let start = 0
  if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2]
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2]
  else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3
  else if (bytes[0] === 0 && bytes[1] !== 0) encoding = 'utf-16be'
  else if (bytes[0] !== 0 && bytes[1] === 0) encoding = 'utf-16le'
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(start))
  } catch {
    throw new ImportError(`the file is not readable text (${encoding === 'utf-8' ? 'UTF-8' : encoding.toUpperCase()} expected)`)
  }
}

/** Parses JSON, naming what is wrong (a truncated file). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    throw new ImportError(`not valid JSON, the file may be cut short (${(e as Error).message})`)
  }
}

/**
 * Parses XML safely: a document type declaration or entity definition is refused outright (external
 * entities read other files, entity expansion can blow up memory), and malformed or truncated XML is
 * refused with the line where it breaks. Attributes are kept with an "@_" prefix, text as "#text".
 */
export function parseXml(text: string): Record<string, unknown> {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new ImportError('the XML declares a document type or entities, which character files never need; refused for safety')
  }
  const valid = XMLValidator.validate(text)
  if (valid !== true) {
    throw new ImportError(`not well-formed XML, the file may be cut short (line ${valid.err.line}: ${valid.err.msg})`)
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    processEntities: true,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  })
  return parser.parse(text) as Record<string, unknown>
}

/** XML helpers over the parsed tree, where every element is a list. */
export type XNode = Record<string, unknown>

export const xkids = (node: XNode | undefined, name: string): XNode[] => {
  const v = node?.[name]
  return Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null ? (x as XNode) : ({ '#text': String(x) } as XNode))) : []
}
export const xkid = (node: XNode | undefined, name: string): XNode | undefined => xkids(node, name)[0]
export const xtext = (node: XNode | undefined, name?: string): string | undefined => {
  const n = name === undefined ? node : xkid(node, name)
  if (n === undefined) return undefined
  const t = n['#text']
  return t === undefined ? (Object.keys(n).some((k) => !k.startsWith('@_')) ? undefined : '') : String(t)
}
export const xattr = (node: XNode | undefined, name: string): string | undefined => {
  const v = node?.[`@_${name}`]
  return v === undefined ? undefined : String(v)
}
