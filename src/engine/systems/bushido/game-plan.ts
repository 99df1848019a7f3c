import type { DamageTable } from './damage'
import { fixedStrategy, newResult, type ExchangeResult, type ExchangeSetup, type Fighter, type Strategy } from './exchange'
import { meleeDamage, rangedDamage } from './fighters'
import { plainOptions } from './specials'
import { challengeNumber, initiative, intoMeleeNumber, meleePool } from './modifiers'
import type { BushidoScenario } from './scenario'
import { choiceOf, type Game, type Model, type SplitChoice, type Tactic } from './schema'

/**
 * A compiled game of several Game Turns: every table the hot loop needs (pools, Initiative, damage,
 * Challenge Numbers) is built here for every ordered pair of enemies, and the per-trial state lives in
 * typed arrays reused from trial to trial.
 * @see rules.md §4.3 (Game Turn), §4.4 (counters, actions, Exhausted)
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
  /** Melee Pool with every static modifier (Exhausted is added during play). */
  basePool: Int32Array
  /** `initiativeFirst[(a * n + b) * 2 + (engagedAtStart ? 1 : 0)]`: 1 if a (activating) strikes first against b. */
  initiativeFirst: Uint8Array
  initiativeReason: string[]
  /** `melee[(a * n + b) * 2 + charge]`, `ranged[a * n + b]`: damage tables of a against b. */
  melee: DamageTable[]
  ranged: DamageTable[]
  /** Challenge Number of a shooting at b, before "already shot this turn". */
  shotNumber: Int32Array
  /** Ranged Challenge (6) number to hit b when it is in contact with the shooter's friend (−99 = automatic). */
  intoMelee: Int32Array
  /** Tactical Test dice of the first turn, when every model is alive (later turns count the living). */
  tacticalDice: [number, number]
  /** Fixed strategies by pool (index = pool, then attack count). */
  fixed: Strategy[][]
  /** Equilibrium strategies by situation, computed on first use. */
  mixCache: Map<number, [Strategy, Strategy]>
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
  shot: Uint8Array
  woundsThisTurn: Int32Array
  fighters: [Fighter, Fighter]
  setup: ExchangeSetup
  result: ExchangeResult
}

const AUTO = -99

function pairTables(s: BushidoScenario, models: Model[]) {
  const n = models.length
  const slRule = s.rules.slAboveTen as 'formula' | 'clamp'
  const initiativeFirst = new Uint8Array(n * n * 2)
  const initiativeReason: string[] = new Array(n * n * 2).fill('')
  const melee: DamageTable[] = []
  const ranged: DamageTable[] = []
  const shotNumber = new Int32Array(n * n)
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      for (const at of [0, 1]) {
        const ini = initiative(models[a], models[b], false, at === 1)
        initiativeFirst[(a * n + b) * 2 + at] = ini.first === 'activating' ? 1 : 0
        initiativeReason[(a * n + b) * 2 + at] = ini.reason
        melee[(a * n + b) * 2 + at] = meleeDamage(models[a], models[b], at === 1, slRule)
      }
      ranged[a * n + b] = rangedDamage(models[a], models[b], slRule)
      const range = s.situation.kind === 'game' ? (s.situation.tactics.find((t) => t.model === models[a].id) ?? { range: 'medium' as const, cover: false }) : { range: 'medium' as const, cover: false }
      shotNumber[a * n + b] = challengeNumber(models[a], models[b], { range: range.range, cover: range.cover, shooterMoves: false, alreadyShot: false, surprised: false, shooterRanCounts: s.rules.shooterRan === 'seed' }).number
    }
  }
  return { initiativeFirst, initiativeReason, melee, ranged, shotNumber }
}

function blankFighter(): Fighter {
  return { id: '', name: '', pool: 1, brutal: 0, parry: 0, damage: null as unknown as DamageTable, woundsLeft: 1, activePlayer: true, strategy: fixedStrategy(2, 0), options: plainOptions(1), specialDamage: [] }
}

export function compileGame(s: BushidoScenario, g: Game): GamePlan {
  const models = s.models
  const n = models.length
  const idx = (id: string): number => models.findIndex((m) => m.id === id)
  const tables = pairTables(s, models)
  const best = (side: string): number => 1 + Math.max(0, ...models.filter((m) => m.side === side).map((m) => m.tactician))
  const maxPool = 2 * 8 + 2
  const fixed: Strategy[][] = []
  for (let p = 0; p <= maxPool; p++) fixed.push(Array.from({ length: p + 1 }, (_, a) => fixedStrategy(p + 1, a)))
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
    split: models.map((m) => choiceOf(s.plans.find((p) => p.model === m.id))),
    basePool: Int32Array.from(models.map((m) => meleePool(m, { exhausted: false, surprised: false }).pool)),
    ...tables,
    intoMelee: Int32Array.from(models.map((m) => intoMeleeNumber(m)?.number ?? AUTO)),
    tacticalDice: [best('a'), best('b')],
    fixed,
    mixCache: new Map(),
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
    shot: new Uint8Array(n),
    woundsThisTurn: new Int32Array(n),
    fighters,
    setup: { first: fighters[0], second: fighters[1], zeroAttackCanHit: s.rules.zeroAttack === 'tie-can-hit', initiativeReason: '' },
    result: newResult(),
  }
}

export const AUTOMATIC = AUTO
