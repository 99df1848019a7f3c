import { DAMAGE_TYPES, MAX_TABLE_ST, swing, thrust } from '../engine/systems/gurps-common/basic-damage'
import { defaulted, emptyReport, ImportError, type ImportReport, type ImportResult } from './types'

/**
 * A GURPS character as GURPS Character Sheet stores it, the same for its JSON (GCS 5) and XML (GCS 4)
 * files: attributes as bought, traits and equipment with their features, skills as points.
 */
export interface Match {
  compare: string
  qualifier: string
}
export type Feature =
  | { type: 'attribute'; attribute: string; amount: number; perLevel: boolean; limitation?: string }
  | { type: 'skill'; name?: Match; specialization?: Match; amount: number; perLevel: boolean }
  | { type: 'dr'; locations: string[]; amount: number; perLevel: boolean; specialization?: string }
  | { type: 'weapon'; selection: string; name?: Match; specialization?: Match; level?: { compare: string; qualifier: number }; amount: number; perDie: boolean; perLevel: boolean }
  | { type: 'other'; what: string }
export interface Default {
  type: string
  name?: string
  specialization?: string
  modifier: number
}
export interface Weapon {
  owner: string
  usage: string
  melee: boolean
  /** `leveled`: the base is per-level dice times the trait's levels (an Innate Attack's 1d a level). */
  damage: { type: string; st: string; base: string; extra?: string; leveled?: { per: string; levels: number }; perDie?: number }
  reach: string
  parry: string
  range: string
  defaults: Default[]
  cachedLevel?: number
  /** GCS's cached damage ("3d+1 cut"), a check only. */
  cachedDamage?: string
  /** GCS's cached Parry with this weapon ("13F", with every bonus), a check only. */
  cachedParry?: string
  /** The level a builder that stores computed levels gives (GCA, Foundry), used as it is. */
  storedLevel?: { level: number; from: string }
  /** A ranged weapon's Shots ("6(3i)") and Acc ("2"), as the weapon table writes them. */
  shots?: string
  accuracy?: string
}
export interface Trait {
  name: string
  levels: number
  features: Feature[]
  weapons: Weapon[]
  /** The Limited modifier's note (GURPS Basic Set p.B46): his DR from it counts only against that ("Fire"). */
  limited?: string
  /** The enabled modifiers of a trait with an attack (an Innate Attack's Cone, Costs Fatigue), and whether each has features GCS applies. */
  modifiers?: { name: string; features: boolean }[]
}
export interface Skill {
  name: string
  specialization: string
  attribute: string
  difficulty: string
  points: number
  technique: boolean
  cachedLevel?: number
  /** Level from the best default when no points are spent (GCS's "defaulted_from"). */
  defaultLevel?: number
  /** Its own features: a weapon bonus such as Brawling's +1 per die at DX+2 (GURPS Basic Set p.B182). */
  features?: Feature[]
}
export interface Equipment {
  name: string
  features: Feature[]
  weapons: Weapon[]
}
export interface GcsCharacter {
  format: string
  name: string
  st: number
  dx: number
  iq: number
  ht: number
  hpAdj: number
  willAdj: number
  perAdj: number
  speedAdj: number
  moveAdj: number
  cached: Partial<Record<'st' | 'dx' | 'ht' | 'hp' | 'basic_speed' | 'basic_move', number>>
  traits: Trait[]
  skills: Skill[]
  equipment: Equipment[]
  /**
   * The file stores skill levels its builder computed with every bonus (GURPS Character Assistant,
   * Foundry VTT): they are read as they are, not recomputed.
   */
  storedLevels?: boolean
  /** Pounds carried and Basic Lift in pounds (GCS 5): his encumbrance level (GURPS Basic Set p.B17). */
  carried?: { weight: number; basicLift: number }
  /** Move and Dodge at each encumbrance level, None to Extra-Heavy, as GCS 5 stores them (a check). */
  storedMove?: number[]
  storedDodge?: number[]
  /** The campaign's damage options GCS 5 stores: the thrust/swing progression and Modifying Dice + Adds. */
  damageRules?: { progression: string; modifyingDice: boolean }
  /** The encumbrance level the file marks as his (Fantasy Grounds' export), 0 None to 4 Extra-Heavy, when it gives no weights. */
  storedEncumbrance?: number
}

const DIFFICULTY: Record<string, [number, string]> = { e: [0, 'Easy'], a: [-1, 'Average'], h: [-2, 'Hard'], vh: [-3, 'Very Hard'], w: [-3, 'Wildcard'] }

const matches = (m: Match | undefined, value: string): boolean => {
  if (m === undefined) return true
  const v = value.toLowerCase()
  const q = m.qualifier.toLowerCase()
  switch (m.compare.replace(/ /g, '_')) {
    case 'is_anything':
    case 'any':
      return true
    case 'is':
      return v === q
    case 'is_not':
      return v !== q
    case 'contains':
      return v.includes(q)
    case 'does_not_contain':
      return !v.includes(q)
    case 'starts_with':
      return v.startsWith(q)
    case 'does_not_start_with':
      return !v.startsWith(q)
    case 'ends_with':
      return v.endsWith(q)
    case 'does_not_end_with':
      return !v.endsWith(q)
    default:
      return false
  }
}

const signed = (n: number): string => (n < 0 ? `− ${-n}` : `+ ${n}`)
const skillName = (s: { name: string; specialization: string }): string => (s.specialization ? `${s.name} (${s.specialization})` : s.name)

/** Every feature of the character with its multiplier (trait levels for per-level features) and where it comes from. */
function allFeatures(c: GcsCharacter): { f: Feature; times: number; from: string }[] {
  const out: { f: Feature; times: number; from: string }[] = []
  // DR limited to some attacks is read apart (limitedDr), not as DR against everything
  for (const t of c.traits) for (const f of t.features) if (!(t.limited && f.type === 'dr')) out.push({ f, times: f.type !== 'other' && f.perLevel ? t.levels : 1, from: t.name })
  for (const e of c.equipment) for (const f of e.features) out.push({ f, times: 1, from: e.name })
  for (const s of c.skills) for (const f of s.features ?? []) if (f.type === 'weapon') out.push({ f, times: 1, from: skillName(s) })
  return out
}

/** Converts a character to a `gurps` combatant, reporting what was read, computed, defaulted and ignored. */
/** GCS's names of its thrust/swing progressions, in a GM's words. */
const PROGRESSIONS: Record<string, string> = {
  knowing_your_own_strength: 'Knowing Your Own Strength (Pyramid 3/83)',
  no_school_grognard_damage: 'No School Grognard',
  thrust_equals_swing_minus_2: 'thrust = swing − 2',
  swing_equals_thrust_plus_2: 'swing = thrust + 2',
  tbone_1: 'T Bone\'s first',
  tbone_1_clean: 'T Bone\'s first (clean)',
  tbone_2: 'T Bone\'s second',
  tbone_2_clean: 'T Bone\'s second (clean)',
  phoenix_d3: 'Phoenix d3',
}

export function gurpsCombatant(c: GcsCharacter): ImportResult {
  const report = emptyReport()
  // The campaign's damage options: the simulator figures damage by the Basic Set alone, so a damage GCS
  // stored under another option differs, and this is why.
  if (c.damageRules && c.damageRules.progression !== 'basic_set') {
    report.ignored.push(`the file's campaign figures thrust and swing from ST by another table (${PROGRESSIONS[c.damageRules.progression] ?? c.damageRules.progression.replace(/_/g, ' ')}); the simulator uses the Basic Set's (GURPS Basic Set p.B16), so its thr and sw damages differ from the ones the file stored`)
  }
  if (c.damageRules?.modifyingDice) {
    report.ignored.push("the file's campaign option Modifying Dice + Adds (GURPS Basic Set p.B269: every +4 of damage becomes a die more, 1d+4 is stored as 2d): the simulator plays the damage as the weapon table writes it")
  }
  const features = allFeatures(c)
  const attrBonus = (attr: string): { total: number; parts: string[] } => {
    let total = 0
    const parts: string[] = []
    for (const { f, times, from } of features) {
      if (f.type !== 'attribute' || f.attribute !== attr) continue
      if (f.limitation && f.limitation !== 'none') {
        if (f.limitation !== 'striking_only' || attr !== 'st') report.ignored.push(`${from}: ${f.amount * times > 0 ? '+' : ''}${f.amount * times} ${attr.toUpperCase()} (${f.limitation.replace(/_/g, ' ')}), not modelled`)
        continue
      }
      total += f.amount * times
      parts.push(`${from} ${f.amount * times >= 0 ? '+' : ''}${f.amount * times}`)
    }
    return { total, parts }
  }
  const withBonus = (label: string, base: number, attr: string, cacheKey?: keyof GcsCharacter['cached']): number => {
    const b = attrBonus(attr)
    const value = base + b.total
    check(report, label, value, cacheKey ? c.cached[cacheKey] : undefined)
    if (b.parts.length) report.computed.push(`${label} ${value} = ${base} ${b.parts.join(', ')}`)
    else report.read.push(`${label} ${value}`)
    return value
  }
  const st = withBonus('ST', c.st, 'st', 'st')
  const dx = withBonus('DX', c.dx, 'dx', 'dx')
  const ht = withBonus('HT', c.ht, 'ht', 'ht')
  const hp = st + c.hpAdj + attrBonus('hp').total
  check(report, 'HP', hp, c.cached.hp)
  report.computed.push(`HP ${hp} = ST ${st} ${signed(c.hpAdj + attrBonus('hp').total)} (GURPS Basic Set p.B16)`)
  const speedBonus = attrBonus('basic_speed').total
  const basicSpeed = (dx + ht) / 4 + c.speedAdj + speedBonus
  check(report, 'Basic Speed', basicSpeed, c.cached.basic_speed)
  report.computed.push(`Basic Speed ${basicSpeed} = (DX ${dx} + HT ${ht}) / 4 ${signed(c.speedAdj + speedBonus)} (GURPS Basic Set p.B17)`)
  const moveBonus = attrBonus('basic_move').total
  const move = Math.floor(basicSpeed) + c.moveAdj + moveBonus
  check(report, 'Move', move, c.cached.basic_move)
  report.computed.push(`Move ${move} = Basic Speed ${Math.floor(basicSpeed)} without fractions ${signed(c.moveAdj + moveBonus)}`)

  // Skills: GCS's rule (GURPS Basic Set p.B170): attribute + difficulty + points, plus trait bonuses.
  const levels = new Map<string, number>()
  const iq = c.iq + attrBonus('iq').total
  const attrValue: Record<string, number> = { st, dx, iq, ht, will: iq + c.willAdj + attrBonus('will').total, per: iq + c.perAdj + attrBonus('per').total }
  for (const s of c.skills) {
    if (s.technique) continue
    if (c.storedLevels && s.cachedLevel !== undefined) {
      levels.set(skillName(s).toLowerCase(), s.cachedLevel)
      levels.set(`${s.name.toLowerCase()}|${s.specialization.toLowerCase()}`, s.cachedLevel)
      report.read.push(`${skillName(s)} ${s.cachedLevel}`)
      continue
    }
    const level = skillLevel(s, attrValue, features)
    if (level === undefined) continue
    levels.set(skillName(s).toLowerCase(), level.level)
    levels.set(`${s.name.toLowerCase()}|${s.specialization.toLowerCase()}`, level.level)
    if (s.cachedLevel !== undefined && s.cachedLevel !== level.level) level.text += ` (the file's stored level is ${s.cachedLevel})`
    report.computed.push(level.text)
  }
  const techniques = c.skills.filter((s) => s.technique)
  if (techniques.length) report.ignored.push(`techniques: ${techniques.map((t) => `${skillName(t)}${t.cachedLevel !== undefined ? ` ${t.cachedLevel}` : ''}`).join(', ')}`)

  // Traits the simulator models.
  const has = (name: string): Trait | undefined => c.traits.find((t) => t.name.toLowerCase() === name.toLowerCase())
  const ets = has('Enhanced Time Sense') !== undefined
  const cr = has('Combat Reflexes') !== undefined
  const capped = (label: string, v: number, lo: number, hi: number, path: string): number => {
    const x = Math.max(lo, Math.min(hi, v))
    if (x !== v) defaulted(report, `${label} ${v} is outside what the simulator takes (${lo}–${hi}); ${x} used`, path)
    return x
  }
  const combatant: Record<string, unknown> = {
    name: c.name.slice(0, 60),
    st: capped('ST', st, 1, MAX_TABLE_ST, 'st'),
    dx: capped('DX', dx, 1, 30, 'dx'),
    ht: capped('HT', ht, 1, 30, 'ht'),
    hp: capped('HP', hp, 1, 200, 'hp'),
    basicSpeed: capped('Basic Speed', basicSpeed, 0.25, 20, 'basicSpeed'),
    move: capped('Move', move, 0, 20, 'move'),
  }
  if (ets) {
    combatant.enhancedTimeSense = true
    report.read.push('Enhanced Time Sense (it includes Combat Reflexes)')
  } else if (cr) {
    combatant.combatReflexes = true
    report.read.push('Combat Reflexes')
  }
  for (const [trait, field] of [
    ['High Pain Threshold', 'highPainThreshold'],
    ['Low Pain Threshold', 'lowPainThreshold'],
    ['Ambidexterity', 'ambidextrous'],
  ] as const) {
    if (has(trait)) {
      combatant[field] = true
      report.read.push(trait)
    }
  }
  const namedLater = /^(Extra Attack|Altered Time Rate|Enhanced (Parry|Block|Dodge)|Trained by a Master|Weapon Master|Enhanced Move)/i
  for (const t of c.traits) {
    if (namedLater.test(t.name)) report.ignored.push(`${t.name}${t.levels > 1 ? ` ${t.levels}` : ''}: not modelled by the simulator`)
  }
  // Encumbrance from what he carries (GURPS Basic Set p.B17): up to 1, 2, 3, 6 or 10 × Basic Lift is None
  // to Extra-Heavy; Move × 1, 0.8, 0.6, 0.4, 0.2 and Dodge −0 to −4. The builder's stored Move and Dodge at
  // that level are the check.
  const LEVELS = ['None', 'Light', 'Medium', 'Heavy', 'Extra-Heavy']
  let enc = 0
  if (c.carried) {
    const { weight, basicLift } = c.carried
    enc = [1, 2, 3, 6, 10].findIndex((k) => weight <= k * basicLift)
    if (enc < 0) enc = 4
    report.computed.push(`Encumbrance ${LEVELS[enc]} (${enc}): carrying ${weight} lb against Basic Lift ${basicLift} lb (GURPS Basic Set p.B17)${weight > 10 * basicLift ? '; more than 10 × Basic Lift, he could not move at all, played as Extra-Heavy' : ''}`)
    if (enc > 0) combatant.encumbrance = enc
  } else if (c.storedEncumbrance !== undefined && c.storedEncumbrance >= 0 && c.storedEncumbrance <= 4) {
    enc = c.storedEncumbrance
    report.read.push(`Encumbrance ${LEVELS[enc]} (${enc}), as the file marks it (GURPS Basic Set p.B17)`)
    if (enc > 0) combatant.encumbrance = enc
  }
  const moveNow = Math.max(enc ? 1 : 0, Math.floor(((combatant.move as number) * [10, 8, 6, 4, 2][enc]) / 10))
  const dodgeNow = Math.floor(combatant.basicSpeed as number) + 3 + (cr || ets ? 1 : 0) - enc
  if (c.storedMove && c.storedMove[enc] !== moveNow) report.computed.push(`Move ${moveNow} at encumbrance ${LEVELS[enc]}; the file's stored Move is ${c.storedMove[enc]}: the simulator's is used`)
  if (c.storedDodge && c.storedDodge[enc] !== dodgeNow) {
    const diff = c.storedDodge[enc] - dodgeNow
    report.computed.push(`Dodge ${dodgeNow} at encumbrance ${LEVELS[enc]}; the file's stored Dodge is ${c.storedDodge[enc]} (${diff > 0 ? '+' : ''}${diff}: bonuses to Dodge from traits or a shield's DB the simulator applies on its own, or not at all)`)
  }

  // DR on the torso: the simulator has no hit locations (GURPS Basic Set p.B47).
  let dr = 0
  const drParts: string[] = []
  for (const { f, times, from } of features) {
    if (f.type !== 'dr' || f.specialization) continue
    if (!f.locations.some((l) => ['torso', 'all', 'full body', 'full_body', 'body'].includes(l.toLowerCase()))) continue
    dr += f.amount * times
    drParts.push(`${from} ${f.amount * times}`)
  }
  if (dr > 0) {
    combatant.dr = capped('DR', dr, 0, 100, 'dr')
    report.computed.push(`DR ${dr} on the torso = ${drParts.join(' + ')} (no hit locations in the simulator)`)
  } else defaulted(report, 'DR 0 (no armour or DR on the torso)', 'dr')

  // The weapon: the best one he can parry with, by skill.
  const weapons = [...c.traits.flatMap((t) => t.weapons), ...c.equipment.flatMap((e) => e.weapons)]
  const scored = weapons
    .map((w) => ({ w, level: weaponLevel(w, levels, attrValue) }))
    .filter((x) => x.level !== undefined && weaponDamage(x.w, x.level, st, features) !== undefined && (DAMAGE_TYPES as readonly string[]).includes(x.w.damage.type))
  // Melee before ranged, then the best skill; on a tie a carried weapon before a natural attack, and
  // one that can parry before one that cannot.
  const canParry = (w: Weapon): boolean => w.parry.trim() !== '' && !/^no$/i.test(w.parry.trim())
  const natural = (w: Weapon): boolean => /natural attacks|unarmed|punch|kick|bite|claws|teeth|striker|talons|hooves/i.test(w.owner)
  scored.sort(
    (a, b) =>
      Number(b.w.melee) - Number(a.w.melee) ||
      b.level!.level - a.level!.level ||
      Number(natural(a.w)) - Number(natural(b.w)) ||
      Number(canParry(b.w)) - Number(canParry(a.w)),
  )
  const chosen = scored[0]
  if (!chosen) throw new ImportError(`${c.name} has no weapon or natural attack the simulator can use (damage as thr, sw or dice, and a skill)`)
  // Every usable attack, up to the simulator's 8 (multi-attack convention): each with its own skill,
  // damage, reach or range kind, and Shots; his tactic picks his best against his foe.
  const built: Record<string, unknown>[] = []
  const parryChecks: { label: string; parryNow: number; stored: string; diff: number }[] = []
  const names = new Set<string>()
  const accs: string[] = []
  for (const x of scored) {
    if (built.length === 8) break
    const w = x.w
    const damage = weaponDamage(w, x.level!, st, features, report)!
    const label = `${w.owner}${w.usage && w.usage !== w.owner ? ` (${w.usage})` : ''}`.slice(0, 40)
    if (names.has(label.toLowerCase())) continue
    names.add(label.toLowerCase())
    const weapon: Record<string, unknown> = { name: label, skill: Math.max(3, Math.min(30, x.level!.level)), damage: damage.spec, type: w.damage.type }
    const text = `${label}: skill ${x.level!.level} from ${x.level!.from}, damage ${damage.text}`
    if (w.cachedLevel !== undefined && w.cachedLevel !== x.level!.level) report.computed.push(`${text} (the file's stored level is ${w.cachedLevel})`)
    else report.computed.push(text)
    if (w.melee) {
      const reach = w.reach.split(/[,-]/).map((r) => (r.trim().toUpperCase().startsWith('C') ? 0 : Number.parseInt(r, 10))).filter((r) => Number.isFinite(r))
      weapon.reach = reach.length ? Math.max(...reach) : 1
      const p = w.parry.trim()
      if (p === '' || /^no$/i.test(p)) weapon.canParry = false
      else {
        const m = /^([+-]?\d+)/.exec(p)
        weapon.parry = Math.max(-5, Math.min(5, m ? Number(m[1]) : 0))
        if (/F/.test(p)) weapon.fencing = true
        if (/U/.test(p)) weapon.unbalanced = true
      }
      if (/^(punch|kick|bite)/i.test(w.usage) || /natural attacks|^punch|^kick/i.test(w.owner)) weapon.barehanded = levels.has('judo') || levels.has('karate') ? 'judo-karate' : 'yes'
      // the Parry GCS stored with every bonus, a check on the simulator's 3 + half skill + the weapon's
      // modifier + 1 with Combat Reflexes (GURPS Basic Set p.B376)
      const stored = Number.parseInt(w.cachedParry ?? '', 10)
      if (weapon.canParry !== false && Number.isFinite(stored)) {
        const parryNow = 3 + Math.floor((weapon.skill as number) / 2) + ((weapon.parry as number | undefined) ?? 0) + (cr || ets ? 1 : 0)
        if (stored !== parryNow) parryChecks.push({ label, parryNow, stored: w.cachedParry ?? '', diff: stored - parryNow })
      }
    } else {
      const skillNames = w.defaults.map((d) => (d.name ?? '').toLowerCase())
      weapon.ranged = w.damage.st || skillNames.some((n) => /bow|thrown|sling|blowpipe|spear thrower/.test(n)) ? 'muscle-powered' : 'firearm'
      const shots = (w.shots ?? '').replace(/\s/g, '')
      if (/^(T|[1-9]\d{0,2})\(([0-9]|1\d|20)i?\)$/.test(shots)) {
        weapon.shots = shots
        report.read.push(`${label}: Shots ${shots}`)
      } else if (shots) report.ignored.push(`${label}: Shots ${shots} is not a form the simulator reads (such as 6(3i)); it shoots without running dry`)
      if (w.accuracy && w.accuracy.trim() !== '0') accs.push(`${label} Acc ${w.accuracy.trim()}`)
    }
    built.push(weapon)
  }
  if (accs.length) report.ignored.push(`Accuracy (${accs.join(', ')}): the simulator plays no Aim maneuver, so a weapon's Acc adds nothing`)
  if (built.length === 1) combatant.weapon = built[0]
  else {
    combatant.weapons = built
    report.computed.push(`${built.length} attacks; his tactic uses his best against his foe: the one with the highest expected injury a blow (chance to hit, chance the foe fails to defend, injury past DR), chosen each turn and named in the trace`)
  }
  const others = scored.slice(built.length).map((x) => `${x.w.owner}${x.w.usage ? ` (${x.w.usage})` : ''}`).filter((n) => !names.has(n.slice(0, 40).toLowerCase()))
  if (others.length) report.ignored.push(`more attacks than the simulator's 8: ${[...new Set(others)].join(', ')}`)
  const unusable = weapons
    .filter((x) => !scored.some((s) => s.w === x))
    .map((x) => {
      const why =
        weaponLevel(x, levels, attrValue) === undefined
          ? 'he has no skill for it'
          : weaponDamage(x, weaponLevel(x, levels, attrValue)!, st, features) === undefined
            ? x.damage.extra?.includes('not an Innate Attack')
              ? 'its damage grows with its levels and it is no Innate Attack (a power, a wall, an area): not played as an attack on a foe'
              : [x.damage.st, x.damage.base, x.damage.extra].some(Boolean)
              ? `damage ${[x.damage.st, x.damage.base, x.damage.extra].filter(Boolean).join(' ')} cannot be expressed as thr, sw or dice`
              : 'it does no damage'
            : `damage type "${x.damage.type}" is not one of ${DAMAGE_TYPES.join(', ')}`
      return `${x.owner}${x.usage ? ` (${x.usage})` : ''}: ${why}`
    })
  if (unusable.length) report.ignored.push(`weapons not imported: ${[...new Set(unusable)].join('; ')}`)
  for (const s of c.skills) {
    const l = levels.get(skillName(s).toLowerCase())
    if (l !== undefined && l > chosen.level!.level && !built.some((b) => (b.skill as number) >= l) && /sword|axe|mace|knife|spear|staff|rapier|saber|whip|flail|polearm|guns|bow/i.test(s.name) && !weapons.some((x) => x.defaults.some((d) => d.name === s.name)))
      report.ignored.push(`${skillName(s)} ${l}: no weapon for it in the file`)
  }

  // A trait's attack (an Innate Attack): its modifiers GCS turns into numbers (Increased Damage) are in its
  // damage above; the others (an area, a range, a cost in FP) the simulator does not play.
  const saidOf = new Set<string>()
  for (const t of c.traits) {
    if (!t.modifiers?.length || saidOf.has(t.name) || !built.some((b) => String(b.name).startsWith(t.name.slice(0, 40)))) continue
    saidOf.add(t.name)
    const rest = t.modifiers.filter((m) => !m.features).map((m) => m.name)
    if (rest.length) report.ignored.push(`${t.name}: ${rest.join('; ')} (modifiers the simulator does not play)`)
    if (t.weapons.some((w) => !w.melee && w.damage.leveled)) report.computed.push(`${t.name}: an innate ranged attack, which his foe can only Dodge (played as the simulator's firearm kind of missile)`)
  }
  limitedDr(c, combatant, report)

  // Shield: Block from the Shield skill, DB from the shield's bonus to Dodge (GURPS Basic Set p.B287).
  const shieldItem = c.equipment.find((e) => e.features.some((f) => f.type === 'attribute' && f.attribute === 'block') && /shield|buckler|cloak/i.test(e.name))
  if (shieldItem) {
    const db = shieldItem.features.reduce((n, f) => n + (f.type === 'attribute' && f.attribute === 'dodge' ? f.amount : 0), 0)
    const shieldSkill = [...c.skills].filter((s) => s.name === 'Shield').map((s) => levels.get(skillName(s).toLowerCase()) ?? -99).sort((a, b) => b - a)[0]
    const sk = shieldSkill !== undefined && shieldSkill > -99 ? shieldSkill : dx - 4
    combatant.shield = { skill: Math.max(3, Math.min(30, sk)), db: Math.max(0, Math.min(3, db)) }
    report.computed.push(`shield ${shieldItem.name}: Shield skill ${sk}${shieldSkill === undefined ? ' (default DX − 4)' : ''}, DB ${db}`)
  }
  // each melee weapon's Parry against the one GCS stored (with every bonus): a shield's DB counts in GCS's
  // and the simulator adds it to his defences on its own (GURPS Basic Set p.B287)
  const db = (combatant.shield as { db?: number } | undefined)?.db ?? 0
  for (const p of parryChecks) {
    const why = db && p.diff === db ? `his shield's DB ${db}, which the simulator adds to his defences on its own (GURPS Basic Set p.B287)` : 'bonuses to Parry the simulator does not apply, such as Enhanced Parry or a Weapon Master\'s (listed as not modelled), a shield\'s DB it adds on its own, or a barehanded parry\'s own rule'
    report.computed.push(`${p.label}: Parry ${p.parryNow} in the simulator; the file's stored Parry is ${p.stored} (${p.diff > 0 ? '+' : ''}${p.diff}: ${why})`)
  }
  unnamed(report, c)
  return { system: 'gurps', format: c.format, combatants: [combatant], report, ...(built.length > 1 ? { plan: { using: 'best' } } : {}) }
}

/** What a Limited note names, as the simulator's damage types (GURPS Basic Set pp.B46, B379). */
const LIMITED_TYPES: [RegExp, string[]][] = [
  [/fire|heat|flame|burn/i, ['burn']],
  [/crush/i, ['cr']],
  [/cut/i, ['cut']],
  [/impal/i, ['imp']],
  [/pierc|bullet/i, ['pi-', 'pi', 'pi+', 'pi++']],
  [/corros|acid/i, ['cor']],
  [/toxic|poison/i, ['tox']],
]

/**
 * DR bought with Limited (GURPS Basic Set p.B46): on the torso, it counts only against the damage types its
 * note names, kept apart as drAgainst; a note that names no damage type is reported, not counted.
 */
function limitedDr(c: GcsCharacter, combatant: Record<string, unknown>, report: ImportReport): void {
  const against: { dr: number; types: string[] }[] = []
  for (const t of c.traits) {
    if (!t.limited) continue
    const dr = t.features.reduce((n, f) => n + (f.type === 'dr' && !f.specialization && f.locations.some((l) => ['torso', 'all', 'full body', 'full_body', 'body'].includes(l.toLowerCase())) ? f.amount * (f.perLevel ? t.levels : 1) : 0), 0)
    if (dr <= 0) continue
    const types = LIMITED_TYPES.find(([re]) => re.test(t.limited ?? ''))?.[1]
    if (types && against.length < 4) {
      against.push({ dr: Math.min(100, dr), types })
      report.computed.push(`${t.name} ${dr}, Limited: ${t.limited}: DR ${dr} more against ${types.join(', ')} only (GURPS Basic Set p.B46)`)
    } else report.ignored.push(`${t.name} ${dr}, Limited: ${t.limited}: the simulator cannot tell which attacks that is, so it is not counted`)
  }
  if (against.length) combatant.drAgainst = against
}

const ATTR_WORDS: Record<string, string> = { st: 'ST', dx: 'DX', iq: 'IQ', ht: 'HT', will: 'Will', per: 'Per', hp: 'HP', fp: 'FP', basic_speed: 'Basic Speed', basic_move: 'Basic Move', dodge: 'Dodge', parry: 'Parry', block: 'Block' }

/** What a feature gives, in a GM's words ("IQ +2", "DR 4 on the skull", "a skill bonus"). */
function featureWords(f: Feature, times: number): string {
  const amt = (n: number): string => `${n >= 0 ? '+' : ''}${n}`
  if (f.type === 'attribute') return `${ATTR_WORDS[f.attribute] ?? f.attribute.replace(/_/g, ' ')} ${amt(f.amount * times)}${f.limitation && f.limitation !== 'none' ? ` (${f.limitation.replace(/_/g, ' ')})` : ''}`
  if (f.type === 'dr') return `DR ${f.amount * times} on the ${f.locations.join(', ') || 'body'}${f.specialization ? ` against ${f.specialization}` : ''}`
  if (f.type === 'skill') return `${amt(f.amount * times)} to ${f.name?.qualifier || 'skills'}`
  if (f.type === 'weapon') return `${amt(f.amount)}${f.perDie ? ' per die' : ''} to weapon damage`
  return f.what.replace(/_/g, ' ')
}

/**
 * Nothing dropped silently: every trait and piece of equipment no report line names is listed, with what
 * it gives and why a fight does not read it (an attribute only skills use, DR off the torso, no effect on
 * a fight at all).
 */
function unnamed(report: ImportReport, c: GcsCharacter): void {
  const said = [...report.read, ...report.computed, ...report.defaulted, ...report.ignored].join('\n')
  const why = (features: Feature[], levels: number): string => {
    const gives = features.map((f) => featureWords(f, f.type !== 'other' && f.perLevel ? levels : 1))
    return gives.length ? ` (${[...new Set(gives)].join(', ')})` : ''
  }
  const traits = c.traits.filter((t) => !said.includes(t.name)).map((t) => `${t.name}${t.levels > 1 ? ` ${t.levels}` : ''}${why(t.features, t.levels)}`)
  if (traits.length) report.ignored.push(`traits the fight does not read (advantages, disadvantages, perks and quirks; what a trait gives to skills is in their levels above): ${[...new Set(traits)].join(', ')}`)
  const offTorso = c.equipment.filter((e) => !said.includes(e.name) && e.features.some((f) => f.type === 'dr'))
  if (offTorso.length) report.ignored.push(`armour off the torso (the simulator has no hit locations; only DR on the torso counts): ${offTorso.map((e) => `${e.name}${why(e.features, 1)}`).join(', ')}`)
  const items = c.equipment.filter((e) => !said.includes(e.name) && !offTorso.includes(e)).map((e) => `${e.name}${why(e.features, 1)}`)
  if (items.length) report.ignored.push(`equipment a fight does not use: ${[...new Set(items)].join(', ')}`)
}


function check(report: ImportReport, label: string, value: number, cached: number | undefined): void {
  if (cached !== undefined && cached !== value) report.computed.push(`${label}: computed ${value}, the file's stored value is ${cached}; the computed value is used`)
}

/** A weapon's damage in the simulator's notation ("sw+1", "thr-1", "3d-2"), or undefined when it cannot say it. */
export function toDamage(d: Weapon['damage']): string | undefined {
  if (d.extra) return undefined
  const base = d.base.replace(/\s/g, '')
  if (d.st === 'sw' || d.st === 'thr') {
    if (base === '' || base === '0' || base === '+0') return d.st
    const m = /^([+-]?)(\d{1,2})$/.exec(base)
    return m ? `${d.st}${m[1] === '-' ? '-' : '+'}${m[2]}` : undefined
  }
  if (d.st && d.st !== 'none') return undefined
  const m = /^([1-9]\d?)d([+-]\d{1,2})?$/.exec(base)
  return m ? `${m[1]}d${m[2] && m[2] !== '+0' && m[2] !== '-0' ? m[2] : ''}` : undefined
}

function skillBonus(name: string, specialization: string, features: { f: Feature; times: number; from: string }[]): { total: number; parts: string[] } {
  let total = 0
  const parts: string[] = []
  for (const { f, times, from } of features) {
    if (f.type !== 'skill' || !f.name) continue
    if (!matches(f.name, name) || !matches(f.specialization, specialization)) continue
    total += f.amount * times
    parts.push(`${from} ${signed(f.amount * times)}`)
  }
  return { total, parts }
}

/**
 * A skill's level as GCS computes it (its CalculateSkillLevel; GURPS Basic Set p.B170): attribute +
 * the difficulty's base (Easy 0, Average −1, Hard −2, Very Hard −3); 1 point adds 0, 2–3 points +1,
 * 4 or more +1 per 4 points; then bonuses from traits and equipment.
 */
export function skillLevel(
  s: Skill,
  attrs: Record<string, number>,
  features: { f: Feature; times: number; from: string }[],
): { level: number; text: string } | undefined {
  const diff = DIFFICULTY[s.difficulty.toLowerCase()]
  const attr = attrs[s.attribute.toLowerCase()]
  if (!diff || attr === undefined) return undefined
  const name = skillName(s)
  const bonus = skillBonus(s.name, s.specialization, features)
  let points = Math.trunc(s.difficulty.toLowerCase() === 'w' ? s.points / 3 : s.points)
  if (points < 1) {
    if (s.defaultLevel === undefined) return undefined
    return { level: s.defaultLevel, text: `${name} ${s.defaultLevel} by default (no points spent)` }
  }
  points = Math.trunc(points)
  const rel = diff[0] + (points === 1 ? 0 : points < 4 ? 1 : 1 + Math.floor(points / 4))
  let level = attr + rel
  if (s.defaultLevel !== undefined && level < s.defaultLevel) level = s.defaultLevel
  level += bonus.total
  const attrLabel = s.attribute.length <= 2 ? s.attribute.toUpperCase() : s.attribute[0].toUpperCase() + s.attribute.slice(1)
  const text = `${name} ${level} = ${attrLabel} ${attr} ${signed(rel)} (${s.points} point${s.points === 1 ? '' : 's'}, ${diff[1]})${bonus.parts.length ? ` ${bonus.parts.join(' ')}` : ''}`
  return { level, text }
}

/** A weapon's skill: the best of its defaults (a skill he has, or an attribute), with its modifier. */
function weaponLevel(w: Weapon, levels: Map<string, number>, attrs: Record<string, number>): { level: number; from: string; skill?: string; relative?: number } | undefined {
  if (w.storedLevel) return w.storedLevel
  let best: { level: number; from: string; skill?: string; relative?: number } | undefined
  for (const d of w.defaults) {
    let base: number | undefined
    let from: string
    let skill: string | undefined
    if (d.type.toLowerCase() === 'skill') {
      skill = d.name
      const n = (d.name ?? '').toLowerCase()
      base = d.specialization ? levels.get(`${n}|${d.specialization.toLowerCase()}`) : (levels.get(n) ?? [...levels.entries()].find(([k]) => k.startsWith(`${n}|`))?.[1])
      from = d.specialization ? `${d.name} (${d.specialization})` : (d.name ?? '')
    } else {
      base = attrs[d.type.toLowerCase()]
      from = d.type.toUpperCase()
    }
    if (base === undefined) continue
    const level = base + d.modifier
    if (!best || level > best.level || (level === best.level && skill !== undefined && best.skill === undefined)) best = { level, from: d.modifier ? `${from} ${d.modifier > 0 ? '+' : '−'}${Math.abs(d.modifier)}` : from, skill, relative: skill ? base - (attrs.dx ?? 10) : d.modifier }
  }
  return best
}

const diceText = (dice: number, add: number): string => `${dice}d${add > 0 ? `+${add}` : add < 0 ? `${add}` : ''}`

/**
 * A weapon's damage for the simulator, with the bonuses GCS applies: Striking ST (damage from a higher
 * ST, GURPS Basic Set p.B88) and weapon bonuses (flat or per die, e.g. a fine weapon's +1). Without
 * either, "thr"/"sw" stays relative to ST; with them the dice are fixed from the Basic Set table
 * (p.B16). Undefined when the damage cannot be written as the simulator's dice.
 */
function weaponDamage(
  w: Weapon,
  level: { level: number; from: string; skill?: string; relative?: number },
  st: number,
  features: { f: Feature; times: number; from: string }[],
  report?: ImportReport,
): { spec: string; text: string } | undefined {
  const base = toDamage(w.damage)
  if (base === undefined) return undefined
  let flat = 0
  let perDie = 0
  const parts: string[] = []
  for (const { f, times, from } of features) {
    if (f.type !== 'weapon') continue
    const applies =
      f.selection === 'this_weapon'
        ? from === w.owner
        : f.selection === 'weapons_with_name'
          ? matches(f.name, w.owner) && matches(f.specialization, w.usage)
          : f.selection === 'weapons_with_required_skill'
            ? level.skill !== undefined && matches(f.name, level.skill) && (f.level === undefined || levelOk(f.level, level.relative ?? 0))
            : false
    if (!applies) continue
    const amount = f.amount * (f.perLevel ? times : 1)
    if (f.perDie) perDie += amount
    else flat += amount
    parts.push(`${from} ${amount >= 0 ? '+' : ''}${amount}${f.perDie ? ' per die' : ''}`)
  }
  // the weapon's own bonus per die (GCS's "modifier per die")
  if (w.damage.perDie) {
    perDie += w.damage.perDie
    parts.push(`${w.damage.perDie >= 0 ? '+' : ''}${w.damage.perDie} per die, the weapon's own`)
  }
  let striking = 0
  for (const { f, times } of features) if (f.type === 'attribute' && f.attribute === 'st' && f.limitation === 'striking_only') striking += f.amount * times
  const m = /^(thr|sw|(\d+)d)([+-]\d+)?$/.exec(base)
  if (!m) return undefined
  const add = Number(m[3] ?? 0)
  let spec: string
  if (m[1] === 'thr' || m[1] === 'sw') {
    const stEff = st + striking
    if (striking === 0 && perDie === 0 && stEff <= MAX_TABLE_ST) {
      const total = add + flat
      spec = `${m[1]}${total > 0 ? `+${total}` : total < 0 ? `${total}` : ''}`
    } else {
      if (stEff > MAX_TABLE_ST || stEff < 1) {
        // Above the table the simulator knows: the damage GCS computed, as fixed dice.
        const cached = /^(\d+d(?:[+-]\d+)?)\s/.exec(w.cachedDamage ?? '')
        if (!cached || !/^[1-9]\d?d([+-]\d{1,2})?$/.test(cached[1])) return undefined
        return { spec: cached[1], text: `${cached[1]} ${w.damage.type} (${base} at ST ${stEff}, as the file computed it: ST above ${MAX_TABLE_ST} is beyond the simulator's damage table)` }
      }
      const d = m[1] === 'thr' ? thrust(stEff) : swing(stEff)
      spec = diceText(d.dice, d.add + add + flat + perDie * d.dice)
      if (striking) parts.unshift(`${m[1]} at ST ${stEff} (Striking ST ${striking > 0 ? '+' : ''}${striking}) = ${diceText(d.dice, d.add)}`)
    }
  } else {
    const dice = Number(m[2])
    spec = diceText(dice, add + flat + perDie * dice)
  }
  if (!/^(thr|sw|[1-9]\d?d)([+-]\d{1,2})?$/.test(spec)) return undefined
  const lv = w.damage.leveled
  const baseText = lv ? `${base}: ${lv.per} a level × ${lv.levels} level${lv.levels === 1 ? '' : 's'}` : base
  const text = `${spec} ${w.damage.type}${parts.length ? ` (${baseText}; ${parts.join(', ')})` : lv ? ` (${baseText})` : ''}`
  if (report && w.cachedDamage && st <= MAX_TABLE_ST) {
    const resolved = /^(thr|sw)/.test(spec) ? resolveStDamage(spec, st) : spec
    const cached = w.cachedDamage.split(' ')[0]
    if (cached !== resolved) report.computed.push(`${w.owner}${w.usage ? ` (${w.usage})` : ''}: damage computed ${resolved}, the file's stored damage is ${w.cachedDamage}; the computed value is used`)
  }
  return { spec, text }
}

function levelOk(criterion: { compare: string; qualifier: number }, value: number): boolean {
  switch (criterion.compare.replace(/ /g, '_')) {
    case 'at_least':
      return value >= criterion.qualifier
    case 'at_most':
      return value <= criterion.qualifier
    case 'is':
      return value === criterion.qualifier
    case 'is_not':
      return value !== criterion.qualifier
    default:
      return true
  }
}

/** "sw+1" at ST 13 → "2d" (Basic Set table), to compare with GCS's cached damage. */
function resolveStDamage(spec: string, st: number): string {
  const m = /^(thr|sw)([+-]\d+)?$/.exec(spec)
  if (!m) return spec
  const d = m[1] === 'thr' ? thrust(st) : swing(st)
  return diceText(d.dice, d.add + Number(m[2] ?? 0))
}
