import { MAX_WOUNDS } from '../engine/systems/bushido/schema'
import { SPECIAL_KEYS } from '../engine/systems/bushido/specials'
import type { Library, LibraryEntry } from './library'
import { xattr, xkid, xkids, xtext, type XNode } from './source'
import { defaulted, emptyReport, ImportError, type ImportReport, type ImportResult } from './types'

/**
 * Bushido model cards from BattleScribe / NewRecruit data (a faction catalogue, .cat): each
 * `<selectionEntry type="model">` with a "Character Profile" (Melee and Ranged Pool, Move, Ki and Ki Cap,
 * Wounds, Size & Base, the Boost costs), its Traits line and its melee and ranged weapon profiles. Profile
 * types are matched by name (catalogue ids differ from the game system's). Read as a library of `bushido`
 * models.
 */

const FORMAT = 'BattleScribe catalogue of Bushido model cards (.cat)'
const ROSTER_FORMAT = 'BattleScribe roster of Bushido models (.ros)'
const MAX_STAT = 8

interface Card {
  name: string
  faction: string
  keywords: string[]
  rice?: number
  stats: Record<string, string>
  traits: string[]
  melee?: { name: string; stats: Record<string, string> }
  meleeOthers: string[]
  ranged?: { name: string; stats: Record<string, string> }
  rangedOthers: string[]
}

const characteristics = (profile: XNode): Record<string, string> =>
  Object.fromEntries(xkids(xkid(profile, 'characteristics'), 'characteristic').map((c) => [xattr(c, 'name') ?? '', (xtext(c) ?? '').trim()]))

/** A selection entry or an entry link, with the profiles directly its own (not those of entries inside it). */
interface Container {
  node: XNode
  parent?: Container
  profiles: XNode[]
}

function containers(root: XNode): Container[] {
  const all: Container[] = []
  const walk = (n: XNode, top: Container | undefined): void => {
    for (const [k, v] of Object.entries(n)) {
      if (k.startsWith('@_') || k === '#text' || !Array.isArray(v)) continue
      for (const child of v as unknown[]) {
        if (typeof child !== 'object' || child === null) continue
        const c = child as XNode
        if (k === 'selectionEntry' || k === 'entryLink' || k === 'selection') {
          const box: Container = { node: c, parent: top, profiles: [] }
          all.push(box)
          walk(c, box)
        } else {
          if (k === 'profile' && top) top.profiles.push(c)
          walk(c, top)
        }
      }
    }
  }
  walk(root, undefined)
  return all
}

/**
 * Every model card: a selection entry or entry link with a Character Profile of its own. A card of several
 * models (Goshi A and B) holds one entry link per model, and its weapons, traits, keywords and cost may
 * be given once on the card: what a model lacks is taken from the entry around it.
 */
function readCards(root: XNode): Card[] {
  const catalogue = xattr(root, 'name') ?? ''
  const type = (p: XNode): string => (xattr(p, 'typeName') ?? '').trim()
  const up = <T>(box: Container, get: (b: Container) => T[]): T[] => {
    for (let b: Container | undefined = box; b; b = b.parent) {
      const got = get(b)
      if (got.length) return got
    }
    return []
  }
  return containers(root).flatMap((box) => {
    const card = box.profiles.find((p) => /^Character Profile/.test(type(p)))
    if (!card) return []
    const stats = characteristics(card)
    const traitsText = [...up(box, (b) => b.profiles.filter((p) => type(p) === 'Character Traits')).map((p) => characteristics(p).Traits ?? ''), stats.Traits ?? ''].join(', ')
    const weapons = (kind: string) => up(box, (b) => b.profiles.filter((p) => type(p) === kind)).map((p) => ({ name: xattr(p, 'name') ?? 'weapon', stats: characteristics(p) }))
    const melee = weapons('Melee Weapon')
    const ranged = weapons('Ranged Weapon')
    const cats = up(box, (b) => xkids(xkid(b.node, 'categoryLinks'), 'categoryLink')).map((c) => xattr(c, 'name') ?? '')
    const faction = cats.find((c) => c.startsWith('Faction: '))?.slice(9) ?? catalogue
    const rice = up(box, (b) => xkids(xkid(b.node, 'costs'), 'cost')).find((c) => (xattr(c, 'name') ?? '').trim() === 'Rice')
    return [{
      name: xattr(card, 'name') ?? xattr(box.node, 'name') ?? 'model',
      faction,
      keywords: cats.filter((c) => !c.startsWith('Faction') && c !== 'Faction Profile Cards'),
      rice: rice ? Number(xattr(rice, 'value')) : undefined,
      stats,
      traits: splitList(traitsText),
      melee: melee[0],
      meleeOthers: melee.slice(1).map((m) => m.name),
      ranged: ranged[0],
      rangedOthers: ranged.slice(1).map((m) => m.name),
    }]
  })
}

/** "Armour (3), Bravery, Prowess [Melee]:(1)" → ["Armour (3)", "Bravery", "Prowess [Melee]:(1)"], commas inside brackets kept. */
function splitList(text: string): string[] {
  const out: string[] = []
  let depth = 0
  let cur = ''
  for (const ch of text) {
    if (ch === '(' || ch === '[') depth++
    if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1)
    if ((ch === ',' || ch === ';') && depth === 0) {
      if (cur.trim()) out.push(cur.trim())
      cur = ''
    } else cur += ch
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

/** "Armour (3)" → { name: "armour", value: 3 }; "Reach" → { name: "reach" }. */
function trait(t: string): { name: string; value?: number } {
  const m = /^([^([:]+?)\s*(?:\[[^\]]*\])?\s*:?\s*(?:\((-?\d+)\))?\s*$/.exec(t)
  if (!m) return { name: t.toLowerCase() }
  return { name: m[1].trim().toLowerCase(), value: m[2] === undefined ? undefined : Number(m[2]) }
}

const leadingInt = (s: string | undefined): number | undefined => {
  const m = /^\s*([+-]?\d+)/.exec(s ?? '')
  return m ? Number(m[1]) : undefined
}

function summary(c: Card): string {
  const s = c.stats
  const boost = (k: string): string => (s[`${k} Boost`] ? ` (boost ${s[`${k} Boost`]})` : '')
  const parts = [`Melee ${s['Melee Pool'] || '-'}${boost('Melee')}`, `Ranged ${s['Ranged Pool'] || '-'}`, `Move ${s.Move || '-'}`, `Ki ${s.Ki || '0'}/${s['Ki Cap'] || '0'}`, `Wounds ${leadingInt(s.Wounds) ?? '?'}`, (s['Size & Base'] || '').split(/\s+/)[0]]
  if (c.melee) parts.push(`${c.melee.name} ${c.melee.stats['Melee Weapon Strength'] || ''}`.trim())
  if (c.rice !== undefined) parts.push(`${c.rice} Rice`)
  return parts.filter(Boolean).join(', ')
}

/** A BattleScribe catalogue as a library of model cards. */
export function battlescribeLibrary(root: XNode, roster = false): Library {
  const cards = readCards(root)
  const byEntry = new Map<LibraryEntry, Card>()
  const entries = cards.map((c) => {
    const e: LibraryEntry = { name: c.name, kind: c.faction, summary: summary(c), tags: c.keywords }
    byEntry.set(e, c)
    return e
  })
  return {
    system: 'bushido',
    format: roster ? ROSTER_FORMAT : FORMAT,
    entries,
    take: (entry) => {
      const c = byEntry.get(entry)
      if (!c) throw new ImportError(`${entry.name} is not in this ${roster ? 'roster' : 'catalogue'}`)
      return model(c)
    },
  }
}

const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n))
const SIZES: Record<string, string> = { tiny: 'tiny', small: 'small', medium: 'medium', large: 'large', huge: 'huge' }

/** One card as a `bushido` model, with the report of what was read, defaulted and ignored. */
export function model(c: Card): ImportResult {
  const report: ImportReport = emptyReport()
  const s = c.stats
  const name = c.name.slice(0, 60)
  const stat = (key: string, required: boolean): number | undefined => {
    const raw = s[key]
    const v = leadingInt(raw)
    if (v === undefined) {
      if (required) throw new ImportError(`${name}: the card's ${key} is ${JSON.stringify(raw ?? '')}, not a number (set by the card's own rules); enter it by hand in the editor`)
      return undefined
    }
    return v
  }
  const melee = stat('Melee Pool', true) as number
  const ranged = stat('Ranged Pool', false) ?? 0
  const wounds = stat('Wounds', true) as number
  const ki = stat('Ki', false) ?? 0
  const kiCapRaw = (s['Ki Cap'] ?? '').trim()
  // A Ki Cap printed "*" (or any word) is set by the card's own rule, which the simulator does not read: its Ki
  // is not thrown away; the cap is the most the simulator holds, marked for the GM to enter the card's figure.
  const ownRule = kiCapRaw !== '' && leadingInt(kiCapRaw) === undefined
  const kiMax = ownRule ? 20 : (stat('Ki Cap', false) ?? 0)
  const put = (label: string, v: number, lo: number, hi: number, path: string): number => {
    const x = clamp(v, lo, hi)
    if (x !== v) defaulted(report, `${label} ${v > 0 ? '+' : ''}${v} as printed is beyond what the simulator takes (${lo} to ${hi}); ${x > 0 ? '+' : ''}${x} used`, path)
    return x
  }
  if (melee > MAX_STAT || ranged > MAX_STAT || ki > MAX_STAT) throw new ImportError(`${name}: a pool above ${MAX_STAT} is beyond what the simulator takes (Melee ${melee}, Ranged ${ranged}, Ki ${ki})`)
  if (wounds < 1 || wounds > MAX_WOUNDS) throw new ImportError(`${name}: Wounds ${wounds} is outside what the simulator takes (1–${MAX_WOUNDS})`)
  const m: Record<string, unknown> = { name, melee, ranged, wounds }
  report.read.push(`Melee Pool ${melee}, Ranged Pool ${ranged}${s['Ranged Pool'] && /^\D/.test(s['Ranged Pool']) ? ` (the card's "${s['Ranged Pool']}")` : ''}, Wounds ${wounds} ("${s.Wounds}"), Ki ${ki}/${ownRule ? kiCapRaw : kiMax}`)
  const cap = clamp(kiMax, 0, 20)
  if (ownRule) defaulted(report, `Ki Cap "${kiCapRaw}": set by the card's own rule, which the simulator does not play; it may hold up to 20 Ki here (enter the card's cap by hand)`, 'kiMax')
  else if (ki > cap) report.computed.push(`Ki ${cap}: the card generates ${ki} but its Ki Cap is ${kiMax}, so the Ki it gains beyond that is discarded (Bushido rulebook pp.54–56)`)
  if (Math.min(ki, cap)) m.ki = Math.min(ki, cap)
  if (cap) m.kiMax = cap
  const boost = leadingInt(s['Melee Boost'])
  if (boost !== undefined && boost >= 1 && boost <= 4) {
    m.kiBoostCost = boost
    report.read.push(`Melee Boost ${boost}: Ki per +1 Melee die`)
  } else if (!s['Melee Boost']) report.ignored.push('the card gives no Melee Boost (its Melee Pool cannot be boosted): keep Ki Boosts out of its plans')
  const size = SIZES[(s['Size & Base'] ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '']
  if (size) {
    m.size = size
    report.read.push(`size ${size} (${s['Size & Base']})`)
  } else defaulted(report, `size medium (the card's Size & Base is ${JSON.stringify(s['Size & Base'] ?? '')})`, 'size')
  if (s.Move) report.ignored.push(`Move ${s.Move}: the simulator does not play movement on a table`)
  for (const k of ['Ranged Boost', 'Move Boost', 'Ki Boost']) if (s[k]) report.ignored.push(`${k} ${s[k]}`)

  const ignoredTraits: string[] = []
  for (const t of c.traits) {
    const { name: tn, value } = trait(t)
    if (tn === 'armour' && value !== undefined) m.armour = put('Armour', value, 0, 6, 'armour')
    else if (tn === 'tough' && value !== undefined) m.tough = put('Tough', value, -3, 6, 'tough')
    else if (tn === 'durable') m.durable = true
    else if (tn === 'strong') m.strong = true
    else if (tn === 'weak') m.weak = true
    else if (tn === 'lightning reflexes') m.lightningReflexes = true
    else if (tn === 'tactician' && value !== undefined) m.tactician = put('Tactician', value, 0, 3, 'tactician')
    else {
      ignoredTraits.push(t)
      continue
    }
    report.read.push(`trait ${t}`)
  }
  if (ignoredTraits.length) report.ignored.push(`traits: ${ignoredTraits.join(', ')}`)

  if (c.melee) {
    const w = c.melee.stats
    const str = w['Melee Weapon Strength'] ?? ''
    const v = leadingInt(str)
    if (v !== undefined) m.strength = put(`${c.melee.name} Strength`, v, -3, 3, 'strength')
    else if (str && str !== '-') report.ignored.push(`${c.melee.name} Strength "${str}": a special effect`)
    const rest: string[] = []
    for (const t of splitList(w.Traits ?? '')) {
      const { name: tn, value } = trait(t)
      if (tn === 'pierce' && value !== undefined) m.pierce = put(`${c.melee.name} Pierce`, value, 0, 6, 'pierce')
      else if (tn === 'brutal' && value !== undefined) m.brutal = put(`${c.melee.name} Brutal`, value, 0, 3, 'brutal')
      else if (tn === 'parry' && value !== undefined) m.parry = put(`${c.melee.name} Parry`, value, 0, 3, 'parry')
      else if (tn === 'unblockable') m.unblockable = put(`${c.melee.name} Unblockable`, value ?? 1, 0, 3, 'unblockable')
      else if (tn === 'reach') m.reach = true
      else rest.push(t)
    }
    const specials: { ability: string; cost: number }[] = []
    const unknown: string[] = []
    const free: string[] = []
    for (const sp of splitList(w.Specials ?? '')) {
      const { name: sn, value } = trait(sp)
      const key = sn.replace(/\s+/g, '-')
      if (!(SPECIAL_KEYS as readonly string[]).includes(key)) unknown.push(sp)
      else if (value !== undefined && value >= 1 && value <= 4 && specials.length < 4) specials.push({ ability: key, cost: value })
      else free.push(sp)
    }
    if (specials.length) m.specials = specials
    report.read.push(`melee weapon ${c.melee.name}: Strength ${str || '0'}${w.Traits ? `, ${w.Traits}` : ''}${w.Specials ? `, ${w.Specials}` : ''}`)
    if (rest.length) report.ignored.push(`${c.melee.name}: ${rest.join(', ')}`)
    if (unknown.length) report.ignored.push(`${c.melee.name}: ${unknown.join(', ')} (specials the simulator does not model)`)
    if (free.length) report.ignored.push(`${c.melee.name}: ${free.join(', ')} (specials costing no dice; the simulator takes costs 1–4)`)
    if (w['Unique Effects']) report.ignored.push(`${c.melee.name}'s unique effect: ${w['Unique Effects']}`)
  } else defaulted(report, 'melee weapon Strength 0 (the card lists no melee weapon)', 'strength')
  for (const o of c.meleeOthers) report.ignored.push(`${o}: a second melee weapon; each model uses one`)

  if (c.ranged) {
    const w = c.ranged.stats
    const str = w['Ranged Weapon Strength'] ?? ''
    const v = leadingInt(str)
    if (v !== undefined) m.rangedStrength = put(`${c.ranged.name} Strength`, v, -3, 3, 'rangedStrength')
    const rest: string[] = []
    for (const t of splitList(w.Traits ?? '')) {
      const { name: tn, value } = trait(t)
      if (tn === 'pierce' && value !== undefined) m.rangedPierce = put(`${c.ranged.name} Pierce`, value, 0, 6, 'rangedPierce')
      else if (tn === 'brutal' && value !== undefined) m.rangedBrutal = put(`${c.ranged.name} Brutal`, value, 0, 3, 'rangedBrutal')
      else if (tn === 'ammo' && value !== undefined) m.ammo = put(`${c.ranged.name} Ammo`, value, 0, 20, 'ammo')
      else if (tn === 'reload' && value !== undefined) m.reload = put(`${c.ranged.name} Reload`, value, 0, 3, 'reload')
      else rest.push(t)
    }
    report.read.push(`ranged weapon ${c.ranged.name}: Strength ${str || '0'}, range bands ${w['Range Bands'] || '?'}${w.Traits ? `, ${w.Traits}` : ''}`)
    if (w['Range Bands']) report.ignored.push(`${c.ranged.name} range bands ${w['Range Bands']}: a shot's band is set in the situation`)
    if (rest.length) report.ignored.push(`${c.ranged.name}: ${rest.join(', ')}`)
  }
  for (const o of c.rangedOthers) report.ignored.push(`${o}: a second ranged weapon; each model uses one`)
  report.ignored.push('Ki Feats and Enhancements: the simulator plays Ki as Boosts and Focus only')
  return { system: 'bushido', format: FORMAT, combatants: [m], report }
}

/** A BattleScribe game-system file: holds the profile types, no model cards. */
export const isGameSystem = (root: string): boolean => root === 'gameSystem'
export const isCatalogue = (root: string): boolean => root === 'catalogue'
