import { xkid, xkids, xtext, type XNode } from './source'
import { defaulted, emptyReport, ImportError, type ImportResult } from './types'

/**
 * OggDude's Star Wars character generator saves a character as XML with a <Character> root. No sample
 * file was at hand: the layout is the one public code reads it with (a C# model generated from such
 * files, another character sheet app's reader of them, which adds up the same rank parts, and the keys
 * other Star Wars tools use for skills):
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
 * numbers live in the generator's data set, not in the character file, except for a custom weapon, whose
 * <CustomWeap> carries Name, SkillKey, Damage or DamageAdd, Crit, RangeValue ("wrMedium") and
 * Qualities/Quality (Key, Count).
 */

const CHARACTERISTICS: Record<string, string> = { BR: 'Brawn', AG: 'Agility', INT: 'Intellect', CUN: 'Cunning', WIL: 'Willpower', PR: 'Presence' }
const SKILLS: Record<string, string> = {
  BRAWL: 'Brawl', MELEE: 'Melee', RANGLT: 'Ranged (Light)', RANGHVY: 'Ranged (Heavy)', RANGHV: 'Ranged (Heavy)', GUNN: 'Gunnery', LTSABER: 'Lightsaber', COOL: 'Cool', VIGIL: 'Vigilance',
}
const FORMAT = "OggDude's Star Wars character generator (XML)"

/** Combat skills by the generator's keys: the simulator's skill and the characteristic rolled with it. */
const COMBAT: Record<string, { skill: string; characteristic: 'BR' | 'AG'; label: string }> = {
  RANGLT: { skill: 'ranged-light', characteristic: 'AG', label: 'Ranged (Light)' },
  RANGHVY: { skill: 'ranged-heavy', characteristic: 'AG', label: 'Ranged (Heavy)' },
  RANGHV: { skill: 'ranged-heavy', characteristic: 'AG', label: 'Ranged (Heavy)' },
  GUNN: { skill: 'gunnery', characteristic: 'AG', label: 'Gunnery' },
  MELEE: { skill: 'melee', characteristic: 'BR', label: 'Melee' },
  BRAWL: { skill: 'brawl', characteristic: 'BR', label: 'Brawl' },
  // Lightsaber rolled as the simulator's melee check with Brawn, as for the adversaries
  LTSABER: { skill: 'melee', characteristic: 'BR', label: 'Lightsaber' },
}
/** Qualities the simulator models, by the generator's keys folded to letters: rated or not. */
const QUALITIES: Record<string, { key: string; rated: boolean; max: number }> = {
  accurate: { key: 'accurate', rated: true, max: 5 },
  inaccurate: { key: 'inaccurate', rated: true, max: 5 },
  pierce: { key: 'pierce', rated: true, max: 20 },
  breach: { key: 'breach', rated: true, max: 5 },
  vicious: { key: 'vicious', rated: true, max: 5 },
  stundamage: { key: 'stunDamage', rated: false, max: 1 },
  knockdown: { key: 'knockdown', rated: false, max: 1 },
  linked: { key: 'linked', rated: true, max: 4 },
  autofire: { key: 'autoFire', rated: false, max: 1 },
  blast: { key: 'blast', rated: true, max: 20 },
}
const BANDS = ['engaged', 'short', 'medium', 'long', 'extreme']

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
    custom: xkid(w, 'CustomWeap'),
  }))
  const ordered = [...weapons.filter((w) => w.equipped), ...weapons.filter((w) => !w.equipped)]
  const label = (w: (typeof weapons)[number]): string => (w.name ? `${w.name} (${w.key || 'custom'})` : w.key || 'custom weapon')
  // a custom weapon the simulator can use: its own numbers are in the file
  const custom = ordered.find((w) => w.custom && COMBAT[(xtext(w.custom, 'SkillKey') ?? '').trim().toUpperCase()] !== undefined)
  let weapon: Record<string, unknown>
  let combat: (typeof COMBAT)[string]
  if (custom?.custom) {
    const c = custom.custom
    combat = COMBAT[(xtext(c, 'SkillKey') ?? '').trim().toUpperCase()]
    const wName = (custom.name || (xtext(c, 'Name') ?? '').trim() || 'custom weapon').slice(0, 60)
    const damage = Number(xtext(c, 'Damage') ?? '0') || 0
    const add = Number(xtext(c, 'DamageAdd') ?? '0') || 0
    const melee = combat.skill === 'melee' || combat.skill === 'brawl'
    const crit = Number(xtext(c, 'Crit') ?? '')
    const band = (xtext(c, 'RangeValue') ?? '').trim().replace(/^wr/i, '').toLowerCase()
    weapon = { name: wName, skill: combat.skill, damage: Math.max(0, Math.min(30, damage > 0 ? damage : add)) }
    if (damage <= 0) weapon.addsBrawn = true
    if (Number.isInteger(crit) && crit >= 1 && crit <= 6) weapon.crit = crit
    else {
      weapon.crit = 6
      defaulted(report, `${wName}: Critical 6 (the file gives ${JSON.stringify(xtext(c, 'Crit') ?? '')})`, 'weapon.crit')
    }
    weapon.range = melee ? 'engaged' : BANDS.includes(band) ? band : 'long'
    if (!melee && !BANDS.includes(band)) defaulted(report, `${wName}: range Long (the file gives ${JSON.stringify(xtext(c, 'RangeValue') ?? '')})`, 'weapon.range')
    const qualities: Record<string, number | boolean> = {}
    const unknown: string[] = []
    for (const q of xkids(xkid(c, 'Qualities'), 'Quality')) {
      const key = (xtext(q, 'Key') ?? '').trim()
      const count = Number(xtext(q, 'Count') ?? '1') || 1
      const spec = QUALITIES[key.toLowerCase().replace(/[^a-z]/g, '')]
      if (!spec) unknown.push(`${key}${count > 1 ? ` ${count}` : ''}`)
      else qualities[spec.key] = spec.rated ? Math.min(spec.max, count) : true
    }
    if (Object.keys(qualities).length) weapon.qualities = qualities
    report.read.push(`weapon ${wName} (custom): ${combat.label}, damage ${damage > 0 ? damage : `+${add} (Brawn + ${add})`}, Critical ${String(weapon.crit)}, ${String(weapon.range)}`)
    if (unknown.length) report.ignored.push(`${wName}: ${unknown.join(', ')} (qualities the simulator does not model)`)
    const rest = ordered.filter((w) => w !== custom).map(label)
    if (rest.length) report.ignored.push(`other weapons ${rest.join(', ')}: each fighter uses one`)
  } else {
    combat = COMBAT.BRAWL
    const listed = ordered.map(label)
    if (listed.length) report.ignored.push(`weapons ${listed.join(', ')}: the character file names them by key, and their damage, Critical and range are in the generator's data set, not in the file; set his weapon in the editor`)
    weapon = { name: 'Unarmed', skill: 'brawl', damage: 0, addsBrawn: true, crit: 5, range: 'engaged', qualities: { knockdown: true } }
    defaulted(report, `weapon: Unarmed, Brawl, Brawn + 0, Critical 5, Knockdown (Edge of the Empire core rulebook, Brawl weapons)${listed.length ? '' : '; the file lists no weapon'}`, 'weapon')
    report.ignored.push('Unarmed: Disorient 1 (a quality the simulator does not model)')
  }
  const skillKey = Object.keys(COMBAT).find((k) => COMBAT[k] === combat) ?? 'BRAWL'
  const characteristic = combat.characteristic === 'AG' ? clamp('Agility', ch.AG ?? 1, 1, 7, 'attack.characteristic') : brawn
  const attack = { characteristic, skill: clamp(combat.label, skill[skillKey] ?? 0, 0, 5, 'attack.skill') }
  report.computed.push(`attack: ${CHARACTERISTICS[combat.characteristic]} ${characteristic}, ${combat.label} ${attack.skill}`)

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
