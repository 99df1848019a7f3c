import { parseHeroDice, type HeroDice } from '../../dice/hero-damage'
import { characteristicTarget, skillTarget } from './characteristic-roll'
import { activePointsOf, endCostOf } from './end-cost'
import { layoutOf, type Layout } from './layout'
import { hitExact } from './damage-exact'
import { attacksOf, BEST, HIT_LOCATIONS, MARTIAL_STRIKES, type HeroAttack, type HeroCombatant, type HeroScenario } from './schema'
import { heroSucceeds, THREE_D6_WAYS } from '../../dice/three-d6'
import { COMBAT_START, hasPhase } from './speed-chart'
import { FightState } from './state'
import { resolveRules, type ResolvedRules } from './variants'

export const enum OnPhase {
  Attack = 0,
  Haymaker = 1,
  Delay = 2,
  Hold = 3,
  HoldDefense = 4,
}

export const enum HoldMode {
  Interrupt = 0,
  After = 1,
  Tandem = 2,
}

/** What a delayed action does when its DEX and Segment come (the campaign house rules (docs/rules/hero.md): act, or hold for defense). */
export const enum Arrival {
  Act = 0,
  Defend = 1,
  DefendIfThreatened = 2,
}

/** Target rule codes (≥ 0: a named enemy's index). */
export const TARGET_FIRST = -1
export const TARGET_WEAKEST = -2
/** docs/rules/hero.md section 7 options (variants.targeting): a random living enemy (kept until defeated), the one who has dealt the most STUN. */
export const TARGET_RANDOM = -3
export const TARGET_THREAT = -4
const FIRST_CODES = { 'sticky-first': TARGET_FIRST, random: TARGET_RANDOM, 'highest-threat': TARGET_THREAT }

/** A plan's target as a code: "first" as the targeting variant reads it, "weakest", or a named enemy's index. */
function targetCode(c: HeroCombatant, rules: ResolvedRules, idx: (id: string) => number): number {
  if (c.plan.target === 'first') return FIRST_CODES[rules.targeting]
  return c.plan.target === 'weakest' ? TARGET_WEAKEST : idx(c.plan.target)
}

/** A Haymaker adds +4 Damage Classes (docs/rules/hero.md section 6): +4d6 normal, +1d6+1 killing (3 DC = 1d6). */
export function haymakerDice(d: HeroDice, killing: boolean): HeroDice {
  return addDamageClasses(d, killing, 4)
}

/** A DC-based addition to dice (docs/rules/hero.md section 6): +`dc` Damage Classes, 1d6 each for normal damage, 3 to 1d6 for killing. */
export function addDamageClasses(d: HeroDice, killing: boolean, dc: number): HeroDice {
  if (!killing) return { whole: d.whole + dc, half: d.half, plus: d.plus }
  const all = damageClasses(d, true) + dc
  return { whole: Math.floor(all / 3), half: all % 3 === 2, plus: all % 3 === 1 ? 1 : 0 }
}

/** Damage Classes of dice: 1 per d6 of normal damage (a ½d6 counts as none here); killing 3 per d6, 2 for ½d6, 1 per pip. */
function damageClasses(d: HeroDice, killing: boolean): number {
  return killing ? d.whole * 3 + (d.half ? 2 : 0) + d.plus : d.whole
}

/**
 * The dice of an attack with his STR added (6E2 Adding Damage): +1 Damage Class per 5 STR above the STR
 * Minimum, the added damage at most the attack's own (at most doubling its dice).
 */
export function diceWithStr(d: HeroDice, killing: boolean, str: number, strMin: number): HeroDice {
  const add = Math.min(Math.floor(Math.max(0, str - strMin) / 5), Math.max(1, damageClasses(d, killing)))
  return add > 0 ? addDamageClasses(d, killing, add) : d
}

const NO_STRIKE = { ocv: 0, dcv: 0, dc: 0 }
function strikeOf(a: HeroAttack): { ocv: number; dcv: number; dc: number } {
  return a.maneuver ? MARTIAL_STRIKES[a.maneuver] : NO_STRIKE
}

/** Combat Luck (6E1): +3 resistant PD and ED a level. */
function luck(c: HeroCombatant): number {
  return 3 * (c.combatLuck ?? 0)
}

/** The hit location rolls (3d6 totals) his partial armour covers, as bits; 0 when it covers every location. */
function coveredRolls(c: HeroCombatant): number {
  let bits = 0
  for (const loc of c.armour?.covers ?? []) for (const r of HIT_LOCATIONS[loc]) bits |= 1 << r
  return bits
}

/** The chance his partial armour counts on a hit: its activation roll made, times the chance the hit location roll falls on a covered location. */
export function armourChance(c: HeroCombatant): number {
  if (!c.armour) return 0
  const ways = (ok: (roll: number) => boolean): number => {
    let w = 0
    for (let r = 3; r <= 18; r++) if (ok(r)) w += THREE_D6_WAYS[r - 3]
    return w / 216
  }
  const bits = coveredRolls(c)
  const act = c.armour.activation
  return (act === undefined ? 1 : ways((r) => heroSucceeds(r, act))) * (bits === 0 ? 1 : ways((r) => (bits & (1 << r)) !== 0))
}

/** END of one use of an attack: endCost as given, else 1 per 10 Active Points (½ END: per 20; zero END: none). */
function attackEnd(a: HeroAttack, dice: HeroDice): number {
  if (a.endCost !== undefined) return a.endCost
  if (a.reducedEnd === 'zero') return 0
  const ap = a.activePoints ?? activePointsOf(dice, a.kind === 'killing')
  return a.reducedEnd === 'half' ? endCostOf(ap / 2) : endCostOf(ap)
}

/** Everything precomputed for the hot loop: per-combatant numbers as typed arrays, plus scratch state. */
export interface Plan {
  scenario: HeroScenario
  rules: ResolvedRules
  n: number
  combatants: HeroCombatant[]
  side: Uint8Array
  spd: Int32Array
  /** DEX + Lightning Reflexes: acting order only. */
  orderDex: Int32Array
  dexRoll: Int32Array
  fastDraw: Int32Array
  hasFastDraw: Uint8Array
  teamwork: Int32Array
  intPre: Int32Array
  ocv: Int32Array
  dcv: Int32Array
  con: Int32Array
  stunMax: Int32Array
  bodyMax: Int32Array
  rec: Int32Array
  endMax: Int32Array
  /** His attacks: indices atkFirst[i] .. atkFirst[i] + atkCount[i] − 1 of the per-attack arrays below. */
  atkFirst: Int32Array
  atkCount: Int32Array
  /** Per attack: the attack as written, and its fighter. */
  attacks: HeroAttack[]
  atkOwner: Int32Array
  /** The attack his plan's `using` names (an index of the per-attack arrays), or −1 for "his best against this foe". */
  usingAtk: Int32Array
  /** Per attack: END per use (docs/rules/hero.md section 6): `endCost`, else from its Active Points and Reduced Endurance. */
  endCost: Int32Array
  /** Per attack and defender, `k * n + d`: expected STUN taken from one hit after his defences (plain, and as a Haymaker); for "best". */
  meanStun: Float64Array
  meanHayStun: Float64Array
  /** The ally whose attackers he Blocks with a held action (the campaign house rules (docs/rules/hero.md) "defend someone else"); −1 none. */
  protect: Int32Array
  /** 1 when some ally protects him. */
  guarded: Uint8Array
  /** Defences, Combat Luck included. */
  pd: Int32Array
  rpd: Int32Array
  ed: Int32Array
  red: Int32Array
  /** Armour that counts only on some hits: its resistant PD and ED, its activation roll (0: none), the 3d6 hit location rolls it covers (bit r; 0: all), and its chance to count on a hit (0: no such armour). */
  armourPd: Int32Array
  armourEd: Int32Array
  armourRoll: Int32Array
  armourCovers: Int32Array
  armourChance: Float64Array
  /** Per attack: dice (his STR added), as a Haymaker, normal/killing, PD/ED, hand-to-hand/ranged, OCV and DCV modifiers. */
  dice: HeroDice[]
  hayDice: HeroDice[]
  killing: Uint8Array
  energy: Uint8Array
  ranged: Uint8Array
  atkOcv: Int32Array
  atkDcv: Int32Array
  onPhase: Uint8Array
  delaySegs: Int32Array
  delayDex: Int32Array
  holdEvent: Int32Array
  /** hold.onEvent "defend-if-targeted": when the mover attacks him, keep the action as a hold for defense. */
  holdDefendIfTargeted: Uint8Array
  /** delay.onArrival as an `Arrival` code. */
  delayArrival: Uint8Array
  holdMode: Uint8Array
  /** Roll target for the hold's contest or tandem roll (DEX Roll, Fast Draw or Teamwork with variants.teamworkPenalty). */
  holdRoll: Int32Array
  /** Untrained tandem: the partner's Teamwork Roll target (both roll, the campaign house rules (docs/rules/hero.md)); 0 when only the holder rolls. */
  partnerRoll: Int32Array
  abortWhenAttacked: Uint8Array
  block: Uint8Array
  /** His Dodge's DCV (+3; a Martial Dodge +5), his Block roll's OCV bonus and the DCV his Block gives until his next Phase (a Martial Block: +2 and +2). */
  dodgeDcv: Int32Array
  blockOcv: Int32Array
  blockDcv: Int32Array
  targetRule: Int32Array
  /** The first Segment of a Turn in which he has a Phase (variants.bleeding "first-phase"). */
  firstPhaseSeg: Int32Array
  /** Bit i of `segmentMask[seg]`: combatant i has a Phase in Segment seg. */
  segmentMask: Int32Array
  /** Last absolute Segment played (Segment 12 of Turn `turnCap`). */
  endAbs: number
  layout: Layout
  st: FightState
}

function holdRollTarget(c: HeroCombatant, rules: ResolvedRules): number {
  const h = c.plan.hold
  if (!h) return 0
  if (h.roll === 'fast-draw') return skillTarget(c.dex, c.fastDraw ?? 0)
  if (h.roll === 'teamwork') return skillTarget(c.dex, c.teamwork ?? 0) - (h.trained ? 0 : rules.teamworkPenalty)
  return characteristicTarget(c.dex)
}

/** the campaign house rules (docs/rules/hero.md): coordinating with someone he has not trained with takes a Teamwork Roll "required by both characters". */
function partnerRollTarget(c: HeroCombatant, cs: HeroCombatant[], rules: ResolvedRules): number {
  const h = c.plan.hold
  if (!h || h.mode !== 'tandem' || h.trained) return 0
  const partner = cs.find((x) => x.id === h.event)
  return partner ? skillTarget(partner.dex, partner.teamwork ?? 0) - rules.teamworkPenalty : 0
}

function firstPhaseSegment(spd: number): number {
  let seg = 1
  while (!hasPhase(spd, seg)) seg++
  return seg
}

/** Builds the plan; `audit` keeps a per-Phase use count for the property tests. */
export function compile(s: HeroScenario, audit = false): Plan {
  const cs = s.combatants
  const n = cs.length
  const rules = resolveRules(s.rules)
  const idx = (id: string): number => cs.findIndex((c) => c.id === id)
  const i32 = (f: (c: HeroCombatant) => number): Int32Array => Int32Array.from(cs, f)
  const u8 = (f: (c: HeroCombatant) => boolean): Uint8Array => Uint8Array.from(cs, (c) => (f(c) ? 1 : 0))
  const atkFirst = new Int32Array(n)
  const atkCount = new Int32Array(n)
  const attacks: HeroAttack[] = []
  const atkOwner: number[] = []
  cs.forEach((c, i) => {
    atkFirst[i] = attacks.length
    atkCount[i] = attacksOf(c).length
    for (const a of attacksOf(c)) {
      attacks.push(a)
      atkOwner.push(i)
    }
  })
  const dice = attacks.map((a, k) => {
    const d = parseHeroDice(a.dice) as HeroDice
    const withStr = a.addsStr ? diceWithStr(d, a.kind === 'killing', cs[atkOwner[k]].str ?? 0, a.strMin ?? 0) : d
    const strike = a.maneuver ? MARTIAL_STRIKES[a.maneuver] : undefined
    return strike && strike.dc > 0 ? addDamageClasses(withStr, a.kind === 'killing', strike.dc) : withStr
  })
  const hayDice = dice.map((d, k) => haymakerDice(d, attacks[k].kind === 'killing'))
  const au8 = (f: (a: HeroAttack) => boolean): Uint8Array => Uint8Array.from(attacks, (a) => (f(a) ? 1 : 0))
  const meanTable = (ds: HeroDice[]): Float64Array => {
    const out = new Float64Array(attacks.length * n)
    attacks.forEach((a, k) => {
      for (let d = 0; d < n; d++) {
        if (cs[d].side === cs[atkOwner[k]].side) continue
        const energy = a.vs === 'ED'
        const mean = (extra: number): number =>
          hitExact({
            dice: ds[k],
            killing: a.kind === 'killing',
            multiplier: rules.stunMultiplier,
            minStunEqualsBody: rules.minStunEqualsBody,
            halfDieBody: rules.halfDieBody,
            total: (energy ? cs[d].ed : cs[d].pd) + luck(cs[d]) + extra,
            resistant: (energy ? cs[d].red : cs[d].rpd) + luck(cs[d]) + extra,
            con: cs[d].con,
          }).meanStun
        // armour that counts only on some hits: the mean over the hits it covers and the hits it does not
        const q = armourChance(cs[d])
        const worn = energy ? (cs[d].armour?.ed ?? 0) : (cs[d].armour?.pd ?? 0)
        out[k * n + d] = q > 0 ? q * mean(worn) + (1 - q) * mean(0) : mean(0)
      }
    })
    return out
  }
  const several = cs.some((c) => attacksOf(c).length > 1 && c.plan.using === BEST)
  const onPhaseCodes = { attack: OnPhase.Attack, haymaker: OnPhase.Haymaker, delay: OnPhase.Delay, hold: OnPhase.Hold, 'hold-defense': OnPhase.HoldDefense }
  const arrivalCodes = { act: Arrival.Act, defend: Arrival.Defend, 'defend-if-threatened': Arrival.DefendIfThreatened }
  const modeCodes = { interrupt: HoldMode.Interrupt, after: HoldMode.After, tandem: HoldMode.Tandem }
  const endAbs = s.turnCap * 12
  const turnSlots = s.turnCap + 3
  const absSlots = endAbs + 16
  return {
    scenario: s,
    rules,
    n,
    combatants: cs,
    side: u8((c) => c.side === 'B'),
    spd: i32((c) => c.spd),
    orderDex: i32((c) => c.dex + c.lightningReflexes),
    dexRoll: i32((c) => characteristicTarget(c.dex)),
    fastDraw: i32((c) => skillTarget(c.dex, c.fastDraw ?? 0)),
    hasFastDraw: u8((c) => c.fastDraw !== undefined),
    teamwork: i32((c) => skillTarget(c.dex, c.teamwork ?? 0)),
    intPre: i32((c) => c.int * 1000 + c.pre),
    ocv: i32((c) => c.ocv),
    dcv: i32((c) => c.dcv),
    con: i32((c) => c.con),
    stunMax: i32((c) => c.stun),
    bodyMax: i32((c) => c.body),
    rec: i32((c) => c.rec),
    endMax: i32((c) => c.end),
    atkFirst,
    atkCount,
    attacks,
    atkOwner: Int32Array.from(atkOwner),
    usingAtk: Int32Array.from(cs, (c, i) => (c.plan.using === BEST ? -1 : atkFirst[i] + Math.max(0, attacksOf(c).findIndex((a) => a.name === c.plan.using)))),
    endCost: Int32Array.from(attacks, (a, k) => attackEnd(a, dice[k])),
    meanStun: several ? meanTable(dice) : new Float64Array(0),
    meanHayStun: several ? meanTable(hayDice) : new Float64Array(0),
    protect: i32((c) => (c.plan.protect ? idx(c.plan.protect) : -1)),
    guarded: u8((c) => cs.some((g) => g.plan.protect === c.id)),
    pd: i32((c) => c.pd + luck(c)),
    rpd: i32((c) => c.rpd + luck(c)),
    ed: i32((c) => c.ed + luck(c)),
    red: i32((c) => c.red + luck(c)),
    armourPd: i32((c) => c.armour?.pd ?? 0),
    armourEd: i32((c) => c.armour?.ed ?? 0),
    armourRoll: i32((c) => c.armour?.activation ?? 0),
    armourCovers: i32((c) => coveredRolls(c)),
    armourChance: Float64Array.from(cs, (c) => armourChance(c)),
    dice,
    hayDice,
    killing: au8((a) => a.kind === 'killing'),
    energy: au8((a) => a.vs === 'ED'),
    ranged: au8((a) => a.range === 'ranged'),
    atkOcv: Int32Array.from(attacks, (a, k) => a.ocv + strikeOf(a).ocv + (cs[atkOwner[k]].plan.csl !== 'dcv' ? (a.csl ?? 0) : 0)),
    atkDcv: Int32Array.from(attacks, (a, k) => (a.dcv ?? 0) + strikeOf(a).dcv + (cs[atkOwner[k]].plan.csl === 'dcv' ? (a.csl ?? 0) : 0)),
    onPhase: Uint8Array.from(cs, (c) => onPhaseCodes[c.plan.onPhase]),
    delaySegs: i32((c) => c.plan.delay?.segments ?? 0),
    delayDex: i32((c) => c.plan.delay?.dex ?? 0),
    holdEvent: i32((c) => (c.plan.hold ? idx(c.plan.hold.event) : -1)),
    holdDefendIfTargeted: u8((c) => c.plan.hold?.onEvent === 'defend-if-targeted'),
    delayArrival: Uint8Array.from(cs, (c) => arrivalCodes[c.plan.delay?.onArrival ?? 'act']),
    holdMode: Uint8Array.from(cs, (c) => (c.plan.hold ? modeCodes[c.plan.hold.mode] : 0)),
    holdRoll: i32((c) => holdRollTarget(c, rules)),
    partnerRoll: i32((c) => partnerRollTarget(c, cs, rules)),
    abortWhenAttacked: u8((c) => c.plan.abort === 'when-attacked'),
    block: u8((c) => c.plan.defense === 'block' || c.plan.defense === 'martial-block'),
    dodgeDcv: i32((c) => (c.plan.defense === 'martial-dodge' ? 5 : 3)),
    blockOcv: i32((c) => (c.plan.defense === 'martial-block' ? 2 : 0)),
    blockDcv: i32((c) => (c.plan.defense === 'martial-block' ? 2 : 0)),
    targetRule: i32((c) => targetCode(c, rules, idx)),
    firstPhaseSeg: i32((c) => firstPhaseSegment(c.spd)),
    segmentMask: Int32Array.from({ length: 13 }, (_, seg) => cs.reduce((m, c, i) => (seg > 0 && hasPhase(c.spd, seg) ? m | (1 << i) : m), 0)),
    endAbs,
    layout: layoutOf(n, endAbs - COMBAT_START + 1),
    st: new FightState(n, turnSlots, absSlots, audit),
  }
}
