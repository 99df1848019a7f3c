import { xkid, xkids, xtext, type XNode } from './source'
import stockTable from '../../resources/import/swrpg-stock-weapons.json'
import { weaponSet, type Rank, type Weapon } from './swrpg-adversaries'
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
/** The generator's quality keys in the books' words (the ones the simulator plays, and the common others). */
const QUALITY_NAMES: Record<string, string> = {
  ACCURATE: 'Accurate', INACCURATE: 'Inaccurate', PIERCE: 'Pierce', BREACH: 'Breach', VICIOUS: 'Vicious', STUNDAMAGE: 'Stun Damage', KNOCKDOWN: 'Knockdown', LINKED: 'Linked', AUTOFIRE: 'Auto-fire', BLAST: 'Blast',
  LIMITEDAMMO: 'Limited Ammo', CUMBERSOME: 'Cumbersome', STUNSETTING: 'Stun Setting', DISORIENT: 'Disorient', DEFENSIVE: 'Defensive', DEFLECTION: 'Deflection', ENSNARE: 'Ensnare', BURN: 'Burn', SUNDER: 'Sunder', STUN: 'Stun', UNWIELDY: 'Unwieldy', CONCUSSIVE: 'Concussive', GUIDED: 'Guided', PREPARE: 'Prepare', SLOWFIRING: 'Slow-Firing', INFERIOR: 'Inferior', SUPERIOR: 'Superior', ION: 'Ion', CORTOSIS: 'Cortosis', TRACTOR: 'Tractor',
}
/** Qualities whose rating is said even when it is 1 ("Pierce 1"). */
const RATED = new Set(['ACCURATE', 'INACCURATE', 'PIERCE', 'BREACH', 'VICIOUS', 'LINKED', 'BLAST', 'LIMITEDAMMO', 'CUMBERSOME', 'DISORIENT', 'DEFENSIVE', 'DEFLECTION', 'ENSNARE', 'BURN', 'STUN', 'UNWIELDY', 'CONCUSSIVE', 'GUIDED', 'PREPARE', 'SLOWFIRING'])
/** A skill's name folded as the weapon builder folds it ("Ranged (Light)" → "ranged light"). */
const skillFold = (x: string): string => x.toLowerCase().replace(/[^a-z]+/g, ' ').trim()

/** The shipped table of common stock weapons, by the generator's item key (resources/import/MANIFEST.md). */
const STOCK = new Map(
  (stockTable.weapons as { key: string; name: string; skill: string; damage?: number; 'plus-damage'?: number; critical?: number | null; range?: string; qualities?: string[] }[]).map((w) => [
    w.key,
    { name: w.name, skill: w.skill, damage: w.damage, plusDamage: w['plus-damage'], critical: w.critical ?? null, range: w.range, qualities: w.qualities ?? [] },
  ]),
)


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

  // His weapons: a custom one carries its own numbers; a stock one is only named by its key, and its
  // numbers are in the generator's data set: the common ones are in the shipped table of stock weapons.
  // Every one he can use goes in his list (his plan takes his best against his foe); none: Unarmed, with
  // Brawl (Edge of the Empire core rulebook, Brawl weapons: Unarmed, +0, Critical 5, Engaged, Disorient 1,
  // Knockdown), until the GM sets his weapon in the editor.
  const weapons = xkids(xkid(root, 'Weapons'), 'CharWeapon').map((w) => ({
    key: (xtext(w, 'ItemKey') ?? '').trim(),
    name: (xtext(w, 'Rename') ?? '').trim(),
    equipped: /^true$/i.test((xtext(w, 'Equipped') ?? '').trim()),
    custom: xkid(w, 'CustomWeap'),
  }))
  const ordered = [...weapons.filter((w) => w.equipped), ...weapons.filter((w) => !w.equipped)]
  const label = (w: (typeof weapons)[number]): string => (w.name ? `${w.name} (${w.key || 'custom'})` : w.key || 'custom weapon')
  const usable: Weapon[] = []
  const unknown: string[] = []
  for (const w of ordered) {
    if (w.custom) {
      const c = w.custom
      const combat = COMBAT[(xtext(c, 'SkillKey') ?? '').trim().toUpperCase()]
      if (!combat) {
        report.ignored.push(`${label(w)}: a custom weapon of a skill the simulator does not play (${(xtext(c, 'SkillKey') ?? '').trim() || 'none given'})`)
        continue
      }
      const damage = Number(xtext(c, 'Damage') ?? '0') || 0
      const add = Number(xtext(c, 'DamageAdd') ?? '0') || 0
      const crit = Number(xtext(c, 'Crit') ?? '')
      const band = (xtext(c, 'RangeValue') ?? '').trim().replace(/^wr/i, '')
      const qualities = xkids(xkid(c, 'Qualities'), 'Quality').map((q) => {
        const key = (xtext(q, 'Key') ?? '').trim().toUpperCase()
        const count = Number(xtext(q, 'Count') ?? '') || 0
        return `${QUALITY_NAMES[key] ?? key}${count > 1 || (count === 1 && RATED.has(key)) ? ` ${count}` : ''}`
      })
      const wName = (w.name || (xtext(c, 'Name') ?? '').trim() || 'custom weapon').slice(0, 60)
      usable.push({ name: wName, skill: combat.label, ...(damage > 0 ? { damage } : { plusDamage: Math.min(30, add) }), critical: Number.isInteger(crit) && crit >= 1 && crit <= 6 ? crit : null, range: band || undefined, qualities, fromTable: false })
      report.read.push(`${wName}: a custom weapon, its numbers in the file`)
      continue
    }
    const stock = STOCK.get(w.key.toUpperCase())
    if (!stock) {
      unknown.push(label(w))
      continue
    }
    usable.push({ ...stock, name: (w.name || stock.name).slice(0, 60), qualities: [...stock.qualities], fromTable: false })
    report.read.push(`${w.name || stock.name}: the stock ${stock.name} (${w.key}), its numbers from the shipped table of common stock weapons`)
  }
  if (unknown.length) {
    const one = unknown.length === 1
    report.ignored.push(`${one ? 'weapon' : 'weapons'} ${unknown.join(', ')}: the character file names ${one ? 'it' : 'them'} by key, and ${one ? 'its' : 'their'} damage, Critical and range are in the generator's data set, not in the file nor in the shipped table of common stock weapons; set ${one ? 'it' : 'them'} in the editor`)
  }
  if (!usable.length) {
    usable.push({ name: 'Unarmed', skill: 'Brawl', plusDamage: 0, critical: 5, range: 'Engaged', qualities: ['Disorient 1', 'Knockdown'], fromTable: false })
    defaulted(report, `weapon: Unarmed, Brawl, Brawn + 0, Critical 5, Knockdown (Edge of the Empire core rulebook, Brawl weapons)${ordered.length ? '' : '; the file lists no weapon'}`, 'weapon')
  }
  const agility = clamp('Agility', ch.AG ?? 1, 1, 7, 'attack.characteristic')
  const rank: Rank = (folded) => {
    const key = Object.keys(COMBAT).find((k) => skillFold(COMBAT[k].label) === folded)
    const v = key === undefined ? undefined : skill[key]
    return { value: clamp(key ? COMBAT[key].label : folded, v ?? 0, 0, 5, 'attack.skill'), known: (v ?? 0) > 0 }
  }
  const set = weaponSet(usable, name, { Brawn: brawn, Agility: agility }, rank, false, report)

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
    attack: set.attack,
    initiative,
    ...set.fields,
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
  return { system: 'genesys', format: FORMAT, combatants: [combatant], report, ...(set.plan ? { plan: set.plan } : {}) }
}
