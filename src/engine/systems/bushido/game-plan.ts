import type { DamageTable } from './damage'
import { fixedStrategy, newResult, type ExchangeResult, type ExchangeSetup, type Fighter, type Strategy } from './exchange'
import { meleeDamage, rangedDamage } from './fighters'
import { optionIndex, plainOptions, specialDamage, SPECIALS, splitOptions, type SplitOptions } from './specials'
import { challengeNumber, initiative, intoMeleeNumber, meleePool, specialsBarred } from './modifiers'
import type { BoostWish } from './ki'
import type { BushidoScenario } from './scenario'
import { choiceOf, type Game, type Model, type SplitChoice, type Tactic } from './schema'

/**
 * A compiled game of several Game Turns: every table the hot loop needs (pools, Initiative, damage,
 * Challenge Numbers) is built here for every ordered pair of enemies, and the per-trial state lives in
 * typed arrays reused from trial to trial.
 * @see docs/rules/bushido.md section 5 (Game Turn, counters, actions, Exhausted)
 */
export interface GamePlan {
  kind: 'game'
  game: Game
  models: Model[]
  n: number
  turns: number
  side: Uint8Array
  tactic: (Tactic | null)[]
  /** Index of each model's chosen target (−1: none). */
  targetIndex: Int32Array
  split: SplitChoice[]
  /** Melee Pool with every static modifier (Exhausted, Prone, Held, Surprised, Stand Up are added during play). */
  basePool: Int32Array
  /** `initiativeFirst[initiativeCell(...)]`: 1 if a (activating) strikes first against b. */
  initiativeFirst: Uint8Array
  initiativeReason: string[]
  /** `melee[(a * n + b) * 2 + charge]`, `ranged[a * n + b]`: damage tables of a against b. */
  melee: DamageTable[]
  /** Per melee table: the Damage Roll of each of a's card specials (null: none), as in a single exchange. */
  meleeSpecial: (DamageTable | null)[][]
  ranged: DamageTable[]
  /** Challenge Number of a shooting at b, before "already shot this turn", Prone and Surprised (added in play). */
  shotNumber: Int32Array
  /** `options[i][pool]`: model i's splits × card specials at that pool. */
  options: SplitOptions[][]
  /** `plain[pool]`: splits without specials, offered to a Prone model when `proneBarsSpecials`. */
  plain: SplitOptions[]
  /** Variant proneSpecials "none": a Prone model may not use Special Abilities (its specials are dropped while it is Prone). */
  proneBarsSpecials: boolean
  /** Variant proneStrikeBack "no": a model Prone when an exchange begins does not strike back in it. */
  proneNoStrikeBack: boolean
  /** `planned[i][pool]`: the fixed split (and special) of model i's plan at that pool; null if no fixed split. */
  planned: (Strategy | null)[][]
  /** Ranged Challenge (6) number to hit b when it is in contact with the shooter's friend (−99 = automatic). */
  intoMelee: Int32Array
  /** Tactical Test dice of the first turn, when every model is alive (later turns count the living). */
  tacticalDice: [number, number]
  /** Fixed strategies by pool (index = pool, then attack count). */
  fixed: Strategy[][]
  /** Equilibrium strategies by situation, computed on first use. */
  mixCache: Map<number, [Strategy, Strategy]>
  /** Best replies by situation and side (rule best-reply), computed on first use. */
  replyCache: Map<number, Strategy>
  zeroAttackCanHit: boolean
  maxBins: number
  /** Scratch state. */
  woundsLeft: Int32Array
  counters: Int32Array
  engaged: Int32Array
  /** Who each model is in base contact with when the game starts (−1: nobody). */
  engagedStart: Int32Array
  ammo: Int32Array
  reloading: Int32Array
  /** States that carry from exchange to exchange: Au Sol / Prone, Paralysée / Held (1 = has it). */
  prone: Uint8Array
  held: Uint8Array
  /** The model holding each Held model (−1: none); Held ends when it leaves base contact or fights another model. */
  heldBy: Int32Array
  /** Blind, Stunned, Frightened (1 = has it): −1 Melee Pool each; Stunned and Frightened also −1 Ranged Pool. */
  blind: Uint8Array
  stunned: Uint8Array
  frightened: Uint8Array
  /** From the card: ran / declared Stand Up in the Game Turn the scenario starts in (Turn 1 only). */
  ranFirstTurn: Uint8Array
  standUpFirstTurn: Uint8Array
  /** Rule shooterRan "card": a shooter that ran this turn has +1 to its Challenge Number. */
  shooterRanCounts: boolean
  /** Models whose "first" Surprise is spent (they have been seen). */
  revealed: Uint8Array
  shot: Uint8Array
  /** Ki Boosts each model's plan asks for in every exchange (a number or "all"). */
  kiWish: BoostWish[]
  /** Ki held now, and Ki spent on Boosts and gained (Ki Generation, Focus) so far this trial. */
  kiHeld: Int32Array
  kiSpent: Int32Array
  kiGained: Int32Array
  woundsThisTurn: Int32Array
  fighters: [Fighter, Fighter]
  setup: ExchangeSetup
  result: ExchangeResult
}

const AUTO = -99
/** Largest pool a game can roll: a statistic at most doubles (docs/rules/bushido.md section 1), plus the opposed-pool fix. */
export const MAX_POOL = 2 * 8 + 2

/** Index into `initiativeFirst`: the pair, base contact at the start of the activation, Surprise, both Prone flags. */
export function initiativeCell(n: number, a: number, b: number, engagedAtStart: boolean, surprised: boolean, actProne: number, oppProne: number): number {
  return ((((a * n + b) * 2 + (engagedAtStart ? 1 : 0)) * 2 + (surprised ? 1 : 0)) * 2 + actProne) * 2 + oppProne
}

/**
 * The card without what changes during a game: its states (Prone, Held, Blind, Stunned, Frightened come
 * and go) and Ran / Stand Up (they count in the first Game Turn only), with Prone put back if asked.
 */
function withProne(m: Model, prone: boolean): Model {
  return { ...m, states: prone ? ['prone'] : [], ran: false, standingUp: false }
}

function initiativeTables(models: Model[]) {
  const n = models.length
  const initiativeFirst = new Uint8Array(n * n * 16)
  const initiativeReason: string[] = new Array(n * n * 16).fill('')
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (let k = 0; k < 8; k++) {
        const [eng, sur, ap] = [(k & 1) === 1, (k & 2) === 2, (k & 4) >> 2]
        for (const bp of [0, 1]) {
          const ini = initiative(withProne(models[a], ap === 1), withProne(models[b], bp === 1), sur, eng)
          const cell = initiativeCell(n, a, b, eng, sur, ap, bp)
          initiativeFirst[cell] = ini.first === 'activating' ? 1 : 0
          initiativeReason[cell] = ini.reason
        }
      }
    }
  }
  return { initiativeFirst, initiativeReason }
}

function pairTables(s: BushidoScenario, models: Model[]) {
  const n = models.length
  const slRule = s.rules.slAboveTen as 'formula' | 'clamp'
  const melee: DamageTable[] = []
  const meleeSpecial: (DamageTable | null)[][] = []
  const ranged: DamageTable[] = []
  const shotNumber = new Int32Array(n * n)
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (const charge of [0, 1]) {
        const table = meleeDamage(models[a], models[b], charge === 1, slRule)
        melee[(a * n + b) * 2 + charge] = table
        meleeSpecial[(a * n + b) * 2 + charge] = models[a].specials.map((sp) => specialDamage(SPECIALS[sp.ability], table, (k) => meleeDamage(models[a], models[b], charge === 1, slRule, k)))
      }
      ranged[a * n + b] = rangedDamage(models[a], models[b], slRule)
      const range = s.situation.kind === 'game' ? (s.situation.tactics.find((t) => t.model === models[a].id) ?? { range: 'medium' as const, cover: false }) : { range: 'medium' as const, cover: false }
      shotNumber[a * n + b] = challengeNumber(models[a], withProne(models[b], false), { range: range.range, cover: range.cover, shooterMoves: false, alreadyShot: false, surprised: false, shooterRanCounts: s.rules.shooterRan === 'card' }).number
    }
  }
  return { ...initiativeTables(models), melee, meleeSpecial, ranged, shotNumber }
}

/**
 * Each model's options by pool, and its plan's fixed split at each pool: a declared special stays
 * declared while the pool can pay for it (and keep a die of its type), else the plain split is played.
 */
function optionTables(models: Model[], split: SplitChoice[]) {
  const options = models.map((m) => Array.from({ length: MAX_POOL + 1 }, (_, pool) => splitOptions(pool, m.specials)))
  const planned = models.map((_, i) =>
    options[i].map((o, pool) => {
      const c = split[i]
      if (typeof c !== 'object') return null
      const attack = Math.min(pool, c.attack)
      const k = c.special === undefined ? -1 : optionIndex(o, attack, c.special)
      return fixedStrategy(o.count, k >= 0 ? k : attack)
    }),
  )
  return { options, planned }
}

function blankFighter(): Fighter {
  return { id: '', name: '', pool: 1, brutal: 0, parry: 0, unblockable: 0, damage: null as unknown as DamageTable, woundsLeft: 1, activePlayer: true, strategy: fixedStrategy(2, 0), options: plainOptions(1), specialDamage: [] }
}

export function compileGame(s: BushidoScenario, g: Game): GamePlan {
  const models = s.models
  const n = models.length
  const idx = (id: string): number => models.findIndex((m) => m.id === id)
  const tables = pairTables(s, models)
  const split = models.map((m) => choiceOf(s.plans.find((p) => p.model === m.id)))
  const best = (side: string): number => 1 + Math.max(0, ...models.filter((m) => m.side === side).map((m) => m.tactician))
  const fixed: Strategy[][] = []
  for (let p = 0; p <= MAX_POOL; p++) fixed.push(Array.from({ length: p + 1 }, (_, a) => fixedStrategy(p + 1, a)))
  const fighters: [Fighter, Fighter] = [blankFighter(), blankFighter()]
  return {
    kind: 'game',
    game: g,
    models,
    n,
    turns: g.turns,
    side: Uint8Array.from(models.map((m) => (m.side === 'a' ? 0 : 1))),
    tactic: models.map((m) => g.tactics.find((t) => t.model === m.id) ?? null),
    targetIndex: Int32Array.from(models.map((m) => idx(g.tactics.find((t) => t.model === m.id)?.target ?? ''))),
    split,
    basePool: Int32Array.from(models.map((m) => meleePool(withProne(m, false), { exhausted: false, surprised: false }).pool)),
    ...tables,
    ...optionTables(models, split),
    plain: Array.from({ length: MAX_POOL + 1 }, (_, pool) => plainOptions(pool)),
    proneBarsSpecials: specialsBarred(true, s.rules.proneSpecials),
    proneNoStrikeBack: s.rules.proneStrikeBack === 'no',
    intoMelee: Int32Array.from(models.map((m) => intoMeleeNumber(m)?.number ?? AUTO)),
    tacticalDice: [best('a'), best('b')],
    fixed,
    mixCache: new Map(),
    replyCache: new Map(),
    zeroAttackCanHit: s.rules.zeroAttack === 'tie-can-hit',
    maxBins: 1 + Math.max(...models.map((m) => m.wounds)),
    woundsLeft: new Int32Array(n),
    counters: new Int32Array(n),
    engaged: new Int32Array(n),
    engagedStart: Int32Array.from(models.map((m) => {
      const pair = g.engaged.find(([x, y]) => x === m.id || y === m.id)
      return pair ? idx(pair[0] === m.id ? pair[1] : pair[0]) : -1
    })),
    ammo: new Int32Array(n),
    reloading: new Int32Array(n),
    prone: new Uint8Array(n),
    held: new Uint8Array(n),
    heldBy: new Int32Array(n),
    blind: new Uint8Array(n),
    stunned: new Uint8Array(n),
    frightened: new Uint8Array(n),
    ranFirstTurn: Uint8Array.from(models.map((m) => (m.ran ? 1 : 0))),
    standUpFirstTurn: Uint8Array.from(models.map((m) => (m.standingUp ? 1 : 0))),
    shooterRanCounts: s.rules.shooterRan === 'card',
    revealed: new Uint8Array(n),
    shot: new Uint8Array(n),
    kiWish: models.map((m) => s.plans.find((p) => p.model === m.id)?.kiBoost ?? 0),
    kiHeld: new Int32Array(n),
    kiSpent: new Int32Array(n),
    kiGained: new Int32Array(n),
    woundsThisTurn: new Int32Array(n),
    fighters,
    setup: { first: fighters[0], second: fighters[1], zeroAttackCanHit: s.rules.zeroAttack === 'tie-can-hit', modsOnAllOnes: s.rules.allOnes === 'modifiers', initiativeReason: '', secondProne: false, defenceWithoutAttack: s.rules.specialDefenceNoAttack === 'triggers' },
    result: newResult(),
  }
}

export const AUTOMATIC = AUTO
