import type { Equipment, Feature, GcsCharacter, Skill, Trait, Weapon } from './gurps-model'
import { xkid, xkids, xtext, type XNode } from './source'
import { ImportError } from './types'

/**
 * GURPS characters from builders that store what they computed: GURPS Character Assistant 5 (.gca5 XML,
 * attribute scores and skill levels with every bonus) and Foundry VTT's GURPS system (an actor export:
 * attribute values, skill levels, weapon lines with their level). Both become the same character the
 * GURPS Character Sheet path reads, with the stored levels used as they are, so the combat values follow
 * one mapping.
 */

type Json = Record<string, unknown>
const isObj = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x)
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN
  return Number.isFinite(n) ? n : undefined
}

/** "sw+2 cr", "1d-1 cr", "2d pi+", "thr imp" → the GCS damage shape. */
export function parseDamage(text: string, typeHint?: string): Weapon['damage'] | undefined {
  const m = /^\s*(sw|thr)?\s*([+-]?\s*\d*d?\s*[+-]?\s*\d*)\s*([a-z]+[+-]*)?\s*$/i.exec(text.trim())
  if (!m) return undefined
  const st = (m[1] ?? '').toLowerCase()
  const base = (m[2] ?? '').replace(/\s/g, '')
  const type = (m[3] ?? typeHint ?? '').toLowerCase()
  if (!st && !/d/.test(base)) return undefined
  return { type, st, base }
}

/** "SK:Guns (Pistol)" or "ST:DX-4" → a GCS default. */
function skillRef(ref: string): Weapon['defaults'][number] | undefined {
  const m = /^"?(SK|ST):([^"]+?)"?\s*([+-]\s*\d+)?$/.exec(ref.trim())
  if (!m) return undefined
  const modifier = m[3] ? Number(m[3].replace(/\s/g, '')) : 0
  if (m[1] === 'ST') return { type: m[2].toLowerCase(), modifier }
  const sp = /^(.*?)\s*\((.*)\)$/.exec(m[2])
  return { type: 'skill', name: sp ? sp[1] : m[2], specialization: sp ? sp[2] : undefined, modifier }
}

const DIFF: Record<string, string> = { E: 'e', A: 'a', H: 'h', VH: 'vh', W: 'w' }
/** "DX/A" → { attribute: "dx", difficulty: "a" }. */
function skillType(t: string): { attribute: string; difficulty: string } | undefined {
  const m = /^\s*([A-Za-z]+)\s*\/\s*(E|A|H|VH|W)\s*$/i.exec(t)
  if (!m) return undefined
  const attr = m[1].toLowerCase()
  return { attribute: attr === 'per' || attr === 'perception' ? 'per' : attr === 'will' ? 'will' : attr, difficulty: DIFF[m[2].toUpperCase()] }
}

/** Builds the character from attribute values: the differences from their bases become the stored adjustments. */
function fromScores(format: string, name: string, a: { st: number; dx: number; iq: number; ht: number; hp: number; will: number; per: number; speed: number; move: number }, rest: { traits: Trait[]; skills: Skill[]; equipment: Equipment[] }): GcsCharacter {
  return {
    format,
    name,
    st: a.st,
    dx: a.dx,
    iq: a.iq,
    ht: a.ht,
    hpAdj: a.hp - a.st,
    willAdj: a.will - a.iq,
    perAdj: a.per - a.iq,
    speedAdj: a.speed - (a.dx + a.ht) / 4,
    moveAdj: a.move - Math.floor(a.speed),
    cached: {},
    storedLevels: true,
    ...rest,
  }
}

/** GURPS Character Assistant 5: `<gca5><character>` whose traits are `<trait type="Attributes|Advantages|Skills|Equipment|…">`. */
export function readGca5(root: XNode): GcsCharacter {
  const ch = xkid(root, 'character')
  if (!ch) throw new ImportError('the GURPS Character Assistant file has no <character>')
  const all: XNode[] = []
  const walk = (n: XNode): void => {
    for (const [k, v] of Object.entries(n)) {
      if (k.startsWith('@_') || !Array.isArray(v)) continue
      for (const c of v as unknown[]) {
        if (typeof c !== 'object' || c === null) continue
        if (k === 'trait') all.push(c as XNode)
        else walk(c as XNode)
      }
    }
  }
  walk(xkid(ch, 'traits') ?? {})
  const of = (type: string) => all.filter((t) => t['@_type'] === type)
  const attr = (name: string): number => {
    const t = of('Attributes').find((x) => xtext(x, 'name') === name)
    const v = num(xtext(t, 'score'))
    if (v === undefined) throw new ImportError(`the GURPS Character Assistant file has no ${name} score`)
    return v
  }
  const weaponsOf = (t: XNode, owner: string): Weapon[] =>
    xkids(xkid(t, 'attackmodes'), 'attackmode').flatMap((m) => {
      const dmgText = xtext(m, 'damage') ?? ''
      const damage = parseDamage(dmgText, xtext(m, 'damtype'))
      const level = num(xtext(m, 'charskillscore'))
      if (!damage || level === undefined || /^0d/.test(dmgText)) return []
      const used = (xtext(m, 'charskillused') ?? '').replace(/"/g, '')
      const ref = skillRef(used)
      const melee = (xtext(m, 'reach') ?? xtext(m, 'charreach')) !== undefined && xtext(m, 'rangemax') === undefined
      return [{
        owner,
        usage: xtext(m, 'name') ?? '',
        melee,
        damage,
        reach: xtext(m, 'charreach') ?? xtext(m, 'reach') ?? '',
        parry: xtext(m, 'charparry') ?? xtext(m, 'parry') ?? '',
        range: xtext(m, 'charrangemax') ?? '',
        defaults: ref ? [ref] : [],
        storedLevel: { level, from: used.replace(/^(SK|ST):/, '') || 'the file' },
      }]
    })
  const named = (t: XNode): string => {
    const ext = xtext(t, 'nameext')
    return ext ? `${xtext(t, 'name') ?? ''} (${ext})` : (xtext(t, 'name') ?? '')
  }
  const traits: Trait[] = ['Advantages', 'Disadvantages', 'Perks', 'Quirks'].flatMap((type) =>
    of(type).map((t) => ({ name: xtext(t, 'name') ?? '', levels: num(xtext(t, 'level')) ?? 1, features: [], weapons: weaponsOf(t, named(t)) })),
  )
  const skills: Skill[] = of('Skills').flatMap((t) => {
    const ty = skillType(xtext(t, 'type') ?? '')
    const level = num(xtext(t, 'level'))
    if (level === undefined) return []
    return [{ name: xtext(t, 'name') ?? '', specialization: xtext(t, 'nameext') ?? '', attribute: ty?.attribute ?? 'dx', difficulty: ty?.difficulty ?? 'a', points: num(xtext(t, 'points')) ?? 0, technique: false, cachedLevel: level }]
  })
  const equipment: Equipment[] = of('Equipment').map((t) => {
    const features: Feature[] = []
    const armor = xkid(t, 'armordata')
    const dr = xtext(armor, 'chardr') ?? xtext(armor, 'dr')
    const where = (xtext(armor, 'charlocation') ?? xtext(armor, 'location') ?? '').split(',').map((l) => l.trim()).filter(Boolean)
    // a split DR ("12/5": the first against cutting and piercing) counts at its lower value: one DR in the simulator
    const parts = (dr ?? '').split('/').map((x) => Number.parseInt(x, 10)).filter((x) => Number.isFinite(x))
    if (parts.length) features.push({ type: 'dr', locations: where, amount: Math.min(...parts), perLevel: false })
    const label = parts.length > 1 ? `${named(t)} (split DR ${dr ?? ''}: the lower counts)` : named(t)
    return { name: label, features, weapons: weaponsOf(t, named(t)) }
  })
  const name = (xtext(ch, 'name') ?? '').trim() || 'Imported character'
  return fromScores('GURPS Character Assistant 5 (.gca5)', name, {
    st: attr('ST'), dx: attr('DX'), iq: attr('IQ'), ht: attr('HT'), hp: attr('Hit Points'), will: attr('Will'), per: attr('Perception'), speed: attr('Basic Speed'), move: attr('Basic Move'),
  }, { traits, skills, equipment })
}

/** Whether a JSON file is a Foundry VTT GURPS actor: `data` (or `system`) with attributes ST/DX/IQ/HT. */
export function isFoundryGurps(json: unknown): boolean {
  if (!isObj(json)) return false
  const d = isObj(json.system) ? json.system : isObj(json.data) ? json.data : undefined
  return !!d && isObj(d.attributes) && isObj(d.attributes.ST) && isObj(d.attributes.DX)
}

/** A Foundry VTT GURPS actor export: stored values, skills with their level, melee and ranged lines with theirs. */
export function readFoundryGurps(j: Json): GcsCharacter {
  const d = (isObj(j.system) ? j.system : j.data) as Json
  const at = d.attributes as Json
  const val = (x: unknown, label: string): number => {
    const v = num(isObj(x) ? (x.value ?? x.max) : x)
    if (v === undefined) throw new ImportError(`the Foundry actor has no ${label}`)
    return v
  }
  const list = (x: unknown): Json[] => (isObj(x) ? Object.values(x).filter(isObj) : Array.isArray(x) ? x.filter(isObj) : [])
  // The game aid's newer actors (1.0) keep skills, traits and weapons as items of their own, not in the
  // actor's data: refused with what to do rather than read as a fighter with no attack.
  const itemTypes = [...new Set((Array.isArray(j.items) ? j.items.filter(isObj) : []).map((i) => String(i.type)))]
  if (!list(d.melee).length && !list(d.ranged).length && !list(d.skills).length && itemTypes.length) {
    throw new ImportError(
      `this Foundry VTT GURPS actor keeps its skills and weapons as items (${itemTypes.join(', ')}), as the game aid's 1.0 characters do, and this importer reads the actor exports that list them in the actor; export the character from GURPS Character Sheet or GURPS Character Assistant and import that file`,
    )
  }
  // skills and traits nest in "contains"
  const flat = (xs: Json[]): Json[] => xs.flatMap((x) => [x, ...flat(list(x.contains))])
  const skills: Skill[] = flat(list(d.skills)).flatMap((s) => {
    const level = num(s.import ?? s.level)
    const ty = skillType(String(s.type ?? ''))
    if (level === undefined || !ty) return []
    const m = /^(.*?)(?:\/TL\d+)?\s*(?:\((.*)\))?$/.exec(String(s.name ?? ''))
    return [{ name: (m?.[1] ?? String(s.name)).trim(), specialization: (m?.[2] ?? '').trim(), attribute: ty.attribute, difficulty: ty.difficulty, points: num(s.points) ?? 0, technique: false, cachedLevel: level }]
  })
  const traits: Trait[] = flat(list(d.ads)).map((t) => {
    const m = /^(.*?)\s+(\d+)$/.exec(String(t.name ?? ''))
    return { name: (m?.[1] ?? String(t.name ?? '')).trim(), levels: m ? Number(m[2]) : 1, features: [], weapons: [] }
  })
  const cr = traits.some((t) => /^(combat reflexes|enhanced time sense)$/i.test(t.name))
  const weaponLines = (x: unknown, melee: boolean): Weapon[] =>
    list(x).flatMap((w) => {
      const damage = parseDamage(String(w.damage ?? ''))
      const level = num(w.level ?? w.import)
      if (!damage || level === undefined) return []
      // Foundry's parry column holds the Parry itself (10), not the weapon's modifier (0): 3 + half the
      // level, + 1 with Combat Reflexes (GURPS Basic Set p.B376) is taken back off; a modifier (−5…+5) stays.
      let parry = String(w.parry ?? '')
      const pm = /^(\d+)(.*)$/.exec(parry.trim())
      if (melee && pm && Number(pm[1]) > 5) parry = `${Number(pm[1]) - 3 - Math.floor(level / 2) - (cr ? 1 : 0)}${pm[2]}`
      return [{ owner: String(w.name ?? 'weapon'), usage: String(w.mode ?? ''), melee, damage, reach: String(w.reach ?? ''), parry, range: String(w.range ?? ''), defaults: [], storedLevel: { level, from: 'the file' } }]
    })
  // Foundry keeps DR per hit location: the torso's is the one the simulator uses
  // (hitlocationsV2, the 1.0 layout: the DR the file imported is "import")
  const torso = [...list(d.hitlocations), ...list(d.hitlocationsV2)].find((h) => /^torso$/i.test(String(h.where ?? '')))
  const dr = num(torso?.dr ?? torso?.import) ?? 0
  const equipment: Equipment[] = [{ name: 'armour on the torso', features: dr ? [{ type: 'dr', locations: ['torso'], amount: dr, perLevel: false }] : [], weapons: [...weaponLines(d.melee, true), ...weaponLines(d.ranged, false)] }]
  return fromScores(`Foundry VTT GURPS actor`, String(j.name ?? '').trim() || 'Imported character', {
    st: val(at.ST, 'ST'), dx: val(at.DX, 'DX'), iq: val(at.IQ, 'IQ'), ht: val(at.HT, 'HT'), hp: val(isObj(d.HP) ? d.HP.max : d.HP, 'HP'), will: val(at.WILL, 'Will'), per: val(at.PER, 'Perception'), speed: val(d.basicspeed, 'Basic Speed'), move: val(d.basicmove, 'Basic Move'),
  }, { traits, skills, equipment })
}

/**
 * Fantasy Grounds' XML for GURPS, which GURPS Character Assistant (and GURPS Character Sheet) export:
 * `<root version="…" release="…"><character>` with stored values. The layout is the one Foundry VTT's GURPS
 * game aid reads such exports with: `<attributes>` (strength, dexterity, intelligence, health, will,
 * perception, hitpoints, basicspeed, basicmove), `<abilities><skilllist>` and `<traits><adslist>` of
 * `<id-00001>` entries (name, type "DX/A", level, points), `<combat><meleecombatlist>` of weapons whose
 * `<meleemodelist>` holds each use (name, level, damage "sw+1 cut", reach, parry) and `<rangedcombatlist>`
 * with `<rangedmodelist>` (level, damage, acc, range, shots), `<combat><protectionlist>` of hit locations
 * (location, dr "4" or "2 + 2"), and `<encumbrance>` with `enc_0`…`enc_4` (1 marks the current level) and
 * each level's `enc0_move`, `enc0_dodge`…
 */
export function readFantasyGrounds(root: XNode): GcsCharacter {
  const ch = xkid(root, 'character')
  if (!ch) throw new ImportError('this Fantasy Grounds file has no <character>: it is a campaign or module file, not a character export')
  const ids = (n: XNode | undefined): XNode[] =>
    Object.entries(n ?? {})
      .filter(([k, v]) => /^id-/.test(k) && Array.isArray(v))
      .flatMap(([, v]) => (v as unknown[]).filter((x): x is XNode => typeof x === 'object' && x !== null))
  const at = xkid(ch, 'attributes')
  const score = (tag: string, label: string): number => {
    const v = num(xtext(at, tag))
    if (v === undefined) throw new ImportError(`the Fantasy Grounds character has no ${label} (attributes › ${tag})`)
    return v
  }
  const abilities = xkid(ch, 'abilities')
  const skills: Skill[] = ids(xkid(abilities, 'skilllist')).flatMap((s) => {
    const level = num(xtext(s, 'level'))
    const ty = skillType(xtext(s, 'type') ?? '')
    if (level === undefined || !ty) return []
    const m = /^(.*?)(?:\/TL\d+)?\s*(?:\((.*)\))?$/.exec(xtext(s, 'name') ?? '')
    return [{ name: (m?.[1] ?? '').trim(), specialization: (m?.[2] ?? '').trim(), attribute: ty.attribute, difficulty: ty.difficulty, points: num(xtext(s, 'points')) ?? 0, technique: false, cachedLevel: level }]
  })
  const traitsNode = xkid(ch, 'traits')
  const traits: Trait[] = [...ids(xkid(traitsNode, 'adslist')), ...ids(xkid(traitsNode, 'disadslist'))].map((t) => {
    const name = (xtext(t, 'name') ?? '').trim()
    const m = /^(.*?)\s+(\d+)$/.exec(name)
    return { name: (m?.[1] ?? name).trim(), levels: m ? Number(m[2]) : 1, features: [], weapons: [] }
  })
  const combat = xkid(ch, 'combat')
  const lines = (list: string, modes: string, melee: boolean): Weapon[] =>
    ids(xkid(combat, list)).flatMap((w) =>
      ids(xkid(w, modes)).flatMap((m) => {
        const damage = parseDamage(xtext(m, 'damage') ?? '')
        const level = num(xtext(m, 'level'))
        if (!damage || level === undefined) return []
        return [{ owner: (xtext(w, 'name') ?? 'weapon').trim(), usage: (xtext(m, 'name') ?? '').trim(), melee, damage, reach: xtext(m, 'reach') ?? '', parry: xtext(m, 'parry') ?? '', range: xtext(m, 'range') ?? '', defaults: [], storedLevel: { level, from: 'the file' }, shots: xtext(m, 'shots'), accuracy: xtext(m, 'acc') }]
      }),
    )
  // DR per hit location ("2 + 2" adds up): the torso's is the one the simulator uses
  const torso = ids(xkid(combat, 'protectionlist')).find((h) => /^torso$/i.test((xtext(h, 'location') ?? '').trim()))
  const drText = (xtext(torso, 'dr') ?? '').trim()
  const dr = /^\d+(\s*\+\s*\d+)*$/.test(drText) ? drText.split('+').reduce((s, x) => s + Number(x), 0) : 0
  const equipment: Equipment[] = [{ name: 'armour on the torso', features: dr ? [{ type: 'dr', locations: ['torso'], amount: dr, perLevel: false }] : [], weapons: [...lines('meleecombatlist', 'meleemodelist', true), ...lines('rangedcombatlist', 'rangedmodelist', false)] }]
  const enc = xkid(ch, 'encumbrance')
  const current = [0, 1, 2, 3, 4].find((i) => (xtext(enc, `enc_${i}`) ?? '').trim() === '1')
  const perLevel = (what: string): number[] | undefined => {
    const v = [0, 1, 2, 3, 4].map((i) => num(xtext(enc, `enc${i}_${what}`)))
    return v.every((x) => x !== undefined) ? (v as number[]) : undefined
  }
  const st = score('strength', 'ST')
  const iq = score('intelligence', 'IQ')
  const out = fromScores('Fantasy Grounds XML (GURPS)', (xtext(ch, 'name') ?? '').trim() || 'Imported character', {
    st, dx: score('dexterity', 'DX'), iq, ht: score('health', 'HT'), hp: num(xtext(at, 'hitpoints')) ?? st, will: num(xtext(at, 'will')) ?? iq, per: num(xtext(at, 'perception')) ?? iq, speed: score('basicspeed', 'Basic Speed'), move: score('basicmove', 'Basic Move'),
  }, { traits, skills, equipment })
  const move = perLevel('move')
  const dodge = perLevel('dodge')
  return { ...out, ...(current !== undefined ? { storedEncumbrance: current } : {}), ...(move ? { storedMove: move } : {}), ...(dodge ? { storedDodge: dodge } : {}) }
}
