import { HIT_LOCATIONS } from '../engine/systems/hero/schema'
import { xattr, xkids, type XNode } from './source'
import { defaulted, type ImportReport } from './types'

/**
 * A HERO fighter's defences as the builder totals them: PD and ED from his characteristics, PD and ED
 * bought as powers (also inside a Compound Power or an Elemental Control), Resistant Protection (6E) or
 * Armor and Force Field (5E), Damage Resistance, Combat Luck, and armour that counts only on some hits
 * (it covers some hit locations, or needs an activation roll), played as the simulator's per-hit armour.
 * Shared by the Hero Designer file and its Roll20 export.
 */

/** A piece of defence read from the file: resistant (armour) or normal (PD/ED bought as a power). */
export interface DefencePiece {
  label: string
  pd: number
  ed: number
  resistant: boolean
  /** 3d6 activation roll: it counts on a hit when 3d6 rolls this or less. */
  activation?: number
  /** The 3d6 hit location rolls it covers (3–18), when it covers only some. */
  rolls?: number[]
  /** Where the activation or the locations were read, in the file's words ("Requires A Roll 14-"). */
  how?: string
}

export interface HeroDefences {
  pd: number
  rpd: number
  ed: number
  red: number
  combatLuck?: number
  armour?: { pd: number; ed: number; activation?: number; covers?: string[] }
}

/** Chance that 3d6 rolls `n` exactly (out of 216). */
const WAYS = [0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
const pct = (x: number): string => `${(100 * x).toFixed(1).replace(/\.0$/, '')}%`
const chanceOfRolls = (rolls: number[]): number => rolls.reduce((s, r) => s + (WAYS[r] ?? 0), 0) / 216
const chanceAtOrBelow = (n: number): number => chanceOfRolls(Array.from({ length: 16 }, (_, i) => i + 3).filter((r) => r <= n))

/** "locations 6-18", "Locations 7-14", "Locations 16-18, 6-7", "Location 5": the 3d6 rolls named, or undefined. */
export function locationRolls(text: string): number[] | undefined {
  const m = /locations?\s*:?\s*((?:\d{1,2}\s*(?:-\s*\d{1,2})?\s*(?:,|and|&)?\s*)+)/i.exec(text)
  if (!m) return undefined
  const rolls = new Set<number>()
  for (const part of m[1].split(/,|and|&/)) {
    const r = /(\d{1,2})\s*(?:-\s*(\d{1,2}))?/.exec(part)
    if (!r) continue
    const lo = Number(r[1])
    const hi = r[2] === undefined ? lo : Number(r[2])
    for (let k = Math.max(3, Math.min(lo, hi)); k <= Math.min(18, Math.max(lo, hi)); k++) rolls.add(k)
  }
  return rolls.size ? [...rolls].sort((a, b) => a - b) : undefined
}

/** The simulator's hit locations wholly inside these rolls, and the rolls that cover only part of a location. */
function locationsOf(rolls: number[]): { covers: string[]; partial: string[] } {
  const set = new Set(rolls)
  const covers: string[] = []
  const partial: string[] = []
  for (const [where, rs] of Object.entries(HIT_LOCATIONS)) {
    const inside = rs.filter((r) => set.has(r)).length
    if (inside === rs.length) covers.push(where)
    else if (inside > 0) partial.push(where)
  }
  return { covers, partial }
}

const num = (v: string | undefined): number => {
  const n = Number(v ?? '')
  return Number.isFinite(n) ? n : 0
}

/** Text of the NOTES under an element. */
function notesOf(n: XNode): string {
  return xkids(n, 'NOTES')
    .map((x) => String((x as Record<string, unknown>)['#text'] ?? ''))
    .join(' ')
}

/**
 * When the armour counts, read off its modifiers and notes: an activation roll ("Activation Roll",
 * "Requires A Roll 14-") or the hit locations it covers ("locations 7-14" in its comments or notes). An
 * activation roll that names locations stands for those locations (the hit location rules' way of
 * buying partial armour), so the locations are played. A roll against a skill has no fixed number: said.
 */
function whenItCounts(n: XNode): { activation?: number; rolls?: number[]; how?: string; unknown?: string } {
  const texts = [notesOf(n)]
  let activation: number | undefined
  let how: string | undefined
  let unknown: string | undefined
  for (const m of xkids(n, 'MODIFIER')) {
    const id = xattr(m, 'XMLID') ?? ''
    texts.push(xattr(m, 'COMMENTS') ?? '', xattr(m, 'OPTION_ALIAS') ?? '', notesOf(m))
    if (!['ACTIVATIONROLL', 'REQUIRESASKILLROLL', 'REQUIRESAROLL'].includes(id)) continue
    const alias = (xattr(m, 'ALIAS') ?? 'Activation Roll').trim()
    const option = `${xattr(m, 'OPTIONID') ?? ''} ${xattr(m, 'OPTION') ?? ''} ${xattr(m, 'OPTION_ALIAS') ?? ''}`
    const roll = /(?:^|\s)(\d{1,2})-?(?:\s|$|-)/.exec(option)
    if (roll && Number(roll[1]) >= 3 && Number(roll[1]) <= 18) {
      activation = Number(roll[1])
      how = `${alias} ${activation}-`
    } else unknown = `${alias} (${(xattr(m, 'OPTION_ALIAS') ?? '').trim() || 'no number given'})`
  }
  const rolls = locationRolls(texts.join(' '))
  if (rolls) return { rolls, how: how || unknown ? `${how ?? (unknown as string)}, standing for the locations it covers, ${rolls.join(', ')}` : `locations ${rolls.join(', ')}` }
  if (activation !== undefined) return { activation, how }
  return unknown ? { unknown } : {}
}

/** Element children of a node, with their tag. */
function children(node: XNode): { tag: string; n: XNode }[] {
  const out: { tag: string; n: XNode }[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || !Array.isArray(value)) continue
    for (const c of value as unknown[]) if (typeof c === 'object' && c !== null) out.push({ tag: key, n: c as XNode })
  }
  return out
}

const ARMOUR_IDS = ['FORCEFIELD', 'ARMOR']
const FRAMEWORKS = ['MULTIPOWER', 'VPP', 'ELEMENTAL_CONTROL', 'LIST']

/**
 * Reads his defences from a Hero Designer file: `powers` and `equipment` are the file's POWERS and
 * EQUIPMENT, `talents` every TALENT element, `attackIds` the XMLIDs of attack powers (a Multipower that
 * holds one of his attacks cannot also keep a defence up at full power).
 */
export function hdcDefences(
  base: { pd: number; ed: number },
  trees: XNode[],
  talents: XNode[],
  attackIds: string[],
  report: ImportReport,
): { defences: HeroDefences; used: Set<XNode> } {
  const pieces: DefencePiece[] = []
  const used = new Set<XNode>()
  let drPd = 0
  let drEd = 0
  // frameworks by ID, for slots that name theirs by PARENTID instead of sitting inside it
  const frameworks = new Map<string, { tag: string; n: XNode }>()
  const index = (node: XNode): void => {
    for (const c of children(node)) {
      if (FRAMEWORKS.includes(c.tag) && xattr(c.n, 'ID')) frameworks.set(xattr(c.n, 'ID') as string, c)
      index(c.n)
    }
  }
  trees.forEach(index)
  const holdsAttack = (fw: XNode): boolean => {
    const id = xattr(fw, 'ID')
    const inside = (node: XNode): boolean => children(node).some((c) => attackIds.includes(xattr(c.n, 'XMLID') ?? '') || inside(c.n))
    const byParent = (node: XNode): boolean => children(node).some((c) => (attackIds.includes(xattr(c.n, 'XMLID') ?? '') && id !== undefined && xattr(c.n, 'PARENTID') === id) || byParent(c.n))
    return inside(fw) || trees.some(byParent)
  }
  const walk = (node: XNode, framework: { tag: string; n: XNode } | undefined, compound: XNode | undefined): void => {
    for (const c of children(node)) {
      if (c.tag === 'MODIFIER' || c.tag === 'ADDER' || c.tag === 'NOTES') continue
      const fw = FRAMEWORKS.includes(c.tag) ? c : (xattr(c.n, 'PARENTID') && frameworks.get(xattr(c.n, 'PARENTID') as string)) || framework
      const id = xattr(c.n, 'XMLID') ?? (c.tag === 'PD' || c.tag === 'ED' ? c.tag : '')
      const isCompound = id === 'COMPOUNDPOWER'
      const holder = compound ?? (isCompound ? c.n : undefined)
      const name = (xattr(c.n, 'NAME') ?? '').trim()
      const label = name || (xattr(c.n, 'ALIAS') ?? '').trim() || id
      const isArmour = ARMOUR_IDS.includes(id) && c.tag === 'POWER'
      const isChar = id === 'PD' || id === 'ED'
      if (isArmour || isChar || id === 'DAMAGERESISTANCE') {
        const pd = isChar ? (id === 'PD' ? num(xattr(c.n, 'LEVELS')) : 0) : num(xattr(c.n, 'PDLEVELS'))
        const ed = isChar ? (id === 'ED' ? num(xattr(c.n, 'LEVELS')) : 0) : num(xattr(c.n, 'EDLEVELS'))
        if (pd !== 0 || ed !== 0) used.add(c.n)
        const inWhat = holder && holder !== c.n ? ` (part of ${(xattr(holder, 'NAME') ?? '').trim() || 'a Compound Power'})` : ''
        const fwName = fw ? (xattr(fw.n, 'NAME') ?? '').trim() || (xattr(fw.n, 'ALIAS') ?? '').trim() || fw.tag : ''
        if (pd === 0 && ed === 0) {
          // nothing to add: listed with the other defences that add nothing
        } else if (xattr(c.n, 'CARRIED') === 'No' || (holder && xattr(holder, 'CARRIED') === 'No')) {
          report.ignored.push(`${label}${inWhat}: ${pd} PD and ${ed} ED, not counted: the file says he does not carry it`)
        } else if (fw?.tag === 'VPP') {
          report.ignored.push(`${label}${inWhat}: ${pd} PD and ${ed} ED in his ${fwName} (a Variable Power Pool), not counted: what the pool holds changes from fight to fight`)
        } else if (fw?.tag === 'MULTIPOWER' && holdsAttack(fw.n)) {
          report.ignored.push(`${label}${inWhat}: ${pd} PD and ${ed} ED in his ${fwName} (a Multipower that also holds his attacks), not counted: the simulator keeps his defences the same all fight, and he cannot keep both up at full power`)
        } else if (id === 'DAMAGERESISTANCE') {
          drPd += pd
          drEd += ed
          report.computed.push(`${label}${inWhat}: ${pd} PD and ${ed} ED made resistant (Damage Resistance)`)
        } else {
          const when = isArmour ? whenItCounts(c.n) : {}
          const where = fw && fw.tag !== 'LIST' ? ` (a slot of his ${fwName}${fw.tag === 'ELEMENTAL_CONTROL' ? ', an Elemental Control: all its slots work at once' : ', a Multipower holding none of his attacks'})` : ''
          if (when.unknown) report.ignored.push(`${label}${inWhat}: its ${when.unknown} has no fixed number to roll; counted as if it always worked`)
          pieces.push({ label: `${label}${inWhat}${where}`, pd, ed, resistant: isArmour, activation: when.activation, rolls: when.rolls, how: when.how })
        }
      }
      walk(c.n, fw, holder)
    }
  }
  trees.forEach((t) => walk(t, undefined, undefined))

  let pd = base.pd
  let ed = base.ed
  let rpd = 0
  let red = 0
  const partial: DefencePiece[] = []
  for (const p of pieces) {
    if (p.rolls && locationsOf(p.rolls).covers.length === Object.keys(HIT_LOCATIONS).length) p.rolls = undefined
    if (p.activation !== undefined && p.activation >= 18) p.activation = undefined
    if (p.rolls || p.activation !== undefined) {
      partial.push(p)
      continue
    }
    pd += p.pd
    ed += p.ed
    if (p.resistant) {
      rpd += p.pd
      red += p.ed
    }
    report.computed.push(`${p.label}: +${p.pd} ${p.resistant ? 'resistant ' : ''}PD, +${p.ed} ${p.resistant ? 'resistant ' : ''}ED`)
  }
  rpd = Math.min(pd, rpd + drPd)
  red = Math.min(ed, red + drEd)
  const defences: HeroDefences = { pd, rpd, ed, red }

  // Combat Luck: +3 resistant PD and ED per level, kept as the simulator's own Combat Luck (HERO 6E1, Combat Luck)
  const luck = talents.filter((t) => xattr(t, 'XMLID') === 'COMBAT_LUCK')
  if (luck.length) {
    const levels = luck.reduce((s, t) => s + Math.max(1, num(xattr(t, 'LEVELS'))), 0)
    luck.forEach((t) => used.add(t))
    defences.combatLuck = Math.min(3, levels)
    if (levels > 3) defaulted(report, `Combat Luck ${levels} levels: the simulator takes at most 3; 3 used`, 'combatLuck')
    const names = [...new Set(luck.map((t) => (xattr(t, 'NAME') ?? '').trim() || (xattr(t, 'ALIAS') ?? '').trim() || 'Combat Luck'))].join(', ')
    report.computed.push(`${names}: Combat Luck ${defences.combatLuck}, +${3 * defences.combatLuck} resistant PD and +${3 * defences.combatLuck} resistant ED on top of the above (HERO 6E1, Combat Luck)`)
  }

  defences.armour = partialArmour(partial, report)
  return { defences, used }
}

/**
 * Armour that counts only on some hits. The simulator plays one such piece: a single piece, or several of
 * the same PD, ED and roll (their locations joined), is played as it is; otherwise the piece worth the most
 * on average is played and each other one is listed with what it would add on average.
 */
export function partialArmour(partial: DefencePiece[], report: ImportReport): HeroDefences['armour'] {
  if (!partial.length) return undefined
  const chance = (p: DefencePiece): number => (p.rolls ? chanceOfRolls(p.rolls) : 1) * (p.activation !== undefined ? chanceAtOrBelow(p.activation) : 1)
  const same = partial.every((p) => p.pd === partial[0].pd && p.ed === partial[0].ed && p.activation === partial[0].activation && !!p.rolls === !!partial[0].rolls)
  let played: DefencePiece
  let rest: DefencePiece[] = []
  if (same && partial.length > 1) {
    const rolls = partial[0].rolls ? [...new Set(partial.flatMap((p) => p.rolls ?? []))].sort((a, b) => a - b) : undefined
    played = { ...partial[0], label: partial.map((p) => p.label).join(' and '), rolls, how: rolls ? `locations ${rolls.join(', ')} between them` : partial[0].how }
  } else {
    const ranked = [...partial].sort((a, b) => chance(b) * (b.pd + b.ed) - chance(a) * (a.pd + a.ed))
    played = ranked[0]
    rest = ranked.slice(1)
  }
  const armour: NonNullable<HeroDefences['armour']> = { pd: played.pd, ed: played.ed }
  if (played.activation !== undefined) armour.activation = played.activation
  let chanceText = pct(chance(played))
  if (played.rolls) {
    const { covers, partial: parts } = locationsOf(played.rolls)
    if (covers.length) armour.covers = covers
    const inSim = chanceOfRolls(covers.flatMap((w) => [...HIT_LOCATIONS[w]])) * (played.activation !== undefined ? chanceAtOrBelow(played.activation) : 1)
    chanceText = pct(inSim)
    if (parts.length) {
      report.ignored.push(`${played.label}: its locations cover only part of the ${parts.join(' and ')}; the simulator's hit locations are whole, so it counts on ${pct(inSim)} of hits, not the ${pct(chance(played))} its locations give`)
    }
    if (!covers.length) {
      report.ignored.push(`${played.label}: its locations (${played.rolls.join(', ')}) cover no whole hit location; not counted`)
      return undefined
    }
  }
  report.computed.push(
    `${played.label}: ${played.pd} resistant PD and ${played.ed} resistant ED on the hits it takes (${played.how ?? 'partial'}${armour.covers ? `: ${armour.covers.join(', ')}` : ''}), ${chanceText} of hits; played as armour that counts on each hit by its own roll`,
  )
  for (const p of rest) {
    report.ignored.push(
      `${p.label}: ${p.pd} resistant PD and ${p.ed} resistant ED on ${pct(chance(p))} of hits (${p.how ?? 'partial'}), not counted: the simulator plays one piece of armour that counts only on some hits (${played.label}); on average it would add ${(chance(p) * p.pd).toFixed(1)} PD`,
    )
  }
  return armour
}
