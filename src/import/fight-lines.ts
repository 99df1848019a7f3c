/**
 * The first lines of an import's report: what the fight uses (his attacks, his defences, how he moves), in
 * a GM's words, read off the imported fighter itself so they always say what the simulator will play. The
 * rest of the report (how each number was read or computed, defaults, what is not modelled) follows, folded.
 */

type Json = Record<string, unknown>

const obj = (v: unknown): Json | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined)
const n = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const s = (v: unknown): string => (typeof v === 'string' ? v : '')
const signed = (x: number): string => (x < 0 ? `−${-x}` : `+${x}`)

/** His attacks: the list when he has several (each by name), else the one. */
function attacksOf(c: Json, plural: string, singular: string): Json[] {
  const list = c[plural]
  if (Array.isArray(list)) return list.map(obj).filter((x): x is Json => x !== undefined)
  const one = obj(c[singular])
  return one ? [one] : []
}

function gurps(c: Json): string[] {
  const out: string[] = []
  for (const w of attacksOf(c, 'weapons', 'weapon')) {
    const ranged = s(w.ranged) !== '' && s(w.ranged) !== 'no'
    const reach = n(w.reach)
    out.push(`attack: ${s(w.name) || 'weapon'}, skill ${n(w.skill) ?? '?'}, damage ${s(w.damage)} ${s(w.type)}${ranged ? ', ranged' : reach !== undefined ? `, reach ${reach === 0 ? 'C' : reach}` : ''}`)
  }
  const speed = n(c.basicSpeed) ?? 5
  const cr = c.combatReflexes === true || c.enhancedTimeSense === true
  const enc = n(c.encumbrance) ?? 0
  const ENC = ['', 'Light', 'Medium', 'Heavy', 'Extra-Heavy']
  const dodge = Math.floor(speed) + 3 + (cr ? 1 : 0) - enc
  const first = attacksOf(c, 'weapons', 'weapon')[0]
  const parts = [`Dodge ${dodge} (Basic Speed ${speed} without fractions + 3${cr ? ', +1 Combat Reflexes' : ''}${enc ? `, −${enc} for ${ENC[enc]} encumbrance` : ''})`]
  if (first && first.canParry !== false && !(s(first.ranged) !== '' && s(first.ranged) !== 'no')) {
    const skill = n(first.skill) ?? 10
    const parry = 3 + Math.floor(skill / 2) + (n(first.parry) ?? 0) + (cr ? 1 : 0)
    parts.push(`Parry ${parry} with ${s(first.name)} (3 + half skill ${skill}${n(first.parry) ? ` ${signed(n(first.parry) as number)}` : ''}${cr ? ', +1 Combat Reflexes' : ''})`)
  }
  const shield = obj(c.shield)
  if (shield) parts.push(`Block with a shield at skill ${n(shield.skill) ?? '?'}, DB ${n(shield.db) ?? 0}`)
  const limited = Array.isArray(c.drAgainst) ? (c.drAgainst as { dr: number; types: string[] }[]).map((d) => `, +${d.dr} against ${d.types.join('/')}`).join('') : ''
  parts.push(`DR ${n(c.dr) ?? 0}${limited}`)
  out.push(`defences: ${parts.join('; ')}`)
  const move = n(c.move)
  const moveNow = move === undefined ? '?' : Math.max(enc ? 1 : 0, Math.floor((move * [10, 8, 6, 4, 2][enc]) / 10))
  out.push(`movement: Move ${moveNow}${enc ? ` (${move ?? '?'} at ${ENC[enc]} encumbrance)` : ''}; HP ${n(c.hp) ?? '?'}`)
  return out
}

function hero(c: Json): string[] {
  const out: string[] = []
  for (const a of attacksOf(c, 'attacks', 'attack')) {
    const ocv = n(a.ocv)
    out.push(`attack: ${s(a.name) || 'attack'}, ${s(a.dice)} ${s(a.kind)} against ${s(a.vs)}, ${s(a.range) === 'hth' ? 'hand-to-hand' : 'ranged'}, OCV ${n(c.ocv) ?? '?'}${ocv ? `, ${signed(ocv)} with this attack` : ''}`)
  }
  const luck = n(c.combatLuck) ?? 0
  const worn = obj(c.armour)
  const when = worn ? [Array.isArray(worn.covers) ? `on hits to the ${(worn.covers as string[]).join(', ')}` : '', n(worn.activation) !== undefined ? `when 3d6 rolls ${n(worn.activation) ?? '?'} or less` : ''].filter(Boolean).join(' and ') : ''
  const extra = `${luck ? `; Combat Luck ${luck} (+${3 * luck} resistant PD and ED)` : ''}${worn ? `; armour ${n(worn.pd) ?? 0} resistant PD, ${n(worn.ed) ?? 0} resistant ED ${when}` : ''}`
  out.push(`defences: DCV ${n(c.dcv) ?? '?'}; PD ${n(c.pd) ?? 0} (${n(c.rpd) ?? 0} resistant), ED ${n(c.ed) ?? 0} (${n(c.red) ?? 0} resistant)${extra}; STUN ${n(c.stun) ?? '?'}, BODY ${n(c.body) ?? '?'}`)
  out.push(`movement and speed: SPD ${n(c.spd) ?? '?'}, DEX ${n(c.dex) ?? '?'} (the simulator's fights are in reach; no movement on a map)`)
  return out
}

/** The Star Wars combat skills and weapon qualities in the books' words. */
const SW_SKILL: Record<string, string> = { 'ranged-light': 'Ranged (Light)', 'ranged-heavy': 'Ranged (Heavy)', gunnery: 'Gunnery', melee: 'Melee', brawl: 'Brawl' }
const SW_QUALITY: Record<string, string> = { accurate: 'Accurate', inaccurate: 'Inaccurate', pierce: 'Pierce', breach: 'Breach', vicious: 'Vicious', stunDamage: 'Stun Damage', knockdown: 'Knockdown', linked: 'Linked', autoFire: 'Auto-fire', blast: 'Blast' }
const cap = (x: string): string => x.charAt(0).toUpperCase() + x.slice(1)

function genesys(c: Json): string[] {
  const out: string[] = []
  for (const w of attacksOf(c, 'weapons', 'weapon')) {
    const q = obj(w.qualities)
    const qs = q ? Object.entries(q).filter(([, v]) => v !== false && v !== 0).map(([k, v]) => (v === true ? (SW_QUALITY[k] ?? k) : `${SW_QUALITY[k] ?? k} ${String(v)}`)) : []
    const skill = SW_SKILL[s(w.skill)] ?? s(w.skill)
    const melee = s(w.skill) === 'melee' || s(w.skill) === 'brawl'
    out.push(`attack: ${s(w.name) || 'weapon'}, ${skill}, damage ${w.addsBrawn === true ? `Brawn + ${n(w.damage) ?? '?'}` : (n(w.damage) ?? '?')}, Critical ${n(w.crit) ?? '?'}, ${melee ? 'engaged' : `range ${cap(s(w.range) || 'long')}`}${qs.length ? `, ${qs.join(', ')}` : ''}`)
  }
  out.push(`defences: soak ${n(c.soak) ?? 0}, melee defence ${n(c.meleeDefense) ?? 0}, ranged defence ${n(c.rangedDefense) ?? 0}; wound threshold ${n(c.woundThreshold) ?? '?'}, strain threshold ${n(c.strainThreshold) ?? '?'}`)
  out.push('movement: the simulator plays range bands as the plan sets them')
  return out
}

function l5r(c: Json): string[] {
  const out: string[] = []
  for (const w of attacksOf(c, 'weapons', 'weapon')) {
    // a bow is shot with Reflexes (the simulator's agility), a melee weapon with the attack Trait (agility when none)
    const bow = s(w.kind) === 'bow'
    const trait = bow ? n(c.agility) : (n(c.attackTrait) ?? n(c.agility))
    const strength = bow ? `plus the lower of Strength ${n(c.strength) ?? '?'} and bow strength ${n(w.bowStrength) ?? '?'}` : `plus Strength ${n(c.strength) ?? '?'}`
    out.push(`attack: ${s(w.name) || 'weapon'} (${s(w.kind) || 'melee'}), attack roll (${trait ?? '?'} + ${n(c.attackSkill) ?? 0}) k ${trait ?? '?'}, damage ${n(w.rolled) ?? '?'}k${n(w.kept) ?? '?'} ${strength}`)
  }
  const armor = s(c.armor)
  out.push(`defences: Armor TN ${5 + 5 * (n(c.agility) ?? 0)} before armour (5 + 5 × Reflexes ${n(c.agility) ?? '?'}), armour ${armor || 'none'}, Defense skill ${n(c.defenseSkill) ?? 0}; wound ranks from Earth ${n(c.earth) ?? '?'}`)
  out.push('movement: the simulator plays no map; every fighter is in reach')
  return out
}

function bushido(c: Json): string[] {
  const out: string[] = []
  const traits = (pierce: unknown, brutal: unknown): string => [n(pierce) ? `Pierce ${String(pierce)}` : '', n(brutal) ? `Brutal ${String(brutal)}` : ''].filter(Boolean).map((x) => `, ${x}`).join('')
  out.push(`melee: pool ${n(c.melee) ?? '?'} dice, weapon Strength ${signed(n(c.strength) ?? 0)}${traits(c.pierce, c.brutal)}${c.reach === true ? ', Reach' : ''}${n(c.parry) ? `, Parry ${String(c.parry)}` : ''}`)
  if (n(c.ranged)) out.push(`ranged: pool ${String(c.ranged)} dice, weapon Strength ${signed(n(c.rangedStrength) ?? 0)}${traits(c.rangedPierce, c.rangedBrutal)}`)
  out.push(`defences: Armour ${n(c.armour) ?? 0}, Tough ${n(c.tough) ?? 0}${c.durable === true ? ', Durable' : ''}; Wounds ${n(c.wounds) ?? '?'}; Ki ${n(c.ki) ?? 0} a turn${c.kiMax !== undefined ? `, up to ${String(c.kiMax)}` : ''}`)
  return out
}

const BY_SYSTEM: Record<string, (c: Json) => string[]> = { gurps, hero, genesys, l5r, bushido }

/** How each system says what "his best" weighs. */
const BEST_MEASURE: Record<string, string> = {
  gurps: 'the highest expected injury a blow (chance to hit, chance the foe fails to defend, injury past DR)',
  hero: 'the highest expected STUN after defences (chance to hit × mean STUN past PD or ED)',
  genesys: 'the highest expected damage an attack (chance to hit × mean damage past soak), a weapon that cannot reach his foe where they stand left out',
  l5r: 'the highest expected wounds an attack (chance to hit his Armor TN × mean damage past Reduction), a bow left out in Full Attack',
}

/**
 * What the fight uses of this fighter, first in the report; `plan` is what his plan gets from the import
 * (`{ using: 'best' }` when he has several attacks), said after his attacks.
 */
export function fightLines(system: string, combatant: Record<string, unknown>, plan?: Record<string, unknown>): string[] {
  const lines = BY_SYSTEM[system]?.(combatant) ?? []
  const own = obj(combatant.plan)
  const using = plan?.using ?? own?.using
  if (using === 'best') {
    const k = lines.filter((l) => l.startsWith('attack: ')).length
    lines.splice(k, 0, `which attack: his best against his foe, chosen each time he attacks: ${BEST_MEASURE[system] ?? 'the highest expected damage'}; the trace names it and why`)
  }
  return lines
}
