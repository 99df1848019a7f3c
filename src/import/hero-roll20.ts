import { formatHeroDice, parseHeroDice } from '../engine/dice/hero-damage'
import { diceWithStr } from '../engine/systems/hero/plan'
import { locationRolls, partialArmour, type DefencePiece } from './hero-defences'
import { defaulted, emptyReport, ImportError, type ImportResult } from './types'

/**
 * Hero Designer's export for Roll20 (the HERO System 6th Edition Heroic sheet's importer): a chat command
 * `!hero --import {…}` whose JSON holds the character as Hero Designer totals it (characteristics,
 * equipment and powers with their text, damage and END, skills, talents). Read into a `hero` combatant with
 * the same report as a Hero Designer file.
 */

type Json = Record<string, unknown>

/** Whether the text is the Roll20 HERO import command. */
export const isRoll20Hero = (text: string): boolean => /^!hero\s+--import\s*\{/i.test(text)

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '').trim()
const int = (v: unknown): number | undefined => (/^-?\d+$/.test(str(v)) ? Number(str(v)) : undefined)
const entries = (v: unknown): Json[] => (v && typeof v === 'object' ? Object.values(v as Json).filter((e): e is Json => !!e && typeof e === 'object' && Object.keys(e).length > 0) : [])

/** Normal damage from STR: 1d6 per 5 STR, ½d6 for 3 or 4 more (HERO 6E1, the Strength Table). */
function strDice(s: number): { whole: number; half: boolean } {
  const v = Math.max(0, s)
  return { whole: Math.floor(v / 5), half: v % 5 >= 3 }
}

/** "1 1/2d6", "1/2d6", "2d6", "1d6-1", "+3d6": dice as the simulator writes them ("1½d6", "1d6-1"). */
export function exportDice(text: string): { whole: number; half: boolean; pip: number } | undefined {
  const m = /\+?\s*(\d+)?\s*(1\/2|½)?\s*d6\s*(?:([+-])\s*(\d))?/i.exec(text)
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined
  return { whole: m[1] === undefined ? 0 : Number(m[1]), half: m[2] !== undefined, pip: m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]) }
}

const diceText = (d: { whole: number; half: boolean; pip: number }): string => `${d.whole > 0 ? d.whole : ''}${d.half ? '½' : ''}d6${d.pip > 0 ? `+${d.pip}` : d.pip < 0 ? `${d.pip}` : ''}`

/** The attack powers the export's text names, in a GM's words. */
const KINDS: { re: RegExp; label: string; kind: 'normal' | 'killing'; range: 'hth' | 'ranged'; addsStrDice?: boolean; addsStr?: boolean }[] = [
  { re: /^Killing Attack - Hand-To-Hand\b/i, label: 'Hand-to-Hand Killing Attack', kind: 'killing', range: 'hth', addsStr: true },
  { re: /^Killing Attack - Ranged\b/i, label: 'Ranged Killing Attack', kind: 'killing', range: 'ranged' },
  { re: /^(?:Hand-To-Hand Attack|HA)\s*\+/i, label: 'Hand-to-Hand Attack', kind: 'normal', range: 'hth', addsStrDice: true },
  { re: /^(?:Energy )?Blast\b/i, label: 'Blast', kind: 'normal', range: 'ranged' },
]

/** The export's text without the "(Total: … Active Cost, … Real Cost)" a compound power starts with. */
const powerText = (t: string): string => t.replace(/^\(Total:[^)]*\)\s*/i, '').trim()
const nameOf = (e: Json): string => str(e.name).replace(/^\((?:Multipower|MPSlot\d+|VPP|EC|ECSlot\d+)\)\s*/i, '').trim()

export function readRoll20Hero(text: string): ImportResult {
  const start = text.indexOf('{')
  let data: Json
  try {
    data = JSON.parse(text.slice(start)) as Json
  } catch {
    throw new ImportError('this Roll20 HERO import text is cut short or damaged: the character after "--import" is not readable; export it from Hero Designer again')
  }
  const ch = data && typeof data === 'object' ? (data.character as Json | undefined) : undefined
  if (!ch || typeof ch !== 'object') throw new ImportError('this Roll20 HERO import text holds no character (it has no "character" part); export it from Hero Designer again')
  const name = str(ch.character_name) || 'Imported character'
  const template = str(ch.template)
  if (/vehicle|base|computer|automaton/i.test(template)) {
    throw new ImportError(`${name} is built on the ${template.replace(/^builtIn\./, '').replace(/\.hdt$/, '')} template: vehicles, bases, computers and automatons are not fighters the simulator models`)
  }
  const report = emptyReport()
  const fields: [string, string, number, number][] = [
    ['STR', 'strength', 0, 200], ['DEX', 'dexterity', 0, 99], ['CON', 'constitution', 1, 99], ['INT', 'intelligence', 0, 99], ['PRE', 'presence', 0, 99],
    ['OCV', 'ocv', 0, 30], ['DCV', 'dcv', 0, 30], ['SPD', 'speed', 1, 12], ['PD', 'pd', 0, 100], ['ED', 'ed', 0, 100],
    ['BODY', 'body', 1, 100], ['STUN', 'stun', 1, 300], ['END', 'endurance', 0, 300], ['REC', 'recovery', 0, 99],
  ]
  const values: Record<string, number> = {}
  const missing: string[] = []
  for (const [key, field, lo, hi] of fields) {
    const v = int(ch[field])
    if (v === undefined) {
      missing.push(`${key} (“${field}”)`)
      continue
    }
    const c = Math.max(lo, Math.min(hi, v))
    if (c !== v) defaulted(report, `${key} ${v} is outside what the simulator takes (${lo}–${hi}); ${c} used`, key.toLowerCase())
    values[key] = c
  }
  if (missing.length) throw new ImportError(`this Roll20 HERO import text does not give ${name}'s ${missing.join(', ')} as a whole number; export it from Hero Designer again`)
  report.read.push(`STR ${values.STR}, DEX ${values.DEX}, CON ${values.CON}, INT ${values.INT}, PRE ${values.PRE}, OCV ${values.OCV}, DCV ${values.DCV}, SPD ${values.SPD}, PD ${values.PD}, ED ${values.ED}, BODY ${values.BODY}, STUN ${values.STUN}, END ${values.END}, REC ${values.REC} (Hero Designer's totals)`)
  const combatant: Json = {
    name: name.slice(0, 60), dex: values.DEX, spd: values.SPD, int: values.INT, pre: values.PRE, ocv: values.OCV, dcv: values.DCV,
    con: values.CON, stun: values.STUN, body: values.BODY, rec: values.REC, end: values.END,
  }

  const equipment = entries(ch.equipment)
  const powers = entries(ch.powers)
  const items = [...powers.map((e) => ({ e, where: 'power' })), ...equipment.map((e) => ({ e, where: 'equipment' }))]
  const said = new Set<Json>()

  // Defences: his PD and ED as Hero Designer totals them, then the armour and defence powers he carries.
  const pieces: DefencePiece[] = []
  let pd = values.PD
  let ed = values.ED
  let rpd = 0
  let red = 0
  for (const { e } of items) {
    const t = powerText(str(e.text))
    const m = /^(Resistant Protection|Armor|Force Field|Damage Resistance)\s*\((\d+)\s*PD\s*\/\s*(\d+)\s*ED/i.exec(t)
    if (!m) continue
    said.add(e)
    const label = nameOf(e) || m[1]
    const p = Number(m[2])
    const d = Number(m[3])
    if (/^Damage Resistance/i.test(m[1])) {
      rpd += p
      red += d
      report.computed.push(`${label}: ${p} PD and ${d} ED made resistant (Damage Resistance)`)
      continue
    }
    const roll = /(?:Requires A Roll|Activation Roll)\s*\((\d{1,2})-/i.exec(t)
    const rolls = locationRolls(`${t} ${str(e.notes)}`)
    const piece: DefencePiece = { label, pd: p, ed: d, resistant: true }
    if (rolls) {
      piece.rolls = rolls
      piece.how = `locations ${rolls.join(', ')}${roll ? `, its roll of ${roll[1]}- standing for them` : ''}`
    } else if (roll) {
      piece.activation = Number(roll[1])
      piece.how = `${/Activation Roll/i.test(t) ? 'Activation Roll' : 'Requires A Roll'} ${roll[1]}-`
    } else if (/Requires A Roll|Activation Roll/i.test(t)) report.ignored.push(`${label}: its roll has no fixed number; counted as if it always worked`)
    if (piece.rolls || piece.activation !== undefined) pieces.push(piece)
    else {
      pd += p
      ed += d
      rpd += p
      red += d
      report.computed.push(`${label}: +${p} resistant PD, +${d} resistant ED`)
    }
  }
  rpd = Math.min(rpd, pd)
  red = Math.min(red, ed)
  Object.assign(combatant, { pd: Math.min(pd, 100), rpd: Math.min(rpd, 100), ed: Math.min(ed, 100), red: Math.min(red, 100) })
  const luck = entries(ch.talents).find((t) => /Combat Luck/i.test(`${str(t.name)} ${str(t.text)}`))
  if (luck) {
    const levels = Math.max(1, Math.floor(Number(/\((\d+)\s*PD/i.exec(str(luck.text))?.[1] ?? '3') / 3))
    combatant.combatLuck = Math.min(3, levels)
    report.computed.push(`Combat Luck ${String(combatant.combatLuck)}: +${3 * Number(combatant.combatLuck)} resistant PD and ED on top (HERO 6E1, Combat Luck)`)
  }
  const armour = partialArmour(pieces, report)
  if (armour) combatant.armour = armour
  report.computed.push(`PD ${pd} (${rpd} resistant), ED ${ed} (${red} resistant)${armour ? ', and armour that counts only on some hits' : ''}`)

  // Attacks: each power or piece of equipment whose text is an attack power, in the export's order.
  const attacks: Json[] = []
  const used = new Set<string>()
  for (const { e } of items) {
    const t = powerText(str(e.text))
    const kind = KINDS.find((k) => k.re.test(t))
    if (!kind) continue
    said.add(e)
    const base = (nameOf(e) || kind.label).slice(0, 56)
    let label = base
    for (let k = 2; used.has(label.toLowerCase()); k++) label = `${base} ${k}`
    const own = exportDice(t.replace(kind.re, ''))
    if (attacks.length === 8) {
      report.ignored.push(`${label}: more attacks than the simulator's 8`)
      continue
    }
    if (!own) {
      report.ignored.push(`${label}: its damage (${str(e.damage) || t.slice(0, 60)}) is not a roll the simulator reads`)
      continue
    }
    let d = { ...own }
    let how = `${diceText(own)} (${kind.label})`
    if (kind.addsStrDice) {
      const s = strDice(values.STR)
      const halves = (d.half ? 1 : 0) + (s.half ? 1 : 0)
      d = { whole: d.whole + s.whole + Math.floor(halves / 2), half: halves % 2 === 1, pip: 0 }
      how = `${diceText(own)} + STR ${values.STR} (${s.whole}${s.half ? '½' : ''}d6) (${kind.label})`
    }
    if (kind.kind === 'normal') d.pip = 0
    const dt = diceText(d)
    if (parseHeroDice(dt) === undefined) {
      report.ignored.push(`${label}: ${how} is not a damage roll the simulator takes`)
      continue
    }
    used.add(label.toLowerCase())
    // The export's text does not name the defence an attack works against (the .hdc file does): PD, said.
    const vs = 'PD'
    if (kind.kind === 'killing' || kind.range === 'ranged') defaulted(report, `${label}: the export does not say whether PD or ED stops it (Hero Designer's own file does); PD used`)
    const obj: Json = { name: label, dice: dt, kind: kind.kind, vs, range: kind.range }
    report.computed.push(`${label}: ${dt} ${kind.kind} vs ${vs} = ${how}${str(e.damage) ? `; Hero Designer's damage: ${str(e.damage)}` : ''}`)
    if (kind.addsStr) {
      obj.addsStr = true
      combatant.str = values.STR
      report.computed.push(`${label}: his STR ${values.STR} adds +1 Damage Class per 5 STR, at most doubling its dice (HERO 6E2 p.101), added in play`)
      // Hero Designer prints the damage with STR ("1 1/2d6 (2 1/2d6 w/STR)"): the simulator's is checked against it
      const sheet = /\(([^()]*)\s*w\/STR\)/i.exec(str(e.damage))
      const hd = sheet ? exportDice(sheet[1]) : undefined
      const mine = parseHeroDice(dt)
      if (hd && mine) {
        const played = diceWithStr(mine, true, values.STR, 0)
        const same = played.whole === hd.whole && played.half === hd.half && played.plus === hd.pip
        if (same) report.computed.push(`${label}: with his STR ${formatHeroDice(played)}, as Hero Designer's sheet says`)
        else report.ignored.push(`${label}: with his STR the simulator makes it ${formatHeroDice(played)} (+1 Damage Class per 5 STR, at most doubling its dice, HERO 6E2 p.101); Hero Designer's sheet says ${diceText(hd)}`)
      }
    }
    const end = str(e.endurance ?? e.end)
    if (int(end) !== undefined) {
      obj.endCost = Math.min(99, Number(end))
      report.computed.push(`${label}: ${end} END a use, as Hero Designer works it out${/Reduced Endurance \(0 END/i.test(t) ? ' (Reduced Endurance, 0 END)' : /Reduced Endurance \(1\/2 END|½ END/i.test(t) ? ' (Reduced Endurance, ½ END)' : ''}`)
    } else if (/\[\s*\d+/.test(end)) {
      obj.endCost = 0
      report.ignored.push(`${label}: its charges (${end}) are not counted down; it costs no END`)
    }
    attacks.push(obj)
  }
  if (attacks.length === 0) {
    const s = strDice(values.STR)
    combatant.attack = { name: 'Punch', dice: diceText({ whole: s.whole, half: s.half || s.whole === 0, pip: 0 }), kind: 'normal', vs: 'PD', range: 'hth' }
    defaulted(report, `no attack power: a Punch with STR ${values.STR}, ${String((combatant.attack as Json).dice)} normal`, 'attack')
  } else if (attacks.length === 1) combatant.attack = attacks[0]
  else {
    combatant.attacks = attacks
    combatant.plan = { using: 'best' }
    report.computed.push(`${attacks.length} attacks; his plan uses his best against his foe: the one with the highest expected STUN after defences (chance to hit × mean STUN past PD or ED), chosen each time he attacks and named in the combat log`)
  }

  // Skills: Combat Skill Levels that name one of his attacks, Teamwork and Fast Draw; the rest listed.
  const skills = entries(ch.skills)
  const otherSkills: string[] = []
  const listed = (attacks.length ? attacks : [combatant.attack as Json]).filter(Boolean)
  for (const s of skills) {
    const t = str(s.text)
    const display = str(s.display)
    const label = str(s.name) ? `${str(s.name)} (${t})` : t
    const roll = /(\d{1,2})-\s*$/.exec(t)
    const dexRoll = 9 + Math.round(values.DEX / 5)
    if (/^Combat Skill Levels$/i.test(display)) {
      const m = /^\+(\d+)\s*(?:with\s+)?(.*)$/i.exec(t)
      const levels = m ? Number(m[1]) : int(s.levels) ?? 0
      const what = (m?.[2] ?? '').trim().toLowerCase()
      const covered = what === '' || /any single|small group|large group|group of/.test(what) ? [] : listed.filter((a) => /hth|hand-to-hand/.test(what) ? a.range === 'hth' : /ranged/.test(what) ? a.range === 'ranged' : /all attacks|all combat|overall/.test(what) || String(a.name).toLowerCase().includes(what) || what.includes(String(a.name).toLowerCase()))
      for (const a of covered) a.ocv = Math.min(10, Number(a.ocv ?? 0) + levels)
      if (covered.length) report.computed.push(`${label}: +${levels} OCV with ${covered.map((a) => String(a.name)).join(', ')} (put on OCV; in play they may go to DCV instead)`)
      else report.ignored.push(`${label}: the export does not say that they cover ${listed.map((a) => String(a.name)).join(', ')}; not applied`)
    } else if (/^Teamwork$/i.test(display) && roll) {
      combatant.teamwork = Math.max(0, Math.min(10, Number(roll[1]) - dexRoll))
      report.read.push(`Teamwork ${roll[1]}- (9 + DEX/5 + ${String(combatant.teamwork)})`)
    } else if (/^Fast Draw$/i.test(display) && roll) {
      combatant.fastDraw = Math.max(0, Math.min(10, Number(roll[1]) - dexRoll))
      report.read.push(`Fast Draw ${roll[1]}- (9 + DEX/5 + ${String(combatant.fastDraw)})`)
    } else otherSkills.push(label)
  }
  if (otherSkills.length) report.ignored.push(`skills the simulator does not model: ${otherSkills.join(', ')}`)
  const otherTalents = entries(ch.talents).filter((t) => t !== luck).map((t) => str(t.name) || str(t.text))
  if (otherTalents.length) report.ignored.push(`talents the simulator does not model: ${otherTalents.join(', ')}`)
  const unsaid = items.filter(({ e }) => !said.has(e)).map(({ e }) => nameOf(e) || powerText(str(e.text)).slice(0, 40))
  if (unsaid.length) report.ignored.push(`powers and equipment the simulator does not model: ${unsaid.join(', ')}`)
  const maneuvers = entries(ch.maneuvers).map((m) => str(m.name)).filter(Boolean)
  if (maneuvers.length) report.ignored.push(`martial maneuvers: ${maneuvers.join(', ')} (his attacks are his attack powers)`)
  const perks = entries(ch.perks).map((p) => str(p.text))
  if (perks.length) report.ignored.push(`perks: ${perks.join(', ')}`)
  const complications = entries(ch.complications).map((c) => str(c.type) || str(c.text))
  if (complications.length) report.ignored.push(`complications: ${complications.join(', ')}`)
  for (const [field, label] of [['running', 'Running'], ['leaping', 'Leaping'], ['swimming', 'Swimming']] as const) {
    if (str(ch[field])) report.ignored.push(`${label} ${str(ch[field])}m: the simulator plays no movement on a map`)
  }
  report.read.push(`${name}, Hero Designer's export for Roll20 (HERO 6th Edition${template ? `, ${template.replace(/^builtIn\./, '').replace(/\.hdt$/, '')}` : ''})`)
  return { system: 'hero', format: "Hero Designer's export for Roll20 (HERO 6th Edition)", combatants: [combatant], report }
}
