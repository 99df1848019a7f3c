import { xattr, xkid, xkids, xtext, type XNode } from './source'
import { ImportError } from './types'
import type { Default, Equipment, Feature, GcsCharacter, Match, Skill, Trait, Weapon } from './gurps-model'

/**
 * GURPS Character Sheet 4 files (XML, <character version="2"…"5">): ST, DX, IQ and HT as values, HP,
 * Will, Perception, Basic Speed and Move as adjustments; the same traits, skills and equipment as the
 * JSON files, as elements. Read into the same model, so both formats import alike.
 */
const num = (v: string | undefined, d = 0): number => {
  const n = Number((v ?? '').trim())
  return (v ?? '').trim() !== '' && Number.isFinite(n) ? n : d
}

function match(node: XNode | undefined): Match | undefined {
  if (!node) return undefined
  return { compare: (xattr(node, 'compare') ?? 'is').replace(/ /g, '_'), qualifier: xtext(node) ?? '' }
}

function features(node: XNode): Feature[] {
  const out: Feature[] = []
  for (const b of xkids(node, 'attribute_bonus')) {
    const a = xkid(b, 'attribute')
    const amount = xkid(b, 'amount')
    const limitation = xattr(a, 'limitation')
    out.push({ type: 'attribute', attribute: (xtext(a) ?? '').toLowerCase().replace(/ /g, '_'), amount: num(xtext(amount)), perLevel: xattr(amount, 'per_level') === 'yes', limitation: limitation?.replace(/ /g, '_') })
  }
  for (const b of xkids(node, 'skill_bonus')) {
    const amount = xkid(b, 'amount')
    const spec = xkid(b, 'specialization')
    out.push({ type: 'skill', name: match(xkid(b, 'name')), specialization: spec && xattr(spec, 'compare') !== 'is anything' ? match(spec) : undefined, amount: num(xtext(amount)), perLevel: xattr(amount, 'per_level') === 'yes' })
  }
  for (const b of xkids(node, 'dr_bonus')) {
    const amount = xkid(b, 'amount')
    out.push({ type: 'dr', locations: xkids(b, 'location').map((l) => xtext(l) ?? ''), amount: num(xtext(amount)), perLevel: xattr(amount, 'per_level') === 'yes' })
  }
  for (const b of xkids(node, 'weapon_bonus')) {
    const amount = xkid(b, 'amount')
    const level = xkid(b, 'level')
    const spec = xkid(b, 'specialization')
    const name = xkid(b, 'name')
    out.push({
      type: 'weapon',
      selection: (xtext(b, 'selection_type') ?? 'weapons with required skill').replace(/ /g, '_'),
      name: name && xattr(name, 'compare') !== 'is anything' ? match(name) : undefined,
      specialization: spec && xattr(spec, 'compare') !== 'is anything' ? match(spec) : undefined,
      level: level && xattr(level, 'compare') !== 'is anything' ? { compare: (xattr(level, 'compare') ?? 'at least').replace(/ /g, '_'), qualifier: num(xtext(level)) } : undefined,
      amount: num(xtext(amount)),
      // GCS 4 marks a per-die bonus with per_level on its amount.
      perDie: xattr(amount, 'per_level') === 'yes',
      perLevel: false,
    })
  }
  for (const b of xkids(node, 'modifier')) if (xattr(b, 'enabled') !== 'no') out.push(...features(b))
  return out
}

function defaults(node: XNode): Default[] {
  return xkids(node, 'default').map((d) => ({
    type: (xtext(d, 'type') ?? '').toLowerCase(),
    name: xtext(d, 'name') || undefined,
    specialization: xtext(d, 'specialization') || undefined,
    modifier: num(xtext(d, 'modifier')),
  }))
}

function weapons(node: XNode, owner: string): Weapon[] {
  const one = (w: XNode, melee: boolean): Weapon => {
    const d = xkid(w, 'damage')
    return {
      owner,
      usage: xtext(w, 'usage') ?? '',
      melee,
      damage: { type: xattr(d, 'type') ?? '', st: xattr(d, 'st') ?? '', base: xattr(d, 'base') ?? '', extra: xattr(d, 'modifier_per_die') || (xattr(d, 'armor_divisor') && xattr(d, 'armor_divisor') !== '1') ? 'per-die or armour divisor' : undefined },
      reach: xtext(w, 'reach') ?? '',
      parry: xtext(w, 'parry') ?? '',
      range: xtext(w, 'range') ?? '',
      defaults: defaults(w),
    }
  }
  return [...xkids(node, 'melee_weapon').map((w) => one(w, true)), ...xkids(node, 'ranged_weapon').map((w) => one(w, false))]
}

export function readGcsXml(root: XNode): GcsCharacter {
  const version = num(xattr(root, 'version'))
  if (![2, 3, 4, 5].includes(version)) throw new ImportError(`GURPS Character Sheet XML version ${xattr(root, 'version') ?? '(none)'} is not supported (versions 2 to 5 are)`)
  const traits: Trait[] = []
  const walkTraits = (node: XNode | undefined): void => {
    for (const t of [...xkids(node, 'advantage'), ...xkids(node, 'advantage_container')]) {
      if (xattr(t, 'disabled') === 'yes') continue
      const name = xtext(t, 'name') ?? ''
      const levels = num(xtext(t, 'levels'), 1)
      traits.push({ name, levels: levels || 1, features: features(t), weapons: weapons(t, name) })
      walkTraits(t)
    }
  }
  walkTraits(xkid(root, 'advantage_list'))
  const skills: Skill[] = []
  const walkSkills = (node: XNode | undefined): void => {
    for (const s of xkids(node, 'skill')) {
      const [attribute, difficulty] = (xtext(s, 'difficulty') ?? '').split('/')
      skills.push({ name: xtext(s, 'name') ?? '', specialization: xtext(s, 'specialization') ?? '', attribute: attribute ?? '', difficulty: difficulty ?? '', points: num(xtext(s, 'points')), technique: false, features: features(s) })
    }
    for (const s of xkids(node, 'technique')) skills.push({ name: xtext(s, 'name') ?? '', specialization: '', attribute: '', difficulty: xtext(s, 'difficulty') ?? '', points: num(xtext(s, 'points')), technique: true })
    for (const c of xkids(node, 'skill_container')) walkSkills(c)
  }
  walkSkills(xkid(root, 'skill_list'))
  const equipment: Equipment[] = []
  const walkEquipment = (node: XNode | undefined): void => {
    for (const e of [...xkids(node, 'equipment'), ...xkids(node, 'equipment_container')]) {
      if (xattr(e, 'equipped') === 'no' || xattr(e, 'state') === 'carried' || xattr(e, 'state') === 'not carried') continue
      const name = xtext(e, 'description') ?? ''
      equipment.push({ name, features: features(e), weapons: weapons(e, name) })
      walkEquipment(e)
    }
  }
  walkEquipment(xkid(root, 'equipment_list'))
  // GCS 4 adds a punch and kicks unless told not to (GURPS Basic Set p.B271).
  const unarmed: Weapon[] = []
  const skill = (name: string, modifier = 0): Default => ({ type: 'skill', name, modifier })
  // A character whose traits already give a punch or kick (Natural Attacks) gets no second one.
  const own = new Set(traits.flatMap((t) => t.weapons.map((w) => w.usage.toLowerCase())))
  if (xtext(root, 'include_punch') !== 'false' && !own.has('punch')) {
    unarmed.push({ owner: 'Natural Attacks', usage: 'Punch', melee: true, damage: { type: 'cr', st: 'thr', base: '-1' }, reach: 'C', parry: '0', range: '', defaults: [{ type: 'dx', modifier: 0 }, skill('Boxing'), skill('Brawling'), skill('Karate')] })
  }
  if (xtext(root, 'include_kick') !== 'false' && !own.has('kick')) {
    unarmed.push({ owner: 'Natural Attacks', usage: 'Kick', melee: true, damage: { type: 'cr', st: 'thr', base: '' }, reach: 'C,1', parry: 'No', range: '', defaults: [{ type: 'dx', modifier: -2 }, skill('Brawling', -2), skill('Karate', -2)] })
  }
  if (unarmed.length) traits.push({ name: 'Natural Attacks', levels: 1, features: [], weapons: unarmed })
  const profile = xkid(root, 'profile')
  return {
    format: `GURPS Character Sheet 4 (XML, version ${version})`,
    name: xtext(profile, 'name') || 'Imported character',
    st: num(xtext(root, 'ST'), 10),
    dx: num(xtext(root, 'DX'), 10),
    iq: num(xtext(root, 'IQ'), 10),
    ht: num(xtext(root, 'HT'), 10),
    hpAdj: num(xtext(root, 'HP')),
    willAdj: num(xtext(root, 'will')),
    perAdj: num(xtext(root, 'perception')),
    speedAdj: num(xtext(root, 'speed')),
    moveAdj: num(xtext(root, 'move')),
    cached: {},
    traits,
    skills,
    equipment,
  }
}
