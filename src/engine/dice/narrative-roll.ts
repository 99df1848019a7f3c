import type { Rng } from '../core/rng'
import { assertPool, DIE_KINDS, FACES, faceLabel, packFace, packedAdv, packedDespairs, packedNet, packedTriumphs, sidesOf, type DieKind, type Pool } from './narrative-dice'

/**
 * Sampling a narrative-dice pool fast. The dice are split into groups whose numbers of face combinations
 * (the product of their sides) stay at most GROUP_LIMIT; each group gets a table of the packed result of
 * every combination. One unbiased draw `rng.below(size)` then rolls a whole group: every combination is
 * equally likely, exactly as with separate dice, so 2Y 2G 1B vs 3P 1K takes two draws instead of nine.
 * @see docs/rules/genesys.md section 1; docs/architecture.md (the RuleSystem contract: simulate allocates nothing).
 */

/** Largest table of one group (face combinations); 2^16 keeps tables small and within rng.below's range. */
export const GROUP_LIMIT = 65536

export interface DiceGroup {
  /** The dice of the group, in mixed-radix order: index = Σ face_i · Π sides_j (j < i). */
  kinds: DieKind[]
  size: number
  /** Packed result (see narrative-dice `pack`) of every combination. */
  table: Int32Array
}

export interface CompiledPool {
  pool: Pool
  groups: DiceGroup[]
}

function groupTable(kinds: DieKind[]): DiceGroup {
  let table = new Int32Array([0])
  for (const k of kinds) {
    const faces = FACES[k].map(packFace)
    const next = new Int32Array(table.length * faces.length)
    // index = previous index + face · (size so far): the first die is the lowest digit
    for (let f = 0; f < faces.length; f++) for (let i = 0; i < table.length; i++) next[f * table.length + i] = table[i] + faces[f]
    table = next
  }
  return { kinds, size: table.length, table }
}

/** Splits a pool into groups (largest dice first) and tabulates each. */
export function compilePool(pool: Pool): CompiledPool {
  assertPool(pool)
  const dice: DieKind[] = []
  for (const k of DIE_KINDS) for (let i = 0; i < pool[k]; i++) dice.push(k)
  dice.sort((a, b) => sidesOf(b) - sidesOf(a))
  const groups: DiceGroup[] = []
  let current: DieKind[] = []
  let size = 1
  for (const k of dice) {
    if (size * sidesOf(k) > GROUP_LIMIT) {
      groups.push(groupTable(current))
      current = []
      size = 1
    }
    current.push(k)
    size *= sidesOf(k)
  }
  if (current.length > 0) groups.push(groupTable(current))
  return { pool: { ...pool }, groups }
}

/**
 * Rolls the pool and returns the packed result. With `log`, the drawn index of each group is appended so
 * the trace can show every die; the draws are the same with or without it.
 */
export function rollPool(rng: Rng, cp: CompiledPool, log?: number[]): number {
  const groups = cp.groups
  let v = 0
  for (let g = 0; g < groups.length; g++) {
    const grp = groups[g]
    const i = rng.below(grp.size)
    if (log) log.push(i)
    v += grp.table[i]
  }
  return v
}

/** The face of every die behind the logged group indices, e.g. "Proficiency: Triumph". */
export function facesRolled(cp: CompiledPool, indices: readonly number[]): { kind: DieKind; face: number; label: string }[] {
  const out: { kind: DieKind; face: number; label: string }[] = []
  cp.groups.forEach((g, gi) => {
    let rest = indices[gi]
    for (const k of g.kinds) {
      const face = rest % sidesOf(k)
      rest = Math.floor(rest / sidesOf(k))
      out.push({ kind: k, face, label: faceLabel(k, face) })
    }
  })
  return out
}

/** Strides of a dense joint index over (net, advantage, Triumphs, Despairs), as in `CheckDistribution`. */
export interface JointStrides {
  net: number
  adv: number
  tr: number
  de: number
  /** Index of net 0, advantage 0, no Triumph, no Despair. */
  base: number
}

/**
 * Group tables that give a cell of the dense joint distribution instead of a packed result: one check
 * then lands in one histogram bin, and every metric is read from that joint histogram afterwards.
 */
export function jointTables(cp: CompiledPool, s: JointStrides): Int32Array[] {
  return cp.groups.map((g) => g.table.map((v) => packedNet(v) * s.net + packedAdv(v) * s.adv + packedTriumphs(v) * s.tr + packedDespairs(v) * s.de))
}

/** Rolls the pool into a joint cell index; same draws (one per group, in order) as `rollPool`. */
export function rollJoint(rng: Rng, cp: CompiledPool, tables: readonly Int32Array[], base: number, log?: number[]): number {
  const groups = cp.groups
  let v = base
  for (let g = 0; g < groups.length; g++) {
    const i = rng.below(groups[g].size)
    if (log) log.push(i)
    v += tables[g][i]
  }
  return v
}
