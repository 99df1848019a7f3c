import type { Rng } from '../core/rng'

/**
 * FFG Star Wars RPG / Genesys narrative dice: the six dice of a check with their exact faces, and one
 * roll read as (net successes, net advantage, Triumphs, Despairs).
 * @see docs/rules/genesys.md section 1 (faces) and section 2 (reading a check).
 */

export type DieKind = 'boost' | 'setback' | 'ability' | 'difficulty' | 'proficiency' | 'challenge'

/** Dice in the order faces are listed, rolled and shown: positive dice first, then negative ones. */
export const DIE_KINDS: readonly DieKind[] = ['proficiency', 'ability', 'boost', 'challenge', 'difficulty', 'setback']

/** Symbols on one face. A Triumph face also counts one success, a Despair face one failure (docs/rules/genesys.md section 1). */
export interface Face {
  s: number
  f: number
  a: number
  t: number
  tr: number
  de: number
}

/** Face codes: S success, F failure, A advantage, T threat, X Triumph (+S), D Despair (+F), '' blank. */
const FACE_CODES: Record<DieKind, readonly string[]> = {
  boost: ['', '', 'S', 'SA', 'AA', 'A'],
  setback: ['', '', 'F', 'F', 'T', 'T'],
  ability: ['', 'S', 'S', 'SS', 'A', 'A', 'SA', 'AA'],
  difficulty: ['', 'F', 'FF', 'T', 'T', 'T', 'TT', 'FT'],
  proficiency: ['', 'S', 'S', 'SS', 'SS', 'A', 'SA', 'SA', 'SA', 'AA', 'AA', 'X'],
  challenge: ['', 'F', 'F', 'FF', 'FF', 'T', 'T', 'FT', 'FT', 'TT', 'TT', 'D'],
}

function faceOf(code: string): Face {
  const f: Face = { s: 0, f: 0, a: 0, t: 0, tr: 0, de: 0 }
  for (const c of code) {
    if (c === 'S') f.s++
    else if (c === 'F') f.f++
    else if (c === 'A') f.a++
    else if (c === 'T') f.t++
    else if (c === 'X') {
      f.tr++
      f.s++
    } else if (c === 'D') {
      f.de++
      f.f++
    }
  }
  return f
}

/** Every face of every die, one entry per face (a d6 has 6 entries, a d8 8, a d12 12). */
export const FACES: Readonly<Record<DieKind, readonly Face[]>> = Object.freeze(
  Object.fromEntries(DIE_KINDS.map((k) => [k, FACE_CODES[k].map(faceOf)])) as Record<DieKind, Face[]>,
)

export function sidesOf(kind: DieKind): number {
  return FACE_CODES[kind].length
}

/** A face as a GM reads it aloud: "success + advantage", "Triumph", "blank". */
export function faceLabel(kind: DieKind, index: number): string {
  const code = FACE_CODES[kind][index]
  if (code === '') return 'blank'
  const words: Record<string, string> = { S: 'success', F: 'failure', A: 'advantage', T: 'threat', X: 'Triumph', D: 'Despair' }
  return [...code].map((c) => words[c]).join(' + ')
}

/** Number of dice of each kind in a check. */
export type Pool = Record<DieKind, number>

export function emptyPool(): Pool {
  return { proficiency: 0, ability: 0, boost: 0, challenge: 0, difficulty: 0, setback: 0 }
}

export function poolSize(p: Pool): number {
  return DIE_KINDS.reduce((n, k) => n + p[k], 0)
}

/** "2Y 2G 1B vs 3P 1K": Y Proficiency, G Ability, B Boost, R Challenge, P Difficulty, K Setback. */
export function poolLabel(p: Pool): string {
  const part = (kinds: DieKind[], letters: string[]): string =>
    kinds.map((k, i) => (p[k] > 0 ? `${p[k]}${letters[i]}` : '')).filter((x) => x !== '').join(' ') || 'nothing'
  return `${part(['proficiency', 'ability', 'boost'], ['Y', 'G', 'B'])} vs ${part(['challenge', 'difficulty', 'setback'], ['R', 'P', 'K'])}`
}

/**
 * A roll's result packed in one int32: net successes and net advantage as signed bytes, then Triumphs and
 * Despairs. Packed values add: the sum of the packed results of parts of a pool is the packed result of
 * the whole pool, as long as every field stays in range (|net| ≤ 127, Triumphs/Despairs ≤ 127).
 */
export function pack(net: number, adv: number, tr: number, de: number): number {
  return net + adv * 256 + tr * 65536 + de * 16777216
}

export function packedNet(v: number): number {
  return (v << 24) >> 24
}

export function packedAdv(v: number): number {
  const rest = (v - packedNet(v)) >> 8
  return (rest << 24) >> 24
}

export function packedTriumphs(v: number): number {
  const rest = (v - packedNet(v)) >> 8
  return ((rest - ((rest << 24) >> 24)) >> 8) & 255
}

export function packedDespairs(v: number): number {
  const rest = (v - packedNet(v)) >> 8
  return ((rest - ((rest << 24) >> 24)) >> 8) >> 8
}

export function packFace(f: Face): number {
  return pack(f.s - f.f, f.a - f.t, f.tr, f.de)
}

/** Most dice of one kind a pool may hold (keeps every packed field in range). */
export const MAX_DICE_PER_KIND = 20

export function assertPool(p: Pool): void {
  for (const k of DIE_KINDS) {
    const n = p[k]
    if (!Number.isInteger(n) || n < 0 || n > MAX_DICE_PER_KIND) throw new RangeError(`${k} dice must be an integer 0–${MAX_DICE_PER_KIND}, got ${n}`)
  }
}

/** Reads faces: what a GM says after counting symbols. */
export interface CheckResult {
  net: number
  advantage: number
  triumphs: number
  despairs: number
}

export function unpack(v: number): CheckResult {
  return { net: packedNet(v), advantage: packedAdv(v), triumphs: packedTriumphs(v), despairs: packedDespairs(v) }
}

/** Success iff net successes ≥ 1, i.e. more successes than failures (docs/rules/genesys.md section 2). */
export function succeeds(v: number): boolean {
  return packedNet(v) >= 1
}

/** One die of a kind rolled alone (a face index 0..sides−1), for tests and the trace. */
export function rollDie(rng: Rng, kind: DieKind): number {
  return rng.below(sidesOf(kind))
}
