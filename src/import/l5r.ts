import { defaulted, emptyReport, ImportError, type ImportReport, type ImportResult } from './types'

/**
 * Legend of the Five Rings 4th Edition characters: L5R Character Manager saves (.l5r, an advancement log),
 * the web character sheet's .l5r (current values stored), and Foundry VTT l5r4 actor exports (old and new
 * data models). Read into `l5r` combatants: the simulator's agility is the book's Reflexes, its
 * attackTrait the book's Agility, its classRank the Insight Rank.
 */

type Json = Record<string, unknown>
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x)

/** L5R Character Manager's trait order in starting_traits and attrib advances. */
const TRAITS = ['stamina', 'willpower', 'reflexes', 'awareness', 'strength', 'perception', 'agility', 'intelligence'] as const
type Trait = (typeof TRAITS)[number]
const LABEL: Record<string, string> = Object.fromEntries([...TRAITS, 'void'].map((t) => [t, t[0].toUpperCase() + t.slice(1)]))

/**
 * The +1 Trait of each family of the Great Clans (L5R 4th Edition core rulebook, each clan's families:
 * Crab pp.105–106, Crane p.109, Dragon p.112, Lion p.116, Mantis p.120, then the Phoenix, Scorpion and
 * Unicorn), the Imperial families Otomo and Seppun (p.227), and the Dragon's Hitomi and Hoshi orders
 * (Imperial Histories p.214). Keyed by the family's name as L5R Character Manager spells its id after the
 * clan ("crab_hida" → hida), so a family listed under another clan (the Agasha) is found too. Used when
 * the save's log does not show the bonus itself ("Rank 3 to 4" on the first purchase); the log wins.
 */
const FAMILY_TRAIT: Record<string, Trait | 'void'> = {
  // Crab
  hida: 'strength', hiruma: 'agility', kaiu: 'intelligence', kuni: 'intelligence', toritaka: 'perception', yasuki: 'awareness',
  // Crane
  asahina: 'intelligence', daidoji: 'stamina', doji: 'awareness', kakita: 'agility',
  // Dragon
  kitsuki: 'awareness', mirumoto: 'agility', tamori: 'willpower', togashi: 'reflexes', hitomi: 'strength', hoshi: 'void',
  // Lion
  akodo: 'agility', ikoma: 'awareness', kitsu: 'intelligence', matsu: 'strength',
  // Mantis
  kitsune: 'awareness', moshi: 'intelligence', tsuruchi: 'perception', yoritomo: 'stamina',
  // Phoenix
  agasha: 'perception', asako: 'awareness', isawa: 'willpower', shiba: 'perception',
  // Scorpion
  bayushi: 'agility', shosuro: 'awareness', soshi: 'intelligence', yogo: 'willpower',
  // Unicorn
  ide: 'perception', iuchi: 'intelligence', moto: 'agility', shinjo: 'reflexes', utaku: 'stamina',
  // Imperial families
  otomo: 'intelligence', seppun: 'agility',
}

/** The family of an L5R Character Manager family id, as FAMILY_TRAIT keys it ("dragon_hoshi" → "hoshi", "togashi_order" → "togashi"). */
function familyKey(id: string): string {
  const parts = id.toLowerCase().split('_').filter(Boolean)
  return parts.find((p) => Object.hasOwn(FAMILY_TRAIT, p)) ?? parts[parts.length - 1] ?? ''
}

/** The +1 Trait of a first school (L5R 4th Edition core rulebook, the schools), as L5R Character Manager's data gives it. */
const SCHOOL_TRAIT: Record<string, Trait | 'void'> = {
  crab_hida_bushi_school: 'stamina', crab_hiruma_bushi_school: 'willpower', crab_kuni_shugenja_school: 'willpower', crab_yasuki_courtier_school: 'perception',
  crane_kakita_bushi_school: 'reflexes', crane_asahina_shugenja_school: 'awareness', crane_doji_courtier_school: 'awareness', crane_daidoji_iron_warriors: 'agility',
  dragon_mirumoto_bushi_school: 'stamina', dragon_tamori_shugenja_school: 'stamina', dragon_kitsuki_investigator_school: 'perception', dragon_togashi_tattooed_order: 'void',
  dragon_ob_hoshi_tsurui_zumi: 'void', dragon_ob_hitomi_kikage_zumi: 'reflexes',
  lion_akodo_bushi_school: 'perception', lion_kitsu_shugenja_school: 'perception', lion_ikoma_bard_school: 'intelligence', lion_matsu_berserker_school: 'strength',
  mantis_yoritomo_bushi_school: 'strength', mantis_tsuruchi_archer_school: 'reflexes', mantis_yoritomo_courtier_school: 'willpower',
  phoenix_shiba_bushi_school: 'agility', phoenix_isawa_shugenja_school: 'intelligence', phoenix_asako_loremaster_school: 'intelligence',
  scorpion_bayushi_bushi_school: 'intelligence', scorpion_soshi_shugenja_school: 'awareness', scorpion_bayushi_courtier_school: 'awareness',
  imperial_seppun_guardsman_school: 'perception', imperial_otomo_courtier_school: 'awareness', imperial_miya_herald_school: 'awareness',
}

/** Armours of the simulator by their Armor TN bonus and Reduction (L5R 4th Edition core rulebook pp.82–86). */
const ARMORS: { id: string; tn: number; rd: number; label: string }[] = [
  { id: 'ashigaru', tn: 3, rd: 1, label: 'ashigaru armor' },
  { id: 'light', tn: 5, rd: 3, label: 'light armor' },
  { id: 'heavy', tn: 10, rd: 5, label: 'heavy armor' },
  { id: 'riding', tn: 4, rd: 4, label: 'riding armor' },
]

/** Weapon skills and the weapon kind (bows shoot with the book's Reflexes). */
const BOW_SKILLS = ['kyujutsu']

const clamp = (n: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, n))
const int = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? Math.trunc(n) : undefined
}
const roll = (s: unknown): { rolled: number; kept: number } | undefined => {
  const m = /^\s*(\d+)\s*k\s*(\d+)\s*$/i.exec(String(s ?? ''))
  return m ? { rolled: Number(m[1]), kept: Number(m[2]) } : undefined
}

/** Which L5R file this is, if any: L5R Character Manager, the web sheet, or a Foundry l5r4 actor. */
export function l5rKind(json: unknown): 'l5rcm' | 'websheet' | 'foundry' | undefined {
  if (!isObj(json)) return undefined
  if (Array.isArray(json.advans) && Array.isArray(json.starting_traits)) return 'l5rcm'
  if (isObj(json.fields) && isObj(json.traits) && isObj(json.rings)) return 'websheet'
  const sys = isObj(json.system) ? json.system : isObj(json.data) ? json.data : undefined
  if (sys && isObj(sys.traits) && isObj(sys.rings) && 'sta' in sys.traits && 'ref' in sys.traits) return 'foundry'
  return undefined
}

interface Sheet {
  name: string
  traits: Record<Trait, number>
  void: number
  insight: number
  skills: Map<string, { rank: number; emphases: string[] }>
  /** `simple`: the attack is a Simple action (a Foundry NPC's attack type). */
  weapons: { name: string; skill?: string; rolled: number; kept: number; bowStrength?: number; simple?: boolean }[]
  armor?: { name: string; tn: number; rd: number }
  /** Rings a stat block gives on their own (an NPC's need not follow its Traits). */
  rings?: { earth: number; air: number }
}

const ring = (t: Record<Trait, number>) => ({ earth: Math.min(t.stamina, t.willpower), air: Math.min(t.reflexes, t.awareness), water: Math.min(t.strength, t.perception), fire: Math.min(t.agility, t.intelligence) })
const skillId = (s: string): string => s.toLowerCase().replace(/[^a-z]+/g, '_').replace(/^_|_$/g, '')

/** The combatant from a sheet of current values, with the checks and report lines every layout shares. */
function combatant(s: Sheet, format: string, report: ImportReport): ImportResult {
  const t = s.traits
  const r = ring(t)
  if (s.rings) {
    report.read.push(`Rings as the stat block gives them: Earth ${s.rings.earth}, Air ${s.rings.air}${s.rings.earth !== r.earth || s.rings.air !== r.air ? ` (its Traits would give Earth ${r.earth}, Air ${r.air})` : ''}`)
    Object.assign(r, s.rings)
  } else report.computed.push(`Rings: Earth ${r.earth} = lower of Stamina ${t.stamina} and Willpower ${t.willpower}; Air ${r.air} = lower of Reflexes ${t.reflexes} and Awareness ${t.awareness}; Water ${r.water}; Fire ${r.fire} (L5R 4th Edition core rulebook, Rings and Traits)`)
  const weapon = s.weapons.find((w) => w.kept >= 1) ?? undefined
  let skillKey: string
  let w: Json
  if (weapon) {
    const bow = BOW_SKILLS.includes(weapon.skill ?? '')
    skillKey = weapon.skill ?? (bow ? 'kyujutsu' : 'kenjutsu')
    w = { name: weapon.name.slice(0, 40), kind: bow ? 'bow' : 'melee', rolled: clamp(weapon.rolled, 0, 10), kept: clamp(weapon.kept, 1, 10) }
    if (bow) w.bowStrength = clamp(weapon.bowStrength ?? 2, 1, 10)
    if (bow && weapon.bowStrength === undefined) defaulted(report, `${weapon.name}: bow strength 2 (the file gives none)`, 'weapon.bowStrength')
    if (weapon.skill !== 'npc_attack') report.read.push(`weapon ${weapon.name}: damage ${weapon.rolled}k${weapon.kept}${weapon.skill ? `, ${weapon.skill.replace(/_/g, ' ')}` : ''}`)
  } else {
    skillKey = 'kenjutsu'
    w = { name: 'katana', kind: 'melee', rolled: 3, kept: 2 }
    defaulted(report, 'weapon: katana 3k2 with Kenjutsu (the file records no weapon)', 'weapon')
  }
  const sk = s.skills.get(skillKey)
  const attackSkill = clamp(sk?.rank ?? 0, 0, 10)
  const emphasis = attackSkill > 0 && (sk?.emphases ?? []).some((e) => String(w.name).toLowerCase().includes(e.toLowerCase()) || e.toLowerCase().includes(String(w.name).toLowerCase()))
  const defense = clamp(s.skills.get('defense')?.rank ?? 0, 0, 10)
  report.computed.push(`attack: (Agility ${t.agility} + ${skillKey === 'npc_attack' ? 'skill' : skillKey.replace(/_/g, ' ')} ${attackSkill}) k Agility ${t.agility}${emphasis ? `, Emphasis ${String(w.name)}: 1s rerolled` : ''}`)
  report.computed.push(`Armor TN ${5 + 5 * t.reflexes} before armour = 5 + 5 × Reflexes ${t.reflexes}; Initiative (Insight Rank ${s.insight} + Reflexes ${t.reflexes}) k ${t.reflexes} (L5R 4th Edition core rulebook pp.82–86)`)
  let armor = 'none'
  if (s.armor && (s.armor.tn || s.armor.rd)) {
    const a = ARMORS.find((x) => x.tn === s.armor?.tn && x.rd === s.armor.rd) ?? ARMORS.find((x) => s.armor?.name.toLowerCase().includes(x.label.split(' ')[0]))
    if (a) {
      armor = a.id
      report.read.push(`${s.armor.name || a.label}: Armor TN +${s.armor.tn}, Reduction ${s.armor.rd} (${a.label})`)
    } else report.ignored.push(`${s.armor.name || 'armor'} (Armor TN +${s.armor.tn}, Reduction ${s.armor.rd}): not one of the simulator's armours (ashigaru, light, heavy, riding)`)
  }
  const out: Json = {
    name: s.name.slice(0, 60) || 'Imported character',
    agility: clamp(t.reflexes, 1, 10),
    classRank: clamp(s.insight, 1, 10),
    attackTrait: clamp(t.agility, 1, 10),
    attackSkill,
    strength: clamp(t.strength, 1, 10),
    air: clamp(r.air, 1, 10),
    defenseSkill: defense,
    earth: clamp(r.earth, 1, 10),
    void: clamp(s.void, 1, 10),
    weapon: w,
    armor,
  }
  if (emphasis) out.emphasis = true
  // His other weapons join the list when they roll the same attack: the simulator gives one weapon skill
  // (and one Emphasis) to all of a character's weapons, so a weapon of another skill rank is left out, said why.
  const listed: Json[] = [w]
  const names = new Set([String(w.name)])
  for (const other of s.weapons) {
    if (other === weapon) continue
    const label = other.name
    if (other.kept < 1) {
      report.ignored.push(`${label}: keeps no dice`)
      continue
    }
    const bow = BOW_SKILLS.includes(other.skill ?? '')
    const key = other.skill ?? (bow ? 'kyujutsu' : 'kenjutsu')
    const o = s.skills.get(key)
    const rank = clamp(o?.rank ?? 0, 0, 10)
    const emph = rank > 0 && (o?.emphases ?? []).some((e) => other.name.toLowerCase().includes(e.toLowerCase()) || e.toLowerCase().includes(other.name.toLowerCase()))
    const skillName = (k: string): string => (k.startsWith('npc_attack') ? 'attack skill' : k.replace(/_/g, ' '))
    if (rank !== attackSkill || emph !== emphasis || (other.simple ?? false) !== (weapon?.simple ?? false)) {
      const why = rank !== attackSkill ? `its ${skillName(key)} ${rank} differs from the ${skillName(skillKey)} ${attackSkill} of his ${String(w.name)}` : emph !== emphasis ? `an Emphasis applies to ${emph ? 'it' : `his ${String(w.name)}`} and not to ${emph ? `his ${String(w.name)}` : 'it'}` : `it is ${other.simple ? 'a Simple' : 'a Complex'} action where his ${String(w.name)} is ${weapon?.simple ? 'a Simple' : 'a Complex'} one`
      report.ignored.push(`${label}: ${why}; the simulator gives one attack roll and one number of attacks a Turn to all of a character's weapons, so it is left out`)
      continue
    }
    if (listed.length >= 8) {
      report.ignored.push(`${label}: a character carries at most 8 weapons in the simulator`)
      continue
    }
    let nm = other.name.slice(0, 40) || 'weapon'
    for (let k = 2; names.has(nm) || nm === 'best'; k++) nm = `${other.name.slice(0, 35)} (${k})`
    names.add(nm)
    const x: Json = { name: nm, kind: bow ? 'bow' : 'melee', rolled: clamp(other.rolled, 0, 10), kept: clamp(other.kept, 1, 10) }
    if (bow) x.bowStrength = clamp(other.bowStrength ?? 2, 1, 10)
    if (bow && other.bowStrength === undefined) defaulted(report, `${other.name}: bow strength 2 (the file gives none)`, `weapons[${listed.length}].bowStrength`)
    if (!key.startsWith('npc_attack')) report.read.push(`weapon ${other.name}: damage ${other.rolled}k${other.kept}${other.skill ? `, ${skillName(other.skill)}` : ''}`)
    listed.push(x)
  }
  let plan: Record<string, unknown> | undefined
  if (listed.length > 1) {
    delete out.weapon
    out.weapons = listed
    plan = { using: 'best' }
    for (const d of report.defaultedFields) if (d.path.startsWith('weapon.')) d.path = `weapons[0].${d.path.slice('weapon.'.length)}`
    report.computed.push(`${listed.length} weapons (${listed.map((x) => String(x.name)).join(', ')}); his tactic uses his best against his foe: the weapon with the highest expected wounds an attack against his target as they stand (chance to hit his Armor TN × mean damage past Reduction), chosen each time he attacks and named in the log`)
  }
  if (w.kind === 'bow') {
    // a bow is shot with the book's Reflexes (this skirmish's Agility), not the attack Trait of melee
    if (listed.every((x) => x.kind === 'bow')) delete out.attackTrait
    const line = report.computed.findIndex((l) => l.startsWith('attack: (Agility'))
    if (line >= 0) report.computed[line] = `attack with the bow: (Reflexes ${t.reflexes} + ${skillKey.replace(/_/g, ' ')} ${attackSkill}) k Reflexes ${t.reflexes} (L5R 4th Edition core rulebook, ranged attacks)`
  }
  return { system: 'l5r', format, combatants: [out], report, ...(plan ? { plan } : {}) }
}

/** L5R Character Manager: traits = starting + purchases + family + first school; skills from school ranks and purchases. */
function readL5rcm(j: Json): ImportResult {
  const report = emptyReport()
  const start = (j.starting_traits as unknown[]).map((v) => int(v) ?? 2)
  const advans = (j.advans as unknown[]).filter(isObj)
  const ranks = advans.filter((a) => a.type === 'rank')
  const firstSchool = String(ranks.find((a) => int(a.school_rank) === 1 || ranks.indexOf(a) === 0)?.school ?? '')
  const family = String(j.family ?? '')
  // "crane_doji" → "Doji", "dragon_mirumoto_bushi_school" → "Mirumoto Bushi School" (the clan prefix dropped)
  const words = (id: string): string => id.replace(/^[a-z]+_/, '').replace(/^ob_/, '').split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ')
  const familyName = words(family)
  const schoolName = /school$/.test(firstSchool) ? words(firstSchool) : `${words(firstSchool)} school`
  const traits = {} as Record<Trait, number>
  const lines: string[] = []
  const bonus = (key: Trait | 'void', startValue: number, bought: Json[]): { n: number; from: string[] } => {
    const from: string[] = []
    if (FAMILY_TRAIT[familyKey(family)] === key) from.push(`${familyName} family`)
    if (SCHOOL_TRAIT[firstSchool] === key) from.push(schoolName)
    let n = from.length
    // The log names the value before each purchase ("stamina, Rank 3 to 4"): the first one shows the bonuses.
    const m = /Rank (\d+) to (\d+)/.exec(String(bought[0]?.desc ?? ''))
    if (m) {
      const logged = Number(m[1]) - startValue
      if (logged !== n) {
        from.push(`${logged > n ? 'a' : 'less'} bonus the file's log shows (${LABEL[key]} ${m[1]} before the first purchase)`)
        n = logged
      }
    }
    return { n, from }
  }
  TRAITS.forEach((key, i) => {
    const bought = advans.filter((a) => a.type === 'attrib' && int(a.attrib) === i)
    const b = bonus(key, start[i], bought)
    traits[key] = start[i] + bought.length + b.n
    lines.push(`${LABEL[key]} ${traits[key]} = ${start[i]} starting + ${bought.length} bought${b.n || b.from.length ? ` + ${b.n} (${b.from.join(', ')})` : ''}`)
  })
  const voidBought = advans.filter((a) => a.type === 'void')
  const vStart = int(j.starting_void) ?? 2
  const vb = bonus('void', vStart, voidBought)
  const voidRing = vStart + voidBought.length + vb.n
  lines.push(`Void ${voidRing} = ${vStart} starting + ${voidBought.length} bought${vb.n || vb.from.length ? ` + ${vb.n} (${vb.from.join(', ')})` : ''}`)
  report.computed.push(...lines.map((l) => `${l} (L5R Character Manager's advancement log)`))
  if (family && !Object.hasOwn(FAMILY_TRAIT, familyKey(family))) report.defaulted.push(`the ${familyName} family: its +1 Trait is not known here; only what the file's log shows was added`)
  if (firstSchool && !(firstSchool in SCHOOL_TRAIT)) report.defaulted.push(`the ${schoolName}: its +1 Trait is not known here; only what the file's log shows was added`)
  const insight = Math.max(1, ...ranks.map((a) => int(a.rank) ?? 1))
  report.computed.push(`Insight Rank ${insight}: the last rank in the log`)
  const skills = new Map<string, { rank: number; emphases: string[] }>()
  const get = (id: string) => skills.get(id) ?? (skills.set(id, { rank: 0, emphases: [] }).get(id) as { rank: number; emphases: string[] })
  for (const a of advans) {
    if (a.type === 'rank') {
      for (const s of Array.isArray(a.skills) ? a.skills : []) get(String(s)).rank++
      if (isObj(a.emphases)) for (const [s, es] of Object.entries(a.emphases)) get(s).emphases.push(...(Array.isArray(es) ? es.map(String) : []))
    } else if (a.type === 'skill') get(String(a.skill)).rank++
    else if (a.type === 'emph') get(String(a.skill)).emphases.push(String(a.text ?? ''))
  }
  const weapons = (Array.isArray(j.weapons) ? j.weapons : []).filter(isObj).flatMap((w) => {
    const dr = roll(w.dr)
    if (!dr) return []
    return [{ name: String(w.name ?? 'weapon'), skill: w.skill ? skillId(String(w.skill)) : undefined, ...dr, bowStrength: int(w.strength) }]
  })
  const a = isObj(j.armor) ? j.armor : undefined
  const armor = a ? { name: String(a.name ?? ''), tn: int(a.tn) ?? 0, rd: int(a.rd) ?? 0 } : undefined
  report.ignored.push('school techniques, merits and flaws: the simulator plays the numbers above')
  return combatant({ name: String(j.name ?? ''), traits, void: voidRing, insight, skills, weapons, armor }, 'L5R Character Manager (.l5r)', report)
}

/** The web character sheet's .l5r: current Traits, Rings, skills and derived values are stored; the derived ones are checked. */
function readWebSheet(j: Json): ImportResult {
  const report = emptyReport()
  const f = j.fields as Json
  const tr = j.traits as Json
  const traits = {} as Record<Trait, number>
  for (const k of TRAITS) {
    const v = int(tr[k])
    if (v === undefined) throw new ImportError(`the sheet has no ${LABEL[k]} (traits.${k})`)
    traits[k] = v
  }
  report.read.push(`Traits: ${TRAITS.map((k) => `${LABEL[k]} ${traits[k]}`).join(', ')}`)
  const voidRing = int((j.rings as Json).void) ?? 2
  const insight = int(f.f_insightRank) ?? 1
  report.read.push(`Void ${voidRing}, Insight Rank ${insight}`)
  const skills = new Map<string, { rank: number; emphases: string[] }>()
  for (const s of Array.isArray(j.skills) ? j.skills.filter(isObj) : []) {
    skills.set(skillId(String(s.name)), { rank: int(s.rank) ?? 0, emphases: String(s.emph ?? '').split(/[,;]/).map((e) => e.trim()).filter(Boolean) })
  }
  const weapons = (Array.isArray(j.weapons) ? j.weapons : []).filter(isObj).flatMap((w) => {
    const dr = roll(w.dr ?? w.damage)
    return dr ? [{ name: String(w.name ?? 'weapon'), skill: w.skill ? skillId(String(w.skill)) : undefined, ...dr, bowStrength: int(w.strength) }] : []
  })
  const armor = { name: String(f.f_armorName ?? ''), tn: int(f.f_armorTN) ?? 0, rd: int(f.f_armorRed) ?? 0 }
  const result = combatant({ name: String(f.f_name ?? ''), traits, void: voidRing, insight, skills, weapons, armor }, 'L5R web character sheet (.l5r)', report)
  const stored = int(f.f_baseTN)
  const tn = 5 + 5 * traits.reflexes
  if (stored !== undefined && stored !== tn) report.computed.push(`the sheet's stored base TN ${stored} differs from 5 + 5 × Reflexes = ${tn}; ${tn} used`)
  const init = `${insight + traits.reflexes}k${traits.reflexes}`
  if (f.f_initiative && String(f.f_initiative) !== init) report.computed.push(`the sheet's stored Initiative ${String(f.f_initiative)} differs from ${init}`)
  const names = (k: string) => (Array.isArray(j[k]) ? (j[k] as unknown[]).filter(isObj).map((x) => String(x.name)) : [])
  const rest = [...names('adv'), ...names('disadv'), ...names('tech')]
  if (rest.length) report.ignored.push(`advantages, disadvantages and techniques: ${rest.join(', ')}`)
  return result
}

/** A Foundry VTT l5r4 actor: traits and rings stored; an NPC's attack, damage and initiative as rolled pools. */
function readFoundry(j: Json): ImportResult {
  const report = emptyReport()
  const sys = (isObj(j.system) ? j.system : j.data) as Json
  // the old data model: snake_case fields (wound_lvl, armor.armor_tn), whether under "data" or "system"
  const old = !isObj(j.system) || 'wound_lvl' in sys || (isObj(sys.armor) && sys.armor.armorTn === undefined)
  const tr = sys.traits as Json
  const map: Record<Trait, string> = { stamina: 'sta', willpower: 'wil', reflexes: 'ref', awareness: 'awa', strength: 'str', perception: 'per', agility: 'agi', intelligence: 'int' }
  const traits = {} as Record<Trait, number>
  for (const k of TRAITS) {
    const v = int(tr[map[k]])
    if (v === undefined) throw new ImportError(`the actor has no ${LABEL[k]} (traits.${map[k]})`)
    traits[k] = v
  }
  report.read.push(`Traits: ${TRAITS.map((k) => `${LABEL[k]} ${traits[k]}`).join(', ')}`)
  const rings = sys.rings as Json
  const voidRank = int(isObj(rings.void) ? rings.void.rank : rings.void) ?? 0
  const npc = j.type === 'npc'
  const skills = new Map<string, { rank: number; emphases: string[] }>()
  for (const it of Array.isArray(j.items) ? j.items.filter(isObj) : []) {
    if (it.type !== 'skill') continue
    const d = (isObj(it.system) ? it.system : isObj(it.data) ? it.data : {}) as Json
    skills.set(skillId(String(it.name).replace(/\s*\(.*\)$/, '')), { rank: int(d.rank) ?? 0, emphases: [] })
  }
  let insight = int(sys.insight && isObj(sys.insight) ? sys.insight.rank : sys.insight) ?? 1
  const weapons: Sheet['weapons'] = []
  let attacksPerTurn = 1
  if (npc) {
    const ini = isObj(sys.initiative) ? sys.initiative : {}
    const iroll = int(ini.roll)
    if (iroll !== undefined) {
      insight = Math.max(1, iroll - traits.reflexes)
      report.computed.push(`Insight Rank ${insight} = Initiative ${iroll}k${String(ini.keep)} − Reflexes ${traits.reflexes} ((Insight Rank + Reflexes) k Reflexes)`)
    }
    const att = isObj(sys.attack1) ? sys.attack1 : {}
    const dmg = isObj(sys.damage1) ? sys.damage1 : {}
    const aroll = int(att.roll)
    const drolled = int(dmg.roll)
    const dkept = int(dmg.keep)
    if (aroll !== undefined) {
      skills.set('npc_attack', { rank: Math.max(0, aroll - traits.agility), emphases: [] })
      report.computed.push(`attack skill ${Math.max(0, aroll - traits.agility)} = Attack ${aroll}k${String(att.keep)} − Agility ${traits.agility} ((Agility + skill) k Agility)`)
      if (att.type === 'simple') {
        attacksPerTurn = 2
        report.read.push('the attack is a Simple action: 2 attacks per Turn')
      }
    }
    if (drolled !== undefined && dkept !== undefined) {
      const name = String(dmg.type || 'attack')
      weapons.push({ name, skill: 'npc_attack', rolled: Math.max(0, drolled - traits.strength), kept: dkept, simple: att.type === 'simple' })
      report.computed.push(`${name}: damage ${drolled}k${dkept} = (Strength ${traits.strength} + ${Math.max(0, drolled - traits.strength)}) k ${dkept}`)
    }
    // the second attack: a weapon of his too when it rolls the same attack as the first (see combatant)
    const att2 = isObj(sys.attack2) ? sys.attack2 : {}
    const dmg2 = isObj(sys.damage2) ? sys.damage2 : {}
    const a2 = int(att2.roll)
    const d2 = int(dmg2.roll)
    const k2 = int(dmg2.keep)
    if (a2 && d2 !== undefined && k2 !== undefined) {
      skills.set('npc_attack2', { rank: Math.max(0, a2 - traits.agility), emphases: [] })
      const name2 = String(dmg2.type || 'second attack')
      weapons.push({ name: name2, skill: 'npc_attack2', rolled: Math.max(0, d2 - traits.strength), kept: k2, simple: att2.type === 'simple' })
      report.computed.push(`${name2}: attack ${a2}k${String(att2.keep)}${att2.type === 'simple' ? ', a Simple action' : ''}, damage ${d2}k${k2} = (Strength ${traits.strength} + ${Math.max(0, d2 - traits.strength)}) k ${k2}`)
    }
  }
  const armorJ = isObj(sys.armor) ? sys.armor : {}
  const armorTn = int(armorJ.armorTn ?? armorJ.armor_tn)
  const reduction = int(armorJ.reduction) ?? 0
  const base = 5 + 5 * traits.reflexes
  const bonusTn = armorTn !== undefined ? armorTn - base : 0
  let armor: Sheet['armor']
  if (npc) {
    if (armorTn !== undefined) report.computed.push(`Armor TN ${armorTn} = 5 + 5 × Reflexes ${traits.reflexes}${bonusTn ? ` + ${bonusTn}` : ''}`)
    const kind = ARMORS.find((a) => a.tn === bonusTn && a.rd === reduction)
    if (kind) armor = { name: kind.label, tn: bonusTn, rd: reduction }
    else if (bonusTn || reduction) report.ignored.push(`natural armour (Armor TN +${bonusTn}, Reduction ${reduction}): not one of the simulator's armours (ashigaru, light, heavy, riding)`)
  } else armor = { name: '', tn: Math.max(0, bonusTn), rd: reduction }
  const woundsMax = int(isObj(sys.wounds) ? sys.wounds.max : undefined)
  if (npc && woundsMax) report.ignored.push(`the creature's own wound ranks (${woundsMax} wounds in all): the simulator counts wound ranks from Earth ${Math.min(traits.stamina, traits.willpower)} (L5R 4th Edition core rulebook p.86)`)
  if (voidRank < 1) defaulted(report, `Void Ring 1 (the file's ${voidRank} is below what the simulator takes) with no Void Points`, 'void')
  const rk = (k: string): number | undefined => int(isObj(rings[k]) ? (rings[k] as Json).rank : rings[k])
  const earth = rk('earth')
  const air = rk('air')
  const storedRings = npc && earth !== undefined && air !== undefined ? { earth: Math.max(1, earth), air: Math.max(1, air) } : undefined
  const result = combatant({ name: String(j.name ?? ''), traits, void: Math.max(1, voidRank), insight, skills, weapons, armor, rings: storedRings }, `Foundry VTT l5r4 actor (${old ? 'old' : 'new'} data model)`, report)
  const c = result.combatants[0]
  if (attacksPerTurn === 2) c.attacksPerTurn = 2
  if (voidRank < 1) c.voidPoints = 0
  return result
}

/** Reads an L5R file of the given kind (see l5rKind). */
export function readL5r(json: Json, kind: 'l5rcm' | 'websheet' | 'foundry'): ImportResult {
  const result = kind === 'l5rcm' ? readL5rcm(json) : kind === 'websheet' ? readWebSheet(json) : readFoundry(json)
  // The wound multiplier (wounds per rank after Healthy, as a multiple of Earth) is the campaign's: L5R
  // Character Manager saves it as health_multiplier, Foundry's l5r4 actor as woundsMultiplier.
  const sys = isObj(json.system) ? json.system : isObj(json.data) ? json.data : {}
  const stated = int(kind === 'l5rcm' ? json.health_multiplier : kind === 'foundry' ? sys.woundsMultiplier : undefined)
  if (stated !== undefined) {
    const m = clamp(stated, 2, 5)
    result.settings = { woundMultiplier: m }
    if (m !== stated) defaulted(result.report, `wound multiplier ×${stated} is outside what the simulator takes (×2 to ×5); ×${m} used`)
    else result.report.read.push(`wound multiplier ×${m}: each wound rank after Healthy holds Earth × ${m} wounds (L5R 4th Edition core rulebook p.86)`)
  }
  return result
}
