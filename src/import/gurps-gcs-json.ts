import { ImportError } from './types'
import type { Default, Equipment, Feature, GcsCharacter, Match, Skill, Trait, Weapon } from './gurps-model'

/**
 * GURPS Character Sheet 5 files (JSON, "version": 5): attributes as levels bought ("adj"), traits and
 * equipment trees with features and weapons, skills as points; "calc" values are GCS's cache, read only
 * to check what is recomputed.
 */
type J = Record<string, unknown>
const obj = (v: unknown): J => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as J) : {})
const arr = (v: unknown): J[] => (Array.isArray(v) ? v.map(obj) : [])
const num = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : d)
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

export function isGcsJson(v: unknown): boolean {
  const o = obj(v)
  return typeof o.version === 'number' && Array.isArray(o.attributes) && ('traits' in o || 'skills' in o || 'profile' in o)
}

function match(v: unknown): Match | undefined {
  const o = obj(v)
  if (typeof o.compare !== 'string') return undefined
  return { compare: o.compare, qualifier: str(o.qualifier) }
}

function features(list: unknown): Feature[] {
  return arr(list).map((f): Feature => {
    const perLevel = f.per_level === true
    switch (f.type) {
      case 'attribute_bonus':
        return { type: 'attribute', attribute: str(f.attribute), amount: num(f.amount), perLevel, limitation: typeof f.limitation === 'string' ? f.limitation : undefined }
      case 'skill_bonus':
        return f.selection_type === 'skills_with_name'
          ? { type: 'skill', name: match(f.name), specialization: match(f.specialization), amount: num(f.amount), perLevel }
          : { type: 'other', what: `skill bonus (${str(f.selection_type)})` }
      case 'weapon_bonus': {
        const level = obj(f.level)
        return {
          type: 'weapon',
          selection: str(f.selection_type),
          name: match(f.name),
          specialization: match(f.specialization),
          level: typeof level.compare === 'string' && level.compare !== 'at_least' ? { compare: level.compare, qualifier: num(level.qualifier) } : typeof level.qualifier === 'number' ? { compare: 'at_least', qualifier: num(level.qualifier) } : undefined,
          amount: num(f.amount),
          perDie: f.per_die === true,
          perLevel,
        }
      }
      case 'dr_bonus':
        return { type: 'dr', locations: Array.isArray(f.locations) ? f.locations.map(str) : [str(f.location)], amount: num(f.amount), perLevel, specialization: typeof f.specialization === 'string' ? f.specialization : undefined }
      default:
        return { type: 'other', what: str(f.type) }
    }
  })
}

function defaults(list: unknown): Default[] {
  return arr(list).map((d) => ({ type: str(d.type), name: typeof d.name === 'string' ? d.name : undefined, specialization: typeof d.specialization === 'string' ? d.specialization : undefined, modifier: num(d.modifier) }))
}

/**
 * A damage that grows with the trait's levels (GCS's "base_leveled", an Innate Attack's 1d a level, GURPS
 * Basic Set p.B61): the per-level dice times the levels, added to the base dice. Undefined when the sum is
 * not plain dice (a leveled part beside thr or sw).
 */
function leveledBase(base: string, per: string, levels: number, st: string): string | undefined {
  const p = /^(\d+)d([+-]\d+)?$/.exec(per.replace(/\s/g, ''))
  const b = /^(?:(\d+)d)?([+-]?\d+)?$/.exec(base.replace(/\s/g, ''))
  if (!p || !b || (st && st !== 'none')) return undefined
  const dice = Number(p[1]) * levels + Number(b[1] ?? 0)
  const add = Number(p[2] ?? 0) * levels + Number(b[2] ?? 0)
  return `${dice}d${add > 0 ? `+${add}` : add < 0 ? `${add}` : ''}`
}

function weapons(list: unknown, owner: string, levels = 1): Weapon[] {
  return arr(list).map((w) => {
    const dmg = obj(w.damage)
    const ranged = 'range' in w || 'accuracy' in w || str(w.id).startsWith('W')
    const per = str(dmg.base_leveled)
    // an Innate Attack's leveled damage (GURPS Basic Set p.B61); a power's or a wall's is not an attack on a foe
    const innate = /^innate attack/i.test(owner)
    const leveled = per && innate ? leveledBase(str(dmg.base), per, levels, str(dmg.st)) : undefined
    // an armour divisor or fragmentation the simulator does not play; a bonus per die ("modifier_per_die",
    // a Striker's +1 per die) it adds like a weapon bonus per die
    const extra = ['armor_divisor', 'fragmentation'].filter((k) => k in dmg && num(dmg[k], 1) !== 1 && num(dmg[k], 1) !== 0).map((k) => `${k.replace(/_/g, ' ')} ${str(dmg[k])}`)
    const perDie = num(dmg.modifier_per_die, 0)
    if (per && leveled === undefined) extra.push(`${per} a level × ${levels}${innate ? '' : ', a trait that is not an Innate Attack'}`)
    return {
      owner,
      usage: str(w.usage),
      melee: !ranged,
      damage: {
        type: str(dmg.type),
        st: str(dmg.st),
        base: leveled ?? str(dmg.base),
        extra: extra.join(', ') || undefined,
        ...(leveled !== undefined ? { leveled: { per, levels } } : {}),
        ...(perDie ? { perDie } : {}),
      },
      reach: str(w.reach),
      parry: str(w.parry),
      range: str(w.range),
      shots: typeof w.shots === 'string' ? w.shots : undefined,
      accuracy: typeof w.accuracy === 'string' || typeof w.accuracy === 'number' ? String(w.accuracy) : undefined,
      defaults: defaults(w.defaults),
      cachedLevel: typeof obj(w.calc).level === 'number' ? num(obj(w.calc).level) : undefined,
      cachedDamage: typeof obj(w.calc).damage === 'string' ? str(obj(w.calc).damage) : undefined,
      cachedParry: typeof obj(w.calc).parry === 'string' || typeof obj(w.calc).parry === 'number' ? String(obj(w.calc).parry) : undefined,
    }
  })
}

/** Enabled modifiers' features count with their trait's (GCS applies them the same way). */
function modifierFeatures(t: J): Feature[] {
  return arr(t.modifiers).flatMap((m) => (m.disabled === true ? [] : [...features(m.features), ...arr(m.children).flatMap((c) => (c.disabled === true ? [] : features(c.features)))]))
}

export function readGcsJson(v: unknown): GcsCharacter {
  const o = obj(v)
  if (o.version !== 5 && o.version !== 4) throw new ImportError(`GURPS Character Sheet file version ${str(o.version)} is not supported (versions 4 and 5 are)`)
  const attrs = new Map(arr(o.attributes).map((a) => [str(a.attr_id), a]))
  const adj = (id: string): number => num(attrs.get(id)?.adj)
  const cached = (id: string): number | undefined => {
    const c = obj(attrs.get(id)?.calc)
    return typeof c.value === 'number' ? c.value : undefined
  }
  const custom = arr(obj(o.settings).attributes)
  for (const a of custom) {
    const id = str(a.id)
    const standard: Record<string, string> = { st: '10', dx: '10', iq: '10', ht: '10', hp: '$st', basic_speed: '($dx+$ht)/4', basic_move: 'floor($basic_speed)' }
    if (id in standard && str(a.base).replace(/\s|math\./gi, '').toLowerCase() !== standard[id].toLowerCase() && !(id === 'basic_move' && /floor\(\$basic_speed\)/i.test(str(a.base)))) {
      throw new ImportError(`this character's campaign redefines ${str(a.name) || id} as "${str(a.base)}"; only the Basic Set attributes are supported`)
    }
  }
  const traits: Trait[] = []
  const walkTraits = (list: unknown): void => {
    for (const t of arr(list)) {
      if (t.disabled === true) continue
      const name = str(t.name)
      // "Limited" (GURPS Basic Set p.B46): its notes say against what ("Fire")
      const limited = arr(t.modifiers).find((m) => m.disabled !== true && str(m.name) === 'Limited')
      const levels = num(t.levels, 1) || 1
      // the enabled modifiers of a trait with an attack, by name (what they change is said in the report)
      const mods = Array.isArray(t.weapons) && t.weapons.length ? arr(t.modifiers).filter((m) => m.disabled !== true).map((m) => ({ name: [str(m.name), str(m.local_notes)].filter(Boolean).join(', '), features: features(m.features).length > 0 })) : []
      traits.push({ name, levels, features: [...features(t.features), ...modifierFeatures(t)], weapons: weapons(t.weapons, name, levels), ...(limited ? { limited: str(limited.local_notes) || str(limited.notes) || '?' } : {}), ...(mods.length ? { modifiers: mods } : {}) })
      walkTraits(t.children)
    }
  }
  walkTraits(o.traits ?? o.advantages)
  const skills: Skill[] = []
  const walkSkills = (list: unknown): void => {
    for (const s of arr(list)) {
      if (Array.isArray(s.children)) {
        walkSkills(s.children)
        continue
      }
      const [attribute, difficulty] = str(s.difficulty).includes('/') ? str(s.difficulty).split('/') : [str(obj(s.default).type), str(s.difficulty)]
      const technique = str(s.id).startsWith('q') || 'default' in s || !str(s.difficulty).includes('/')
      const calc = obj(s.calc)
      const df = obj(s.defaulted_from)
      skills.push({
        name: str(s.name),
        specialization: str(s.specialization),
        attribute,
        difficulty,
        points: num(s.points),
        technique,
        cachedLevel: typeof calc.level === 'number' ? calc.level : undefined,
        defaultLevel: typeof df.adjusted_level === 'number' ? df.adjusted_level : undefined,
        features: features(s.features),
      })
    }
  }
  walkSkills(o.skills)
  const equipment: Equipment[] = []
  const walkEquipment = (list: unknown): void => {
    for (const e of arr(list)) {
      if (e.equipped !== true) continue
      const name = str(e.description) || str(e.name)
      equipment.push({ name, features: [...features(e.features), ...modifierFeatures(e)], weapons: weapons(e.weapons, name) })
      walkEquipment(e.children)
    }
  }
  walkEquipment(o.equipment)
  // What he carries (every item of the carried list, equipped or not, as GCS counts it) against his Basic Lift.
  const pounds = (v: unknown): number | undefined => {
    const m = /^\s*([\d.]+)\s*(lb|kg)?\b/.exec(str(v))
    return m ? Number(m[1]) * (m[2] === 'kg' ? 2.2 : 1) : undefined
  }
  const calc = obj(o.calc)
  const basicLift = pounds(calc.basic_lift)
  const weight = arr(o.equipment).reduce((n, e) => n + (pounds(obj(e.calc).extended_weight) ?? 0), 0)
  const numbers = (v: unknown): number[] | undefined => (Array.isArray(v) && v.length === 5 && v.every((x) => typeof x === 'number') ? (v as number[]) : undefined)
  const profile = obj(o.profile)
  return {
    format: `GURPS Character Sheet ${o.version === 5 ? '5' : '5 (early)'} (JSON)`,
    name: str(profile.name) || 'Imported character',
    // The file stores levels bought; GCS adds them to the Basic Set base of 10 (GURPS Basic Set p.B14).
    st: 10 + adj('st'),
    dx: 10 + adj('dx'),
    iq: 10 + adj('iq'),
    ht: 10 + adj('ht'),
    hpAdj: adj('hp'),
    willAdj: adj('will'),
    perAdj: adj('per'),
    speedAdj: adj('basic_speed'),
    moveAdj: adj('basic_move'),
    cached: { st: cached('st'), dx: cached('dx'), ht: cached('ht'), hp: cached('hp'), basic_speed: cached('basic_speed'), basic_move: cached('basic_move') },
    traits,
    skills,
    equipment,
    carried: basicLift !== undefined && basicLift > 0 ? { weight: Math.round(weight * 100) / 100, basicLift } : undefined,
    storedMove: numbers(calc.move),
    storedDodge: numbers(calc.dodge),
    damageRules: { progression: str(obj(o.settings).damage_progression) || 'basic_set', modifyingDice: obj(o.settings).use_modifying_dice_plus_adds === true },
  }
}
