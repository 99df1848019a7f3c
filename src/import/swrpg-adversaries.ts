import type { Library, LibraryEntry, TakeOptions } from './library'
import { defaulted, emptyReport, ImportError, type ImportReport, type ImportResult } from './types'

/**
 * Star Wars Roleplaying Game adversary stat blocks (the sw-adversaries JSON dataset): an array of
 * Minions, Rivals and Nemeses with characteristics, derived soak/wounds/strain/defence, skills, talents
 * and weapons; a weapon is either inline or a name looked up in the dataset's weapon table. Read into
 * `genesys` combatants, one entry at a time.
 */

type Json = Record<string, unknown>
const FORMAT = 'Star Wars adversary stat blocks (JSON)'
const KINDS = ['Minion', 'Rival', 'Nemesis']
const CHARACTERISTICS = ['Brawn', 'Agility', 'Intellect', 'Cunning', 'Willpower', 'Presence']

const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x)

/** An adversary dataset: a non-empty array whose entries have a name, a Minion/Rival/Nemesis type and characteristics. */
export function isAdversaryDataset(json: unknown): json is Json[] {
  return Array.isArray(json) && json.length > 0 && json.every((a) => isObj(a) && typeof a.name === 'string' && KINDS.includes(String(a.type)) && isObj(a.characteristics))
}

/** The weapon table that goes with it: named weapons with a skill and a Critical rating, no characteristics. */
export function isWeaponTable(json: unknown): json is Json[] {
  return Array.isArray(json) && json.length > 0 && json.every((w) => isObj(w) && typeof w.name === 'string' && typeof w.skill === 'string' && 'critical' in w && !('characteristics' in w))
}

/** A skill name as the stat blocks spell it ("Ranged: Light", "Ranged (Light)", "Ranged,Light") folded to one key. */
const skillKey = (s: string): string => s.toLowerCase().replace(/[^a-z]+/g, ' ').trim()

/** Combat skills the simulator models, and the characteristic each rolls (Edge of the Empire core rulebook pp.26-29, the skill list). */
const COMBAT: Record<string, { skill: 'ranged-light' | 'ranged-heavy' | 'gunnery' | 'melee' | 'brawl'; characteristic: 'Agility' | 'Brawn'; label: string }> = {
  'ranged light': { skill: 'ranged-light', characteristic: 'Agility', label: 'Ranged (Light)' },
  'ranged heavy': { skill: 'ranged-heavy', characteristic: 'Agility', label: 'Ranged (Heavy)' },
  gunnery: { skill: 'gunnery', characteristic: 'Agility', label: 'Gunnery' },
  melee: { skill: 'melee', characteristic: 'Brawn', label: 'Melee' },
  brawl: { skill: 'brawl', characteristic: 'Brawn', label: 'Brawl' },
  // Lightsaber is a melee skill rolled with Brawn (Force and Destiny core rulebook); the simulator's melee check.
  lightsaber: { skill: 'melee', characteristic: 'Brawn', label: 'Lightsaber' },
}

/** Weapon qualities the simulator models, by folded name: rated or not. */
const QUALITIES: Record<string, { key: string; rated: boolean }> = {
  accurate: { key: 'accurate', rated: true },
  inaccurate: { key: 'inaccurate', rated: true },
  pierce: { key: 'pierce', rated: true },
  breach: { key: 'breach', rated: true },
  vicious: { key: 'vicious', rated: true },
  'stun damage': { key: 'stunDamage', rated: false },
  knockdown: { key: 'knockdown', rated: false },
  linked: { key: 'linked', rated: true },
  'auto fire': { key: 'autoFire', rated: false },
  blast: { key: 'blast', rated: true },
}
const QUALITY_MAX: Record<string, number> = { accurate: 5, inaccurate: 5, pierce: 20, breach: 5, vicious: 5, linked: 4, blast: 20 }

/** Most weapons one fighter lists (the scenario's limit). */
const MAX_WEAPONS = 8

const BANDS: Record<string, string> = { engaged: 'engaged', short: 'short', medium: 'medium', long: 'long', extreme: 'extreme' }

export interface Weapon {
  name: string
  skill: string
  damage?: number
  plusDamage?: number
  critical?: number | null
  range?: string
  qualities: string[]
  fromTable: boolean
}

function readWeapon(w: unknown, table: Map<string, Json>): Weapon | string {
  let src: Json | undefined
  let fromTable = false
  if (typeof w === 'string') {
    src = table.get(w.toLowerCase())
    fromTable = true
    if (!src) return w
  } else if (isObj(w)) src = w
  else return String(w)
  const n = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined)
  return {
    name: String(src.name ?? 'weapon'),
    skill: String(src.skill ?? ''),
    damage: n(src.damage),
    plusDamage: n(src['plus-damage']),
    critical: src.critical === null ? null : n(src.critical),
    range: typeof src.range === 'string' ? src.range : undefined,
    qualities: Array.isArray(src.qualities) ? src.qualities.map(String) : [],
    fromTable,
  }
}

const rankOf = (text: string): { name: string; rank: number | undefined } => {
  const m = /^(.*?)\s*(\d+)?\s*$/.exec(text.trim())
  return { name: (m?.[1] ?? text).trim(), rank: m?.[2] === undefined ? undefined : Number(m[2]) }
}

function summary(a: Json): string {
  const c = a.characteristics as Json
  const d = (isObj(a.derived) ? a.derived : {}) as Json
  const chars = ['Br', 'Ag', 'Int', 'Cun', 'Will', 'Pr'].map((abbr, i) => `${abbr} ${String(c[CHARACTERISTICS[i]] ?? '?')}`).join(' ')
  const weapons = Array.isArray(a.weapons) ? a.weapons.map((w) => (typeof w === 'string' ? w : isObj(w) ? String(w.name) : '?')) : []
  const strain = d.strain === undefined ? '' : `, strain ${String(d.strain)}`
  return `${chars}; soak ${String(d.soak ?? '?')}, wounds ${String(d.wounds ?? '?')}${strain}${weapons.length ? `; ${weapons.join(', ')}` : '; no weapons'}`
}

/** The adversary dataset as a library; `tables` are weapon tables whose names resolve string weapons. */
export function adversaryLibrary(data: Json[], tables: Json[][]): Library {
  const table = new Map<string, Json>()
  for (const t of tables) for (const w of t) table.set(String(w.name).toLowerCase(), w)
  const byEntry = new Map<LibraryEntry, Json>()
  const entries = data.map((a) => {
    const tags = Array.isArray(a.tags) ? a.tags.map(String) : []
    const e: LibraryEntry = { name: String(a.name), kind: String(a.type), summary: summary(a), tags }
    byEntry.set(e, a)
    return e
  })
  return {
    system: 'genesys',
    format: FORMAT,
    entries,
    take: (entry, options) => {
      const a = byEntry.get(entry)
      if (!a) throw new ImportError(`${entry.name} is not in this library`)
      return adversary(a, table, tables.length > 0, options ?? {})
    },
  }
}

/** One adversary as a `genesys` combatant, with the report of what was read, computed, defaulted and ignored. */
export function adversary(a: Json, table: Map<string, Json>, haveTable: boolean, options: TakeOptions): ImportResult {
  const report: ImportReport = emptyReport()
  const name = String(a.name).slice(0, 60)
  const kind = String(a.type)
  const c = a.characteristics as Json
  const d = (isObj(a.derived) ? a.derived : {}) as Json
  const stat = (key: string): number => {
    const v = c[key]
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new ImportError(`${name}: ${key} is ${JSON.stringify(v)}, not a whole number`)
    return v
  }
  const ch: Record<string, number> = {}
  for (const k of CHARACTERISTICS) ch[k] = stat(k)
  report.read.push(`${kind}: ${CHARACTERISTICS.map((k) => `${k} ${ch[k]}`).join(', ')}`)
  for (const k of ['Brawn', 'Agility', 'Presence'] as const) {
    if (ch[k] < 1 || ch[k] > 7) throw new ImportError(`${name}: ${k} ${ch[k]} is outside what the simulator takes (1–7)`)
  }

  // Skills: ranks for Rivals and Nemeses; a Minion lists group skills only, whose rank is the group size − 1
  // (Edge of the Empire core rulebook, adversaries: minions).
  const minion = kind === 'Minion'
  const ranks = new Map<string, number>()
  const skillsRaw = a.skills
  if (Array.isArray(skillsRaw)) for (const s of skillsRaw) ranks.set(skillKey(String(s)), 0)
  else if (isObj(skillsRaw)) for (const [s, r] of Object.entries(skillsRaw)) ranks.set(skillKey(s), typeof r === 'number' ? r : 0)
  let group = 1
  if (minion) {
    group = options.group ?? 1
    if (!Number.isInteger(group) || group < 1 || group > 10) throw new ImportError(`a minion group must be 1–10 minions, got ${String(options.group)}`)
    if (options.group === undefined) defaulted(report, 'a group of 1 minion (choose how many fight together: --group N, up to 10)', 'minions')
    else report.read.push(`a group of ${group} minions`)
  }
  const groupRank = Math.min(5, group - 1)
  const rank = (key: string): { value: number; known: boolean } => {
    if (!ranks.has(key)) return { value: 0, known: false }
    return { value: minion ? groupRank : Math.min(5, ranks.get(key) ?? 0), known: true }
  }

  // Weapons: every one the simulator can fire goes in his list (a stat block lists them in no order of use);
  // with two or more his plan takes his best against his foe each time he attacks.
  const weapons = (Array.isArray(a.weapons) ? a.weapons : []).map((w) => readWeapon(w, table))
  const unresolved = weapons.filter((w): w is string => typeof w === 'string')
  let usable = weapons.filter((w): w is Weapon => typeof w !== 'string' && COMBAT[skillKey(w.skill)] !== undefined && (w.damage !== undefined || w.plusDamage !== undefined))
  if (!usable.length && weapons.length === 0) {
    // A stat block with no weapon fights unarmed, with Brawl (Edge of the Empire core rulebook, Brawl
    // weapons: Unarmed, +0, Critical 5, Engaged, Disorient 1, Knockdown), marked as a default.
    usable = [{ name: 'Unarmed', skill: 'Brawl', plusDamage: 0, critical: 5, range: 'Engaged', qualities: ['Disorient 1', 'Knockdown'], fromTable: false }]
    defaulted(report, 'weapon: Unarmed, Brawl, Brawn + 0, Critical 5, Engaged, Disorient 1, Knockdown (Edge of the Empire core rulebook, Brawl weapons); the stat block lists no weapon', 'weapon')
  }
  if (!usable.length) {
    if (unresolved.length) {
      throw new ImportError(
        haveTable
          ? `${name}: the weapon table has no ${unresolved.map((w) => JSON.stringify(w)).join(', ')}`
          : `${name}'s weapons (${unresolved.join(', ')}) are named, and their numbers are in the dataset's weapon table: give that file too (for example swa_weapons_reference.json)`,
      )
    }
    throw new ImportError(`${name} has no weapon the simulator can use (${weapons.length ? weapons.map((w) => (typeof w === 'string' ? w : `${w.name}, ${w.skill}`)).join('; ') : 'the stat block lists none'}); a weapon can be given in the editor`)
  }
  const set = weaponSet(usable, name, ch, rank, minion, report)
  for (const w of weapons) {
    if (typeof w === 'string') report.ignored.push(`${w}: not in the weapon table`)
    else if (!usable.includes(w)) report.ignored.push(`${w.name} (${w.skill}): not a combat skill the simulator plays, or no damage given`)
  }
  usable = set.usable
  const { built, many, attack } = set
  if (minion) {
    built.forEach((b, i) => {
      const skillRank = rank(skillKey(usable[i].skill))
      const what = many ? `${b.combat.label} (${String(b.weapon.name)})` : b.combat.label
      report.computed.push(
        skillRank.known
          ? `${what}: group skill, rank = minions standing − 1 (${groupRank} with ${group}), with ${b.combat.characteristic} ${b.attack.characteristic} (Edge of the Empire core rulebook, adversaries: minions)`
          : `${what}: not a group skill of this minion, yet the simulator gives a group rank = minions standing − 1 on its attacks; with ${b.combat.characteristic} ${b.attack.characteristic}`,
      )
      if (!skillRank.known && group > 1) report.ignored.push(`${what} is not among the minion's group skills: it should roll unskilled, the simulator counts the group's size`)
    })
  }
  const weaponFields = set.fields

  const cool = rank('cool')
  const initiative = { characteristic: ch.Presence, skill: cool.value }
  defaulted(report, `initiative: Cool (Presence ${ch.Presence}, Cool ${cool.value}), as in a fight both sides are ready for; Vigilance (Willpower) when surprised`, 'initiative')

  const soak = Number(d.soak)
  const wounds = Number(d.wounds)
  if (!Number.isInteger(soak) || soak < 0 || soak > 20) throw new ImportError(`${name}: soak ${JSON.stringify(d.soak)} is outside what the simulator takes (0–20)`)
  if (!Number.isInteger(wounds) || wounds < 1 || wounds > 60) throw new ImportError(`${name}: wound threshold ${JSON.stringify(d.wounds)} is outside what the simulator takes (1–60)`)
  report.read.push(`soak ${soak}, wound threshold ${wounds}${minion ? ' per minion' : ''}`)
  let strain = wounds
  if (kind === 'Nemesis') {
    if (typeof d.strain === 'number' && d.strain >= 1 && d.strain <= 60) {
      strain = d.strain
      report.read.push(`strain threshold ${strain}`)
    } else defaulted(report, `strain threshold ${strain}, the same as wounds (the stat block gives none)`, 'strainThreshold')
  } else report.read.push(`${kind}: no strain threshold, strain is suffered as wounds (Edge of the Empire core rulebook, adversaries)`)
  const defence = Array.isArray(d.defence) ? d.defence.map(Number) : [0, 0]
  const meleeDefense = Math.max(0, Math.min(4, defence[0] || 0))
  const rangedDefense = Math.max(0, Math.min(4, defence[1] || 0))
  if (Array.isArray(d.defence)) report.read.push(`defence: melee ${meleeDefense}, ranged ${rangedDefense}`)

  let adversaryRank = 0
  // a talent or ability is a name, or an object with its name and description ("Force Power: Move")
  const talents = [...(Array.isArray(a.talents) ? a.talents : []), ...(Array.isArray(a.abilities) ? a.abilities : [])].map((t) => (isObj(t) ? String(t.name ?? 'an unnamed ability') : String(t)))
  const others: string[] = []
  for (const t of talents) {
    const { name: tn, rank: tr } = rankOf(t)
    if (/^adversary$/i.test(tn)) adversaryRank = Math.min(5, tr ?? 1)
    else others.push(t)
  }
  if (adversaryRank) report.read.push(`Adversary ${adversaryRank}: attacks against him are upgraded ${adversaryRank} time${adversaryRank > 1 ? 's' : ''}`)
  if (others.length) report.ignored.push(`talents and abilities: ${others.join('; ')}`)
  const gear = Array.isArray(a.gear) ? a.gear.map(String) : []
  if (gear.length) report.ignored.push(`gear (soak and defence are already in the stat block): ${gear.join('; ')}`)

  const combatant: Json = { name, npc: true, brawn: ch.Brawn, attack, initiative, ...weaponFields, soak, meleeDefense, rangedDefense, woundThreshold: wounds, strainThreshold: strain }
  if (kind === 'Rival') combatant.rival = true
  if (minion) combatant.minions = group
  if (adversaryRank) combatant.adversary = adversaryRank
  return { system: 'genesys', format: FORMAT, combatants: [combatant], report, ...(set.plan ? { plan: set.plan } : {}) }
}

export type Rank = (key: string) => { value: number; known: boolean }

/**
 * A fighter's weapons as the scenario takes them: every usable one in his list (his plan then takes his best
 * against his foe each time he attacks), the fighter's attack dice from the first, and each other weapon's own
 * dice where its skill differs. Left out beside any other weapon he can use, as the simulator would play them
 * wrong, each with the reason: Limited Ammo (a grenade's single throw; the simulator counts no ammunition, so
 * he would throw it every turn), and Cumbersome above his Brawn (each point short makes every check with it
 * one difficulty harder, which the simulator does not play; Edge of the Empire core rulebook, item qualities).
 */
export function weaponSet(all: Weapon[], name: string, ch: Record<string, number>, rank: Rank, minion: boolean, report: ImportReport) {
  const unplayable = (w: Weapon): string | undefined => {
    const ammo = w.qualities.find((q) => /^limited\s*ammo/i.test(q.trim()))
    if (ammo) return `${ammo}, a weapon of few uses; the simulator counts no ammunition and would use it every turn, so it is left out`
    const heavy = w.qualities.map(rankOf).find((q) => /^cumbersome$/i.test(q.name))
    if (heavy?.rank !== undefined && heavy.rank > ch.Brawn) return `Cumbersome ${heavy.rank} against his Brawn ${ch.Brawn}: each point short makes every check with it one difficulty harder, which the simulator does not play, so it is left out`
    return undefined
  }
  let usable = all
  const lasting = usable.filter((w) => unplayable(w) === undefined)
  if (lasting.length && lasting.length < usable.length) {
    for (const w of usable) if (unplayable(w) !== undefined) report.ignored.push(`${w.name} (${w.skill}): ${String(unplayable(w))}`)
    usable = lasting
  }
  if (usable.length > MAX_WEAPONS) {
    for (const w of usable.slice(MAX_WEAPONS)) report.ignored.push(`${w.name} (${w.skill}): a fighter carries at most ${MAX_WEAPONS} weapons in the simulator; the first ${MAX_WEAPONS} listed are his`)
    usable = usable.slice(0, MAX_WEAPONS)
  }
  const many = usable.length > 1
  const taken = new Set<string>()
  const built = usable.map((w, i) => {
    let wName = w.name.slice(0, 60)
    for (let k = 2; taken.has(wName) || wName === 'best'; k++) wName = `${w.name.slice(0, 55)} (${k})`
    taken.add(wName)
    return buildWeapon(w, wName, many ? `weapons[${i}]` : 'weapon', name, ch, rank, minion, report)
  })
  const attack = built[0].attack
  let fields: Json
  if (many) {
    fields = {
      weapons: built.map((b) => {
        const same = b.attack.characteristic === attack.characteristic && b.attack.skill === attack.skill
        return { ...b.weapon, ...(same ? {} : { attack: b.attack }) }
      }),
    }
    report.computed.push(
      `${built.length} weapons (${built.map((b) => String(b.weapon.name)).join(', ')}); his plan uses his best against his foe: the weapon with the highest expected damage an attack against his target where they stand (chance to hit × mean damage past soak), a weapon that cannot reach him there left out, chosen each time he attacks and named in the trace`,
    )
  } else fields = { weapon: built[0].weapon }
  return { usable, built, many, attack, fields, plan: many ? { using: 'best' } : undefined }
}

/**
 * One weapon as the scenario's weapon (`path` is where it goes: `weapon` or `weapons[i]`), with its report
 * lines, and the dice of its skill (characteristic and rank; a minion's rank is the group's).
 */
function buildWeapon(chosen: Weapon, wName: string, path: string, name: string, ch: Record<string, number>, rank: Rank, minion: boolean, report: ImportReport): { weapon: Json; combat: (typeof COMBAT)[string]; attack: { characteristic: number; skill: number } } {
  const combat = COMBAT[skillKey(chosen.skill)]
  const melee = combat.skill === 'melee' || combat.skill === 'brawl'
  const skillRank = rank(skillKey(chosen.skill))
  const weapon: Json = { name: wName, skill: combat.skill }
  const src = chosen.fromTable ? ' (weapon table)' : ''
  if (chosen.plusDamage !== undefined) {
    weapon.damage = chosen.plusDamage
    weapon.addsBrawn = true
  } else weapon.damage = chosen.damage
  if ((weapon.damage as number) < 0 || (weapon.damage as number) > 30) throw new ImportError(`${name}: ${chosen.name} damage ${String(weapon.damage)} is outside what the simulator takes (0–30)`)
  const qualities: Record<string, number | boolean> = {}
  const ignoredQualities: string[] = []
  for (const q of chosen.qualities) {
    const { name: qn, rank: qr } = rankOf(q)
    const spec = QUALITIES[skillKey(qn)]
    if (!spec) {
      ignoredQualities.push(q)
      continue
    }
    if (spec.rated) qualities[spec.key] = Math.min(QUALITY_MAX[spec.key], (Number(qualities[spec.key]) || 0) + (qr ?? 1))
    else qualities[spec.key] = true
  }
  if (typeof chosen.critical === 'number') {
    if (chosen.critical < 1 || chosen.critical > 6) throw new ImportError(`${name}: ${chosen.name} Critical ${chosen.critical} is outside what the simulator takes (1–6)`)
    weapon.crit = chosen.critical
  } else {
    weapon.crit = 6
    defaulted(
      report,
      qualities.stunDamage
        ? `${chosen.name}: Critical 6 (the stat block gives none; a Stun Damage weapon inflicts no Critical Injury anyway)`
        : `${chosen.name}: Critical 6 (the stat block gives none, "—"; in the simulator a Triumph or 6 advantage still inflicts one)`,
      `${path}.crit`,
    )
  }
  weapon.range = melee ? 'engaged' : (BANDS[String(chosen.range).toLowerCase()] ?? 'long')
  if (!melee && !BANDS[String(chosen.range).toLowerCase()]) defaulted(report, `${chosen.name}: range Long (the stat block gives ${JSON.stringify(chosen.range)})`, `${path}.range`)
  if (Object.keys(qualities).length) weapon.qualities = qualities
  const dmgText = chosen.plusDamage !== undefined ? `damage +${chosen.plusDamage} (Brawn + ${chosen.plusDamage})` : `damage ${String(chosen.damage)}`
  report.read.push(
    `weapon ${chosen.name}${src}: ${combat.label === 'Lightsaber' ? 'Lightsaber' : chosen.skill}, ${dmgText}, Critical ${chosen.critical ?? '—'}, ${chosen.range ?? 'no range'}${chosen.qualities.length ? `, ${chosen.qualities.join(', ')}` : ''}`,
  )
  if (ignoredQualities.length) report.ignored.push(`${chosen.name}: ${ignoredQualities.join(', ')} (qualities the simulator does not model)`)
  if (combat.label === 'Lightsaber') report.computed.push(`Lightsaber rolled as a Melee check with Brawn (the simulator's melee attack: Average difficulty, engaged, melee defence)`)
  const attack = { characteristic: ch[combat.characteristic], skill: skillRank.value }
  if (!minion) report.computed.push(`${path === 'weapon' ? 'attack' : `attack with ${wName}`}: ${combat.characteristic} ${attack.characteristic}, ${combat.label} ${skillRank.value}${skillRank.known ? '' : ' (not listed: unskilled)'}`)
  return { weapon, combat, attack }
}
