import { gurpsCombatant } from './gurps-model'
import { isGcsJson, readGcsJson } from './gurps-gcs-json'
import { readGcsXml } from './gurps-gcs-xml'
import { isFoundryGurps, readFantasyGrounds, readFoundryGurps, readGca5 } from './gurps-stored'
import { readHdc } from './hero-hdc'
import { isRoll20Hero, readRoll20Hero } from './hero-roll20'
import { battlescribeLibrary } from './bushido-battlescribe'
import type { Library } from './library'
import { l5rKind, readL5r } from './l5r'
import { decodeText, isZip, parseJson, parseXml, unzipOne, xattr, xkid, type XNode } from './source'
import { adversaryLibrary, isAdversaryDataset, isWeaponTable } from './swrpg-adversaries'
import { isOggDudeCharacter, readOggDude } from './swrpg-oggdude'
import { fightLines } from './fight-lines'
import { ImportError, type ImportResult } from './types'

/**
 * A good file of another system than the one asked for (--system, or the scenario it goes into): the file
 * is fine, the combination is not.
 */
export class WrongSystemError extends ImportError {
  constructor(message: string) {
    super(message)
    this.name = 'WrongSystemError'
  }
}

export { ImportError, MAX_IMPORT_BYTES, type DefaultedField, type ImportReport, type ImportResult } from './types'
export { filterEntries, findEntry, type Library, type LibraryEntry, type TakeOptions } from './library'
export { addToScenario, listKey, replaceInScenario, versusScenario } from './into'

/** Systems a file can be imported into. */
export const IMPORT_SYSTEMS = ['gurps', 'hero', 'genesys', 'l5r', 'bushido'] as const

/** A system's name in a GM's words. */
export const SYSTEM_NAMES: Record<string, string> = { gurps: 'GURPS', hero: 'HERO System', genesys: 'Star Wars / Genesys', l5r: 'Legend of the Five Rings', bushido: 'Bushido' }

/** What one file turned out to be: a character, a library of stat blocks, or a table a library needs. */
export type OpenedFile =
  | { kind: 'character'; result: ImportResult }
  | { kind: 'library'; system: string; format: string; count: number; build: (tables: unknown[][]) => Library }
  | { kind: 'weapons'; system: string; table: unknown[] }

const KNOWN = 'GURPS Character Sheet .gcs, GURPS Character Assistant .gca5, Fantasy Grounds XML of a GURPS character, Foundry VTT GURPS actors, Hero Designer .hdc or its export for Roll20 (!hero --import), Star Wars adversary stat blocks, OggDude\'s Star Wars characters (.xml), L5R Character Manager or web sheet .l5r, Foundry VTT l5r4 actors, BattleScribe Bushido catalogues .cat or .catz and rosters .ros or .rosz'

/**
 * Reads one file, recognised by its content (not its name): GURPS Character Sheet 5 (JSON) or 4 (XML)
 * into `gurps`, Hero Designer (.hdc) into `hero`, the Star Wars adversary dataset (a library) and its
 * weapon table into `genesys`, L5R Character Manager and web-sheet .l5r files and Foundry l5r4 actors into
 * `l5r`, BattleScribe catalogues (a library of model cards) into `bushido`. `system`, when given, must agree. Throws an ImportError naming what is wrong.
 */
export function openFile(bytes: Uint8Array, system?: string): OpenedFile {
  if (bytes.length === 0) throw new ImportError('the file is empty')
  if (isZip(bytes)) bytes = unzipOne(bytes)
  const text = decodeText(bytes).replace(/^\ufeff/, '')
  const head = text.trimStart()
  let opened: OpenedFile
  if (isRoll20Hero(head)) opened = { kind: 'character', result: readRoll20Hero(head) }
  else if (head.startsWith('{') || head.startsWith('[')) {
    const json = parseJson(head)
    if (isGcsJson(json)) opened = { kind: 'character', result: gurpsCombatant(readGcsJson(json)) }
    else if (isAdversaryDataset(json)) {
      opened = { kind: 'library', system: 'genesys', format: 'Star Wars adversary stat blocks (JSON)', count: json.length, build: (tables) => adversaryLibrary(json, tables as Record<string, unknown>[][]) }
    } else if (isWeaponTable(json)) opened = { kind: 'weapons', system: 'genesys', table: json }
    else if (isFoundryGurps(json)) opened = { kind: 'character', result: gurpsCombatant(readFoundryGurps(json as Record<string, unknown>)) }
    else if (l5rKind(json)) opened = { kind: 'character', result: readL5r(json as Record<string, unknown>, l5rKind(json) as 'l5rcm') }
    else if (json && typeof json === 'object' && 'type' in json && ('data' in json || 'system' in json)) {
      throw new ImportError('this looks like a Foundry VTT actor export of a system this importer does not read (it reads GURPS and L5R 4e actors); export the character from its builder instead')
    } else throw new ImportError(`not a character file this importer knows (${KNOWN})`)
  } else if (head.startsWith('<')) {
    const xml = parseXml(head)
    const root = Object.keys(xml).find((k) => !k.startsWith('?') && !k.startsWith('#'))
    const node = (xml[root ?? ''] as XNode[] | undefined)?.[0]
    if (root === 'character' && node) opened = { kind: 'character', result: gurpsCombatant(readGcsXml(node)) }
    else if (root === 'CHARACTER' && node) opened = { kind: 'character', result: readHdc(node) }
    else if ((root === 'catalogue' || root === 'roster') && node) {
      const lib = battlescribeLibrary(node, root === 'roster')
      if (!lib.entries.length) throw new ImportError(root === 'roster' ? `this BattleScribe roster (${xattr(node, 'name') ?? '?'}) holds no model cards` : `this BattleScribe catalogue (${xattr(node, 'name') ?? '?'}) holds no model cards (a shared library of rules); open a faction catalogue instead`)
      opened = { kind: 'library', system: 'bushido', format: lib.format, count: lib.entries.length, build: () => lib }
    } else if (root === 'gameSystem') throw new ImportError(`this is a BattleScribe game system file (${node ? (xattr(node, 'name') ?? '?') : '?'}): it defines the card layout and holds no model cards; open a faction catalogue (.cat) instead`)
    else if (root === 'gca5' && node) opened = { kind: 'character', result: gurpsCombatant(readGca5(node)) }
    else if (root === 'root' && node && xkid(node, 'character')) opened = { kind: 'character', result: gurpsCombatant(readFantasyGrounds(node)) }
    else if (node && isOggDudeCharacter(root ?? '', node)) opened = { kind: 'character', result: readOggDude(node) }
    else throw new ImportError(`not a character file this importer knows (the XML's root element is <${root ?? '?'}>; expected <character> from GURPS Character Sheet, <root><character> from a Fantasy Grounds export of a GURPS character, <CHARACTER> from Hero Designer, <Character> from OggDude's Star Wars character generator or <catalogue> or <roster> from BattleScribe)`)
  } else throw new ImportError('not a character file this importer knows: neither JSON nor XML')
  if (opened.kind === 'character') withFight(opened.result)
  else if (opened.kind === 'library') {
    const build = opened.build
    opened.build = (tables) => {
      const lib = build(tables)
      return { ...lib, take: (entry, options) => withFight(lib.take(entry, options)) }
    }
  }
  const sys = opened.kind === 'character' ? opened.result.system : opened.system
  if (system !== undefined && system !== sys) {
    const what = opened.kind === 'character' ? `a ${SYSTEM_NAMES[sys]} character (${opened.result.format})` : opened.kind === 'library' ? `a ${SYSTEM_NAMES[sys]} library (${opened.format})` : `a ${SYSTEM_NAMES[sys]} weapon table`
    throw new WrongSystemError(`this is ${what}, not one for ${system}`)
  }
  return opened
}

/** The result with its report's first lines: what the fight uses of each fighter (named when there are several). */
function withFight(r: ImportResult): ImportResult {
  const many = r.combatants.length > 1
  r.report.fight = r.combatants.flatMap((c) => fightLines(r.system, c, r.plan).map((l) => (many ? `${String(c.name)}: ${l}` : l)))
  return r
}

/** The libraries among opened files, each given the weapon tables opened with it. */
export function librariesOf(opened: OpenedFile[]): (Library | undefined)[] {
  const tables = opened.flatMap((o) => (o.kind === 'weapons' ? [o.table] : []))
  return opened.map((o) => (o.kind === 'library' ? o.build(tables) : undefined))
}

/**
 * Imports one character file (see openFile). A library or a weapon table is refused with what to do
 * instead; the CLI and the app open libraries with openFile and librariesOf.
 */
export function importCharacter(bytes: Uint8Array, system?: string): ImportResult {
  const opened = openFile(bytes, system)
  if (opened.kind === 'library') throw new ImportError(`this is a library of ${opened.count} stat blocks (${opened.format}); list them with --list and take one with --pick <name>`)
  if (opened.kind === 'weapons') throw new ImportError('this is a weapon table, not a character; give it together with the adversary stat blocks whose weapons it names')
  return opened.result
}
