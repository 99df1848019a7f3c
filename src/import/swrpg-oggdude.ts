import { xkid, xkids, xtext, type XNode } from './source'
import { defaulted, emptyReport, ImportError, type ImportResult } from './types'

/**
 * OggDude's Star Wars character generator saves a character as XML with a <Character> root. No sample
 * file was at hand: the layout is the one public code reads it with (a C# model generated from such
 * files, and the keys other Star Wars tools use for skills):
 *
 *   <Character><Description><CharName>…</CharName></Description>
 *     <Characteristics><CharCharacteristic><Key>BR</Key><Rank><StartingRanks>2</StartingRanks>…</Rank></CharCharacteristic>…
 *     <Skills><CharSkill><Key>RANGLT</Key><Rank><PurchasedRanks>1</PurchasedRanks>…</Rank></CharSkill>…
 *     <Attributes><SoakValue><CharRanks>3</CharRanks><ItemRanks>1</ItemRanks>…</SoakValue>
 *       <WoundThreshold>…</WoundThreshold><StrainThreshold>…</StrainThreshold><DefenseMelee>…</DefenseMelee><DefenseRanged>…</DefenseRanged></Attributes>
 *     <Weapons><CharWeapon><ItemKey>BLASTPIST</ItemKey><Equipped>true</Equipped>…</CharWeapon>…
 *
 * Each value is split by where its ranks come from (starting, species, career, talents, purchased, items,
 * cybernetics, the characteristic…): the value is their sum. A weapon is only named by its key; its
 * numbers live in the generator's data set, not in the character file.
 */

const CHARACTERISTICS: Record<string, string> = { BR: 'Brawn', AG: 'Agility', INT: 'Intellect', CUN: 'Cunning', WIL: 'Willpower', PR: 'Presence' }
const SKILLS: Record<string, string> = {
  BRAWL: 'Brawl', MELEE: 'Melee', RANGLT: 'Ranged (Light)', RANGHVY: 'Ranged (Heavy)', GUNN: 'Gunnery', LTSABER: 'Lightsaber', COOL: 'Cool', VIGIL: 'Vigilance',
}
const FORMAT = "OggDude's Star Wars character generator (XML)"

/** The sum of a value's parts: every child element named "…Ranks" (StartingRanks, PurchasedRanks, CharRanks…). */
function ranks(node: XNode | undefined): { total: number; parts: string[] } {
  let total = 0
  const parts: string[] = []
  if (!node) return { total, parts }
  for (const [key, value] of Object.entries(node)) {
    if (!key.endsWith('Ranks') || !Array.isArray(value)) continue
    for (const v of value) {
      const n = Number(typeof v === 'object' && v !== null ? (v as XNode)['#text'] : v)
      if (!Number.isFinite(n) || n === 0) continue
      total += n
      parts.push(`${key.replace(/Ranks$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()} ${n}`)
    }
  }
  return { total, parts }
}

/** A value kept by ranks in one or more <Rank> elements (characteristics, skills). */
function rankOf(item: XNode): { total: number; parts: string[] } {
  const all = xkids(item, 'Rank').map(ranks)
  return { total: all.reduce((s, r) => s + r.total, 0), parts: all.flatMap((r) => r.parts) }
}

/** Is this XML root an OggDude character? Its <Character> holds <Characteristics> of <CharCharacteristic>. */
export const isOggDudeCharacter = (root: string, node: XNode | undefined): boolean => root === 'Character' && xkid(xkid(node, 'Characteristics'), 'CharCharacteristic') !== undefined

export function readOggDude(root: XNode): ImportResult {
  const report = emptyReport()
  const name = ((xtext(xkid(root, 'Description'), 'CharName') ?? '').trim() || (xtext(root, 'Name') ?? '').trim() || 'Imported character').slice(0, 60)
  const clamp = (label: string, v: number, lo: number, hi: number, path: string): number => {
    const c = Math.max(lo, Math.min(hi, v))
    if (c !== v) defaulted(report, `${label} ${v} is outside what the simulator takes (${lo}–${hi}); ${c} used`, path)
    return c
  }

  const ch: Record<string, number> = {}
  for (const c of xkids(xkid(root, 'Characteristics'), 'CharCharacteristic')) {
    const key = (xtext(c, 'Key') ?? '').trim().toUpperCase()
    if (!(key in CHARACTERISTICS)) continue
    const r = rankOf(c)
    ch[key] = r.total
    report.computed.push(`${CHARACTERISTICS[key]} ${r.total} = ${r.parts.join(' + ') || '0'}`)
  }
  const missing = Object.keys(CHARACTERISTICS).filter((k) => ch[k] === undefined)
  if (missing.length === Object.keys(CHARACTERISTICS).length) throw new ImportError(`${name}: the file gives none of the six characteristics (Brawn, Agility, Intellect, Cunning, Willpower, Presence)`)
  for (const k of missing) report.ignored.push(`${CHARACTERISTICS[k]}: not in the file`)

  const skill: Record<string, number> = {}
  for (const s of xkids(xkid(root, 'Skills'), 'CharSkill')) {
    const key = (xtext(s, 'Key') ?? '').trim().toUpperCase()
    if (!(key in SKILLS)) continue
    const r = rankOf(s)
    skill[key] = r.total
    if (r.total) report.computed.push(`${SKILLS[key]} ${r.total} = ${r.parts.join(' + ')}`)
  }

  const attrs = xkid(root, 'Attributes')
  const attr = (tag: string, label: string): number | undefined => {
    const node = xkid(attrs, tag)
    if (!node) return undefined
    const r = ranks(node)
    report.computed.push(`${label} ${r.total} = ${r.parts.join(' + ') || '0'}`)
    return r.total
  }
  const brawn = clamp('Brawn', ch.BR ?? 1, 1, 7, 'brawn')
  const soakRaw = attr('SoakValue', 'soak')
  const woundsRaw = attr('WoundThreshold', 'wound threshold')
  const strainRaw = attr('StrainThreshold', 'strain threshold')
  const meleeRaw = attr('DefenseMelee', 'melee defence')
  const rangedRaw = attr('DefenseRanged', 'ranged defence')
  if (woundsRaw === undefined) throw new ImportError(`${name}: the file gives no wound threshold (Attributes › WoundThreshold)`)

  // The weapon: named by key only; its numbers are in the generator's data set. Unarmed, with Brawl, until
  // the GM sets it in the editor (Edge of the Empire core rulebook, Brawl weapons: Unarmed, +0, Critical 5,
  // Engaged, Disorient 1, Knockdown).
  const weapons = xkids(xkid(root, 'Weapons'), 'CharWeapon').map((w) => ({
    key: (xtext(w, 'ItemKey') ?? '').trim(),
    name: (xtext(w, 'Rename') ?? '').trim(),
    equipped: /^true$/i.test((xtext(w, 'Equipped') ?? '').trim()),
  }))
  const listed = [...weapons.filter((w) => w.equipped), ...weapons.filter((w) => !w.equipped)].map((w) => (w.name ? `${w.name} (${w.key})` : w.key)).filter(Boolean)
  if (listed.length) report.ignored.push(`weapons ${listed.join(', ')}: the character file names them by key, and their damage, Critical and range are in the generator's data set, not in the file; set his weapon in the editor`)
  const weapon = { name: 'Unarmed', skill: 'brawl', damage: 0, addsBrawn: true, crit: 5, range: 'engaged', qualities: { knockdown: true } }
  defaulted(report, `weapon: Unarmed, Brawl, Brawn + 0, Critical 5, Knockdown (Edge of the Empire core rulebook, Brawl weapons)${listed.length ? '' : '; the file lists no weapon'}`, 'weapon')
  report.ignored.push('Unarmed: Disorient 1 (a quality the simulator does not model)')
  const attack = { characteristic: brawn, skill: clamp('Brawl', skill.BRAWL ?? 0, 0, 5, 'attack.skill') }
  report.computed.push(`attack: Brawn ${brawn}, Brawl ${attack.skill}`)

  const presence = clamp('Presence', ch.PR ?? 1, 1, 7, 'initiative.characteristic')
  const initiative = { characteristic: presence, skill: clamp('Cool', skill.COOL ?? 0, 0, 5, 'initiative.skill') }
  defaulted(report, `initiative: Cool (Presence ${presence}, Cool ${initiative.skill}), as in a fight both sides are ready for; Vigilance (Willpower ${ch.WIL ?? '?'}, Vigilance ${skill.VIGIL ?? 0}) when surprised`, 'initiative')

  const woundThreshold = clamp('wound threshold', woundsRaw, 1, 60, 'woundThreshold')
  let strainThreshold: number
  if (strainRaw === undefined) {
    strainThreshold = woundThreshold
    defaulted(report, `strain threshold ${woundThreshold}, the same as wounds (the file gives none)`, 'strainThreshold')
  } else strainThreshold = clamp('strain threshold', strainRaw, 1, 60, 'strainThreshold')
  const combatant: Record<string, unknown> = {
    name,
    brawn,
    attack,
    initiative,
    weapon,
    soak: clamp('soak', soakRaw ?? brawn, 0, 20, 'soak'),
    meleeDefense: clamp('melee defence', meleeRaw ?? 0, 0, 4, 'meleeDefense'),
    rangedDefense: clamp('ranged defence', rangedRaw ?? 0, 0, 4, 'rangedDefense'),
    woundThreshold,
    strainThreshold,
  }
  if (soakRaw === undefined) defaulted(report, `soak ${brawn}, his Brawn (the file gives none)`, 'soak')
  const others = xkids(xkid(root, 'Specializations'), 'CharSpecialization').length
  if (others) report.ignored.push('talents of his specializations: the simulator plays none of them (Adversary aside, which player characters do not have)')
  report.read.push(`${name}: ${Object.entries(ch).map(([k, v]) => `${CHARACTERISTICS[k]} ${v}`).join(', ')}`)
  return { system: 'genesys', format: FORMAT, combatants: [combatant], report }
}
