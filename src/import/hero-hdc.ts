import { formatHeroDice, parseHeroDice, type HeroDice } from '../engine/dice/hero-damage'
import { diceWithStr } from '../engine/systems/hero/plan'
import { xattr, xkid, xkids, type XNode } from './source'
import { hdcDefences } from './hero-defences'
import { defaulted, emptyReport, ImportError, type ImportResult } from './types'

/**
 * Hero Designer character files (.hdc): XML whose characteristics are stored as LEVELS bought above the
 * template's base, powers, skills and talents as elements with an XMLID. Read into a `hero` combatant.
 */

/** 6th Edition bases (HERO 6th Edition): what a character has with no points spent. */
const BASE_6E: Record<string, number> = { STR: 10, DEX: 10, CON: 10, INT: 10, EGO: 10, PRE: 10, OCV: 3, DCV: 3, SPD: 2, PD: 2, ED: 2, REC: 4, END: 20, BODY: 10, STUN: 20 }

/** A modifier as a GM writes it: "+2", "−2", "+0". */
const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`)

/**
 * Strikes of the maneuver table (HERO 6E2 Martial Arts; the same in HERO 5E): OCV and Damage Classes, to
 * check what the file stores for a maneuver it names this way.
 */
const STANDARD_STRIKES: Record<string, { ocv: number; dc: number }> = {
  'Martial Strike': { ocv: 0, dc: 2 },
  'Offensive Strike': { ocv: -2, dc: 4 },
  'Defensive Strike': { ocv: 1, dc: 0 },
}

/** Attack powers, in a GM's words: normal or killing, and which defence stops them by default. */
const ATTACKS: Record<string, { label: string; kind: 'normal' | 'killing'; range: 'hth' | 'ranged'; addsStr?: boolean }> = {
  ENERGYBLAST: { label: 'Blast', kind: 'normal', range: 'ranged' },
  BLAST: { label: 'Blast', kind: 'normal', range: 'ranged' },
  RKA: { label: 'Ranged Killing Attack', kind: 'killing', range: 'ranged' },
  HKA: { label: 'Hand-to-Hand Killing Attack', kind: 'killing', range: 'hth' },
  HANDTOHANDATTACK: { label: 'Hand-to-Hand Attack', kind: 'normal', range: 'hth', addsStr: true },
}

/** Powers that change a fight which the simulator does not play, each with why (listed on their own line). */
const NOT_PLAYED: Record<string, string> = {
  LUCK: 'Luck is not played: the simulator rolls no Luck dice, and what good fortune does is the GM\'s call',
  DRAIN: 'Drain is not played: it lowers a characteristic, and the simulator\'s attacks take only STUN and BODY',
  DESOLIDIFICATION: 'Desolidification is not played: desolid, he could not be hurt by most attacks nor hurt anyone; the simulator keeps him solid all fight',
  DAMAGEREDUCTION: 'Damage Reduction is not played: the simulator takes no share off the damage that gets past his defences, so he takes more than the sheet says',
  DAMAGENEGATION: 'Damage Negation is not played: the simulator takes no Damage Classes off an attack before it is rolled, so he takes more than the sheet says',
}

const num = (v: string | undefined): number => {
  const n = Number(v ?? '')
  return Number.isFinite(n) ? n : 0
}

/** Dice as the simulator writes them: whole dice and ½d6 ("3½d6"); killing attacks may add a pip ("1d6+1"). */
function dice(whole: number, half: boolean, pip: number): string {
  return `${whole}${half ? '½' : ''}d6${pip > 0 ? `+${pip}` : pip < 0 ? `${pip}` : ''}`
}

/** Every element under `node` (recursively) named one of `tags`, with its parent, for ordering. */
function collect(node: XNode | undefined, tags: string[], parent?: XNode): { n: XNode; parent?: XNode }[] {
  if (!node) return []
  const out: { n: XNode; parent?: XNode }[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@_') || key === '#text' || !Array.isArray(value)) continue
    for (const child of value as unknown[]) {
      if (typeof child !== 'object' || child === null) continue
      const c = child as XNode
      if (tags.includes(key)) out.push({ n: c, parent })
      out.push(...collect(c, tags, tags.includes(key) ? c : parent))
    }
  }
  return out
}

/** Normal damage from STR: 1d6 per 5 STR, ½d6 for 3 or 4 more (the Strength Table of HERO 6th Edition). */
function strDice(str: number): { whole: number; half: boolean } {
  const s = Math.max(0, str)
  return { whole: Math.floor(s / 5), half: s % 5 >= 3 }
}

export function readHdc(root: XNode): ImportResult {
  const report = emptyReport()
  const template = xattr(root, 'TEMPLATE') ?? ''
  const info = xkid(root, 'CHARACTER_INFO')
  const name = (xattr(info, 'CHARACTER_NAME') ?? '').trim() || 'Imported character'
  if (/vehicle|base|computer|automaton/i.test(template)) {
    throw new ImportError(`${name} is built on the ${template.replace(/^builtIn\./, '').replace(/\.hdt$/, '')} template: vehicles, bases, computers and automatons are not fighters the simulator models`)
  }
  const chars = xkid(root, 'CHARACTERISTICS')
  if (!chars || !xkid(chars, 'DEX')) {
    throw new ImportError(`${name} is saved in an old Hero Designer layout without a characteristics list; open it in a current Hero Designer and save it again`)
  }
  // Edition: a built-in template names it ("…6E.hdt"); without a template a COM characteristic means 5th.
  const is6e = template ? /6E/i.test(template) || !/^builtIn\./.test(template) : xkid(chars, 'COM') === undefined
  const levelsOf = (key: string): number => num(xattr(xkid(chars, key), 'LEVELS'))
  const values: Record<string, number> = {}
  const edition = is6e ? '6th Edition' : '5th Edition'
  if (is6e) {
    for (const [key, base] of Object.entries(BASE_6E)) {
      const levels = levelsOf(key)
      values[key] = base + levels
      report.computed.push(`${key} ${values[key]} = ${base} base ${levels < 0 ? '−' : '+'} ${Math.abs(levels)} bought (HERO 6th Edition base)`)
    }
  } else {
    // 5th Edition: primary characteristics start at 10; the figured ones come from them, each part
    // rounded to the nearest whole number, halves up, and SPD drops its fraction; the file's LEVELS are
    // bought on top (HERO 5th Edition).
    const round = (x: number): number => Math.floor(x + 0.5)
    for (const key of ['STR', 'DEX', 'CON', 'BODY', 'INT', 'EGO', 'PRE']) {
      values[key] = 10 + levelsOf(key)
      report.computed.push(`${key} ${values[key]} = 10 base ${levelsOf(key) < 0 ? '−' : '+'} ${Math.abs(levelsOf(key))} bought (HERO 5E)`)
    }
    const { STR, DEX, CON, BODY } = values
    const figured: [string, number, string][] = [
      ['PD', round(STR / 5), `STR ${STR}/5`],
      ['ED', round(CON / 5), `CON ${CON}/5`],
      ['REC', round(STR / 5) + round(CON / 5), `STR ${STR}/5 + CON ${CON}/5`],
      ['END', 2 * CON, `2 × CON ${CON}`],
      ['STUN', BODY + round(STR / 2) + round(CON / 2), `BODY ${BODY} + STR ${STR}/2 + CON ${CON}/2`],
    ]
    for (const [key, base, how] of figured) {
      values[key] = base + levelsOf(key)
      report.computed.push(`${key} ${values[key]} = ${how} (${base}) + ${levelsOf(key)} bought (HERO 5E figured characteristic)`)
    }
    // In tenths, so no rounding error creeps in: 1 + DEX/10 + levels.
    const spdTenths = 10 + DEX + 10 * levelsOf('SPD')
    values.SPD = Math.floor(spdTenths / 10)
    report.computed.push(`SPD ${values.SPD} = 1 + DEX ${DEX}/10 + ${levelsOf('SPD')} bought = ${(spdTenths / 10).toFixed(1)}, fraction dropped (HERO 5E)`)
    report.ignored.push('5th Edition rules that differ from the simulator\'s HERO rules (such as the killing attack STUN multiplier) are not applied; the values above are')
    values.OCV = round(DEX / 3)
    values.DCV = round(DEX / 3)
    report.computed.push(`OCV and DCV ${values.OCV} = DEX ${DEX}/3 (HERO 5E)`)
  }
  const clamp = (key: string, lo: number, hi: number): number => {
    const v = values[key]
    const c = Math.max(lo, Math.min(hi, v))
    if (c !== v) defaulted(report, `${key} ${v} is outside what the simulator takes (${lo}–${hi}); ${c} used`, key.toLowerCase())
    return c
  }
  const combatant: Record<string, unknown> = {
    name: name.slice(0, 60),
    dex: clamp('DEX', 0, 99),
    spd: clamp('SPD', 1, 12),
    int: clamp('INT', 0, 99),
    pre: clamp('PRE', 0, 99),
    ocv: clamp('OCV', 0, 30),
    dcv: clamp('DCV', 0, 30),
    con: clamp('CON', 1, 99),
    stun: clamp('STUN', 1, 300),
    body: clamp('BODY', 1, 100),
    rec: clamp('REC', 0, 99),
    end: clamp('END', 0, 300),
  }

  // Defences as the builder totals them: characteristics, PD/ED bought as powers (in compounds and
  // framework slots too), Resistant Protection, Armor, Force Field, Damage Resistance, Combat Luck, and
  // armour that counts only on some hits (hit locations, activation roll) as the simulator's per-hit armour.
  const powers = xkid(root, 'POWERS')
  const all = [...collect(powers, ['POWER']), ...collect(xkid(root, 'EQUIPMENT'), ['POWER'])]
  const talentNodes = [...collect(xkid(root, 'TALENTS'), ['TALENT']), ...collect(xkid(root, 'SKILLS'), ['TALENT'])].map(({ n }) => n)
  const trees = [powers, xkid(root, 'EQUIPMENT')].filter((t): t is XNode => t !== undefined)
  const { defences, used: defenceNodes } = hdcDefences({ pd: values.PD, ed: values.ED }, trees, talentNodes, Object.keys(ATTACKS), report)
  const clampDefence = (v: number): number => Math.max(0, Math.min(100, v))
  Object.assign(combatant, { pd: clampDefence(defences.pd), rpd: clampDefence(defences.rpd), ed: clampDefence(defences.ed), red: clampDefence(defences.red) })
  if (defences.combatLuck) combatant.combatLuck = defences.combatLuck
  if (defences.armour) combatant.armour = defences.armour
  report.computed.push(`PD ${defences.pd} (${defences.rpd} resistant), ED ${defences.ed} (${defences.red} resistant)${defences.combatLuck ? `, and Combat Luck ${defences.combatLuck}` : ''}${defences.armour ? ', and armour that counts only on some hits' : ''}`)

  // Skills and talents the simulator models.
  const skills = [...collect(xkid(root, 'SKILLS'), ['SKILL']), ...collect(xkid(root, 'TALENTS'), ['TALENT']), ...collect(xkid(root, 'SKILLS'), ['TALENT'])]
  const csls: { name: string; levels: number; option: string; alias: string }[] = []
  // a skill's own name when the file gives one ("BattleAxe +2: "), so the report names it as the GM did
  const named = (x: XNode): string => ((xattr(x, 'NAME') ?? '').trim() ? `${(xattr(x, 'NAME') ?? '').trim()}: ` : '')
  for (const { n } of skills) {
    const id = xattr(n, 'XMLID') ?? ''
    const levels = num(xattr(n, 'LEVELS'))
    if (id === 'LIGHTNING_REFLEXES_ALL') {
      combatant.lightningReflexes = Math.min(30, ((combatant.lightningReflexes as number | undefined) ?? 0) + levels)
      report.read.push(`${(xattr(n, 'NAME') ?? '').trim() || (xattr(n, 'ALIAS') ?? '').trim() || 'Lightning Reflexes'}: +${levels} to act first (all actions)`)
    } else if (id === 'LIGHTNING_REFLEXES_SINGLE') report.ignored.push(`${named(n)}Lightning Reflexes +${levels} for a single action: not modelled`)
    else if (id === 'FAST_DRAW') {
      combatant.fastDraw = Math.min(10, levels)
      report.read.push(`Fast Draw, roll 9 + DEX/5 + ${levels}`)
    } else if (id === 'TEAMWORK') {
      combatant.teamwork = Math.min(10, levels)
      report.read.push(`Teamwork, roll 9 + DEX/5 + ${levels}`)
    } else if (id === 'COMBAT_LEVELS') {
      csls.push({ name: named(n), levels, option: (xattr(n, 'OPTIONID') ?? xattr(n, 'OPTION') ?? '').toUpperCase(), alias: (xattr(n, 'OPTION_ALIAS') ?? '').trim() })
    } else if (id === 'SKILL_LEVELS' || id === 'PENALTY_SKILL_LEVELS') {
      report.ignored.push(`${named(n)}${xattr(n, 'ALIAS') ?? id} ${levels} (${(xattr(n, 'OPTION') ?? '').toLowerCase()}): not applied`)
    }
  }

  // The attack: the first attack power, in the order Hero Designer lists them.
  // Hero Designer lists a framework's slots after it: by its POSITION, then theirs (PARENTID names the
  // framework, or the XML nests them in it).
  const byId = new Map(collect(powers, ['POWER', 'LIST', 'MULTIPOWER', 'VPP', 'ELEMENTAL_CONTROL']).map(({ n }) => [xattr(n, 'ID'), n]))
  const pos = (x: XNode | undefined): number => num(xattr(x, 'POSITION'))
  const key = (a: { n: XNode; parent?: XNode }): [number, number] => {
    const parent = a.parent ?? byId.get(xattr(a.n, 'PARENTID'))
    return parent ? [pos(parent), pos(a.n)] : [pos(a.n), -1]
  }
  const attacks = all
    .filter(({ n }) => (xattr(n, 'XMLID') ?? '') in ATTACKS)
    .map((a) => ({ ...a, key: key(a) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
  const str = values.STR
  // Martial arts: the maneuvers (their OCV, DCV and Damage Classes as the file gives them, from the
  // maneuver table) and Extra DCs. A Strike (STR + its DCs) is what the simulator can play as an attack.
  const ma = xkid(root, 'MARTIALARTS')
  const maneuvers = collect(ma, ['MANEUVER']).map(({ n }) => n)
  const extraDc = collect(ma, ['EXTRADC']).reduce((sum, { n }) => sum + num(xattr(n, 'LEVELS')), 0)
  const maneuverName = (n: XNode): string => (xattr(n, 'NAME') ?? '').trim() || (xattr(n, 'ALIAS') ?? '').trim() || (xattr(n, 'DISPLAY') ?? 'maneuver')
  const isStrike = (n: XNode): boolean => /\[NORMALDC\]\s*Strike\s*$/i.test(xattr(n, 'EFFECT') ?? '')
  const modifier = (v: string | undefined): number | undefined => (v === undefined || !/^[+-]?\d+$/.test(v.trim()) ? undefined : Number(v.trim()))
  let maneuverOcv = 0
  let strikeUsed: XNode | undefined
  // Every attack power, up to the simulator's 8 (multi-attack convention), in Hero Designer's order.
  const built: { obj: Record<string, unknown>; entry: (typeof attacks)[number] }[] = []
  const usedNames = new Set<string>()
  for (const entry of attacks) {
    if (built.length === 8) break
    const n = entry.n
    const id = xattr(n, 'XMLID') ?? ''
    const a = ATTACKS[id]
    const levels = num(xattr(n, 'LEVELS'))
    const adders = xkids(n, 'ADDER').map((x) => xattr(x, 'XMLID') ?? '')
    // Hero Designer's "+1d6 −1" adder (MINUSONEPIP) buys one more die less a pip: 0 levels with it is 1d6−1
    const minusPip = a.kind === 'killing' && adders.includes('MINUSONEPIP')
    let whole = levels + (minusPip ? 1 : 0)
    let half = adders.includes('PLUSONEHALFDIE')
    const pip = a.kind === 'killing' ? (adders.includes('PLUSONEPIP') ? 1 : 0) - (minusPip ? 1 : 0) : 0
    let text = `${levels}d6${half ? ' + ½d6' : ''}${adders.includes('PLUSONEPIP') && a.kind === 'killing' ? ' + 1 pip' : ''}${minusPip ? ' + (1d6 − 1 pip)' : ''}`
    if (a.addsStr) {
      const s = strDice(str)
      const halves = (half ? 1 : 0) + (s.half ? 1 : 0)
      whole = levels + s.whole + Math.floor(halves / 2)
      half = halves % 2 === 1
      text = `${text} + STR ${str} (${s.whole}${s.half ? '½' : ''}d6)`
    }
    const input = (xattr(n, 'INPUT') ?? '').toUpperCase()
    const vs = input === 'ED' ? 'ED' : 'PD'
    // an attack with no name of its own inside a named Compound Power (a weapon: "Baton/Shillelagh") takes its name
    const compound = entry.parent && xattr(entry.parent, 'XMLID') === 'COMPOUNDPOWER' ? (xattr(entry.parent, 'NAME') ?? '').trim() : ''
    const own = (xattr(n, 'NAME') ?? '').trim()
    const base = (own || compound || a.label).slice(0, 56)
    const kindSaid = !own && compound ? `${a.label}, the ${(xattr(n, 'ALIAS') ?? '').trim() || a.label} of his ${compound}` : a.label
    let label = base
    for (let k = 2; usedNames.has(label.toLowerCase()); k++) label = `${base} ${k}`
    const diceText = dice(whole, half, pip)
    if (parseHeroDice(diceText) === undefined) {
      report.ignored.push(`${label}: ${text} is not a damage roll the simulator takes (it needs at least ½d6)`)
      continue
    }
    usedNames.add(label.toLowerCase())
    const obj: Record<string, unknown> = { name: label, dice: diceText, kind: a.kind, vs, range: a.range }
    report.computed.push(`${label}: ${diceText} ${a.kind} vs ${vs} = ${text} (${kindSaid})`)
    if (a.kind === 'killing' && a.range === 'hth') {
      // STR adds +1 Damage Class per 5 STR to a Hand-to-Hand Killing Attack, at most doubling it (HERO 6E2 p.101)
      obj.addsStr = true
      combatant.str = Math.max(0, Math.min(200, str))
      const withStr = formatHeroDice(diceWithStr(parseHeroDice(diceText) as HeroDice, true, Math.max(0, str), 0))
      report.computed.push(`${label}: his STR ${str} adds +1 Damage Class per 5 STR, at most doubling its dice (HERO 6E2 p.101), added in play: ${withStr} with his STR (compare the sheet's "w/STR")`)
    }
    // Reduced Endurance: ½ END or 0 END per use (HERO 6E1, Reduced Endurance), as the attack's own
    const reduced = xkids(n, 'MODIFIER').find((m) => xattr(m, 'XMLID') === 'REDUCEDEND')
    const reducedTo = /ZERO/i.test(`${xattr(reduced, 'OPTIONID') ?? ''} ${xattr(reduced, 'OPTION') ?? ''}`) ? 'zero' : /HALF/i.test(`${xattr(reduced, 'OPTIONID') ?? ''} ${xattr(reduced, 'OPTION') ?? ''}`) ? 'half' : undefined
    if (reducedTo) {
      obj.reducedEnd = reducedTo
      report.computed.push(`${label}: Reduced Endurance, ${reducedTo === 'zero' ? '0 END a use' : '½ END a use (1 END per 20 Active Points, at least 1)'} (HERO 6E1, Reduced Endurance)`)
    } else if (reduced) report.ignored.push(`${label}: Reduced Endurance (${(xattr(reduced, 'OPTION_ALIAS') ?? '').trim() || '?'}) is neither ½ nor 0 END; it pays full END`)
    // Charges: an attack with Charges costs no END (HERO 6E1, Charges); the simulator does not count them down
    const charges = xkids(n, 'MODIFIER').find((m) => xattr(m, 'XMLID') === 'CHARGES')
    if (charges) {
      obj.endCost = 0
      delete obj.reducedEnd
      const count = (xattr(charges, 'OPTION_ALIAS') ?? '').trim() || '?'
      report.computed.push(`${label}: ${count} Charges, so no END a use (HERO 6E1, Charges)`)
      report.ignored.push(`${label}: its ${count} Charges are not counted down; in the simulator he never runs out`)
    }
    const others = xkids(n, 'MODIFIER').filter((m) => m !== reduced && m !== charges)
    if (others.length) report.ignored.push(`${label}: its advantages and limitations (${others.map((m) => xattr(m, 'ALIAS') ?? xattr(m, 'XMLID')).join(', ')}) are not modelled`)
    built.push({ obj, entry })
  }
  if (built.length) {
    combatant.attack = built[0].obj
    if (attacks.length > built.length) report.ignored.push(`more attacks than the simulator's 8: ${attacks.slice(built.length).map((x) => (xattr(x.n, 'NAME') ?? '').trim() || ATTACKS[xattr(x.n, 'XMLID') ?? '']?.label).join(', ')}`)
    if (maneuvers.length) report.ignored.push(`martial maneuvers (${maneuvers.map(maneuverName).join(', ')}): his attacks are his attack powers`)
  } else {
    const s = strDice(str)
    // The Strike with the most damage (then the best OCV): STR plus its Damage Classes and the Extra DCs,
    // 1d6 each for normal damage (HERO 6E2 Martial Arts).
    const strikes = maneuvers.filter(isStrike).sort((a, b) => num(xattr(b, 'DC')) - num(xattr(a, 'DC')) || (modifier(xattr(b, 'OCV')) ?? 0) - (modifier(xattr(a, 'OCV')) ?? 0))
    strikeUsed = strikes[0]
    if (strikeUsed) {
      const dc = num(xattr(strikeUsed, 'DC'))
      const mName = maneuverName(strikeUsed)
      maneuverOcv = modifier(xattr(strikeUsed, 'OCV')) ?? 0
      const diceText = dice(s.whole + dc + extraDc, s.half, 0)
      combatant.attack = { name: mName.slice(0, 60), dice: diceText, kind: 'normal', vs: 'PD', range: 'hth' }
      const standard = STANDARD_STRIKES[(xattr(strikeUsed, 'DISPLAY') ?? '').trim()]
      const differs = standard && (standard.ocv !== maneuverOcv || standard.dc !== dc) ? ` (the maneuver table gives ${signed(standard.ocv)} OCV, +${standard.dc} DC: the file's values are used)` : ''
      report.computed.push(
        `${mName}: ${diceText} normal vs PD = STR ${str} (${s.whole}${s.half ? '½' : ''}d6) + ${dc} DC${extraDc ? ` + ${extraDc} Extra DC${extraDc > 1 ? 's' : ''}` : ''}, ${signed(maneuverOcv)} OCV (${xattr(strikeUsed, 'DISPLAY') ?? 'martial maneuver'}, ${is6e ? 'HERO 6E2' : 'HERO 5E'} Martial Arts)${differs}`,
      )
      const dcv = modifier(xattr(strikeUsed, 'DCV'))
      if (dcv) report.ignored.push(`${mName}: its ${signed(dcv)} DCV until his next Phase (the simulator keeps one DCV for the whole fight)`)
    } else {
      const diceText = dice(s.whole, s.half, 0)
      combatant.attack = { name: 'Punch', dice: diceText === '0d6' ? '½d6' : diceText, kind: 'normal', vs: 'PD', range: 'hth' }
      defaulted(report, `no attack power: a Punch with STR ${str}, ${diceText} normal`, 'attack')
    }
    const rest = maneuvers.filter((m) => m !== strikeUsed)
    if (rest.length) {
      const why = (m: XNode): string => {
        const effect = xattr(m, 'EFFECT') ?? ''
        if (/dodge/i.test(effect)) return 'a Dodge: the simulator\'s Dodge is +3 DCV'
        if (/block/i.test(effect)) return 'a Block: the simulator\'s Block is its own'
        if (isStrike(m)) return 'another Strike: each fighter has one attack'
        return 'not a Strike the simulator plays'
      }
      report.ignored.push(`martial maneuvers: ${rest.map((m) => `${maneuverName(m)} (${why(m)})`).join('; ')}`)
    }
  }

  // Combat Skill Levels that cover each attack: on his OCV with it (a GM may put them on DCV in play; the
  // simulator keeps them on the attack). HTH and ranged levels cover every attack of that kind; a level
  // for a group of attacks or one attack counts only when the file names the attack (HERO 6E1 Combat Skill Levels).
  type Target = { obj: Record<string, unknown>; entry?: (typeof attacks)[number] }
  const targets: Target[] = built.length ? built : [{ obj: combatant.attack as Record<string, unknown> }]
  const namesOf = (t: Target): string[] => {
    // the attack by its own name, its power's, and the framework holding it ("with Sentient Pistol")
    const holder = t.entry ? (t.entry.parent ?? byId.get(xattr(t.entry.n, 'PARENTID'))) : undefined
    return [String(t.obj.name), ...(t.entry ? [ATTACKS[xattr(t.entry.n, 'XMLID') ?? '']?.label ?? '', (xattr(holder, 'NAME') ?? '').trim(), (xattr(holder, 'ALIAS') ?? '').trim()] : ['Strike'])]
      .filter(Boolean)
      .map((x) => x.toLowerCase())
  }
  const cslOcv = new Map<Record<string, unknown>, number>()
  for (const c of csls) {
    const what = `${c.name}Combat Skill Levels ${c.levels}${c.alias ? ` ${c.alias}` : ''}`
    const group = ['SINGLE', 'SINGLESINGLE', 'TIGHT', 'BROAD'].includes(c.option)
    const covered = targets.filter((t) => c.option === 'ALL' || (c.option === 'HTH' && t.obj.range === 'hth') || (c.option === 'RANGED' && t.obj.range === 'ranged') || (group && namesOf(t).some((x) => c.alias.toLowerCase().includes(x))))
    for (const t of covered) cslOcv.set(t.obj, (cslOcv.get(t.obj) ?? 0) + c.levels)
    const list = (ts: Target[]): string => ts.map((t) => String(t.obj.name)).join(', ')
    if (covered.length) report.computed.push(`${what}: +${c.levels} OCV with ${list(covered)} (put on OCV; in play they may go to DCV instead)`)
    else if (c.option === 'HTH' || c.option === 'RANGED') report.ignored.push(`${what}: ${targets.length > 1 ? 'none of his attacks is' : `his attack ${list(targets)} is`} ${c.option === 'HTH' ? 'ranged' : 'hand-to-hand'}`)
    else if (group) report.ignored.push(`${what}: the file does not say that they cover ${list(targets)}; not applied`)
    else report.ignored.push(`${what}: not applied`)
  }
  for (const t of targets) {
    const base = t.entry ? 0 : maneuverOcv
    const total = base + (cslOcv.get(t.obj) ?? 0)
    const ocvMod = Math.max(-10, Math.min(10, total))
    if (ocvMod !== total) report.defaulted.push(`${String(t.obj.name)}: OCV modifier ${signed(total)} is outside what the simulator takes (−10 to +10); ${signed(ocvMod)} used`)
    if (ocvMod !== 0) t.obj.ocv = ocvMod
  }
  if (built.length > 1) {
    delete combatant.attack
    combatant.attacks = built.map((b) => b.obj)
    combatant.plan = { using: 'best' }
    report.computed.push(`${built.length} attacks; his plan uses his best against his foe: the one with the highest expected STUN after defences (chance to hit × mean STUN past PD or ED), chosen each time he attacks and named in the combat log`)
  }
  // Everything else in the file is listed: nothing dropped silently.
  const what = (x: XNode): string => {
    const nm = (xattr(x, 'NAME') ?? '').trim()
    const alias = (xattr(x, 'ALIAS') ?? '').trim() || (xattr(x, 'XMLID') ?? '?')
    const lv = num(xattr(x, 'LEVELS'))
    const input = (xattr(x, 'INPUT') ?? '').trim()
    return `${nm && nm !== alias ? `${nm} (${alias})` : alias}${input ? `: ${input}` : ''}${lv && !/\d/.test(alias) ? ` ${lv}` : ''}`
  }
  // Whatever of his powers, equipment, skills and talents no line above names is listed here, with why.
  const said = [...report.read, ...report.computed, ...report.defaulted, ...report.ignored].join('\n')
  const labelOf = (x: XNode): string => (xattr(x, 'NAME') ?? '').trim() || (xattr(x, 'ALIAS') ?? '').trim()
  const unsaid = (list: { n: XNode }[]): XNode[] => list.map(({ n }) => n).filter((x) => !built.some((b) => b.entry.n === x) && !defenceNodes.has(x) && (!labelOf(x) || !said.includes(labelOf(x))))
  const otherAttacks: string[] = []
  const emptyDefences: string[] = []
  const otherPowers: string[] = []
  // powers that change a fight, each on its own line with why (even when another line happens to name them)
  const notPlayed = all.map(({ n }) => n).filter((x) => (xattr(x, 'XMLID') ?? '') in NOT_PLAYED)
  for (const x of notPlayed) report.ignored.push(`${what(x)}: ${NOT_PLAYED[xattr(x, 'XMLID') ?? '']}`)
  for (const x of unsaid(all)) {
    const id = xattr(x, 'XMLID') ?? ''
    if (id in NOT_PLAYED) continue
    if (id in ATTACKS) otherAttacks.push(what(x))
    else if (['FORCEFIELD', 'ARMOR', 'DAMAGERESISTANCE'].includes(id)) emptyDefences.push(what(x))
    else otherPowers.push(what(x))
  }
  if (otherAttacks.length) report.ignored.push(`other attacks (the simulator gives each fighter one): ${otherAttacks.join(', ')}`)
  if (emptyDefences.length) report.ignored.push(`defences that add no PD or ED: ${emptyDefences.join(', ')}`)
  if (otherPowers.length) report.ignored.push(`powers and equipment the simulator does not model: ${otherPowers.join(', ')}`)
  const otherSkills = unsaid([...skills, ...collect(xkid(root, 'EQUIPMENT'), ['SKILL'])]).map(what)
  if (otherSkills.length) report.ignored.push(`skills and talents the simulator does not model: ${otherSkills.join(', ')}`)
  const perks = collect(xkid(root, 'PERKS'), ['PERK'])
  if (perks.length) report.ignored.push(`perks: ${perks.map(({ n }) => what(n)).join(', ')}`)
  const disads = collect(xkid(root, 'DISADVANTAGES'), ['DISAD'])
  if (disads.length) report.ignored.push(`${is6e ? 'complications' : 'disadvantages'}: ${disads.map(({ n }) => what(n)).join(', ')}`)
  for (const [key, label] of [['RUNNING', 'Running'], ['LEAPING', 'Leaping'], ['SWIMMING', 'Swimming']] as const) {
    const lv = levelsOf(key)
    if (lv) report.ignored.push(`${label} +${lv}m: the simulator plays no movement on a map`)
  }
  report.read.push(`${name}, ${edition} (${template.replace(/^builtIn\./, '') || 'no template'})`)
  return { system: 'hero', format: `Hero Designer (${edition})`, combatants: [combatant], report }
}
