import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { unzipSync } from 'fflate'
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

/** A zip archive (BattleScribe saves catalogues zipped as .catz and rosters as .rosz): "PK", 3, 4. */
export const isZip = (bytes: Uint8Array): boolean => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04

/**
 * The one file inside a zipped catalogue or roster (.catz, .rosz: a zip of one .cat or .ros), read in
 * memory. An archive of several files, none, or one that unpacks beyond the size limit is refused.
 */
export function unzipOne(bytes: Uint8Array): Uint8Array {
  let tooBig = false
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/')) return false
        if (f.originalSize > MAX_IMPORT_BYTES) tooBig = true
        return !tooBig
      },
    })
  } catch {
    throw new ImportError('the zip archive is damaged (it cannot be unpacked)')
  }
  if (tooBig) throw new ImportError(`the zip archive holds a file over ${MAX_IMPORT_BYTES / 1024 / 1024} MB unpacked; character files and catalogues are far smaller`)
  const names = Object.keys(files)
  if (names.length !== 1) throw new ImportError(`the zip archive holds ${names.length} files${names.length ? ` (${names.slice(0, 4).join(', ')})` : ''}; a zipped catalogue or roster holds one`)
  const inner = files[names[0]]
  if (inner.length > MAX_IMPORT_BYTES) throw new ImportError(`the zip archive's file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB unpacked; character files and catalogues are far smaller`)
  if (isZip(inner)) throw new ImportError('the zip archive holds another zip archive; unpack it first')
  return inner
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
    // numeric character references (`&#233;` in "Ren&#233;e") are decoded; so are HTML's named ones
    htmlEntities: true,
    // an element or attribute named like a property every JavaScript object has is kept under another name
    // (no builder writes one; the parser would refuse the whole file)
    transformTagName: safeName,
    transformAttributeName: safeName,
    maxNestedTags: MAX_XML_DEPTH,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
  })
  try {
    return parser.parse(text) as Record<string, unknown>
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e)
    if (/nested/i.test(msg)) throw new ImportError(`the XML nests elements more than ${MAX_XML_DEPTH} deep; character files nest a few levels, so this one is damaged or not a character file`)
    if (/character reference|entity/i.test(msg)) throw new ImportError('the XML holds a character reference (&#…;) that stands for no character; the file is damaged')
    throw new ImportError('the XML could not be read as a character file; the file is damaged or not from a builder this importer knows')
  }
}

/** Deepest element nesting read: real builder files nest well under 30 levels (containers in containers). */
export const MAX_XML_DEPTH = 200

const RESERVED = new Set(['__proto__', 'constructor', 'prototype'])
/** An element or attribute name that is safe as a key: the three reserved ones get a trailing "_". */
const safeName = (name: string): string => (RESERVED.has(name) ? `${name}_` : name)

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
