import type { Rng } from './rng'

/**
 * Every way a piece of sampler code can roll, with its exact probability: the code runs again and again
 * with a scripted stream that answers each draw in turn with each of its possible values (depth first,
 * replaying the earlier answers), so the exact answer follows the very code paths the sampler follows.
 *
 * A draw whose values the code only tells apart by class (a 3d6 total read only as success or failure
 * against a known target; a draw of 216 read only as a 3d6 total) is answered once per class, with a
 * representative value and the class's probability: `branchesOf(n)` says how a draw `below(n)` splits at
 * the moment it is made (`groupDraw` builds such a split). The caller vouches that the code reads the
 * drawn value only through its class.
 */
export interface DrawBranches {
  /** One representative value per branch. */
  values: Int32Array
  /** Each branch's probability. */
  p: Float64Array
}

/** Splits a draw `below(n)` by `label(value)`: one branch per label, its first value as representative. */
export function groupDraw(n: number, label: (value: number) => number): DrawBranches {
  const first = new Map<number, { value: number; count: number }>()
  for (let i = 0; i < n; i++) {
    const l = label(i)
    const seen = first.get(l)
    if (seen) seen.count++
    else first.set(l, { value: i, count: 1 })
  }
  const all = [...first.values()]
  return { values: Int32Array.from(all, (x) => x.value), p: Float64Array.from(all, (x) => x.count / n) }
}

/** Every value of a draw `below(n)` on its own. */
export function everyValue(n: number): DrawBranches {
  return groupDraw(n, (i) => i)
}

/** A stream that answers draws from a script of branch indices, extending it with the first branch. */
class ScriptedRng implements Rng {
  readonly path: number[] = []
  readonly arity: number[] = []
  at = 0
  p = 1
  constructor(
    private readonly branchesOf: (n: number) => DrawBranches,
    private readonly maxDraws: number,
  ) {}
  u32(): number {
    throw new Error('an exact enumeration cannot follow a raw 32-bit draw')
  }
  below(n: number): number {
    const c = this.branchesOf(n)
    if (this.at >= this.maxDraws) throw new Error(`more than ${this.maxDraws} rolls in one step`)
    if (this.at === this.path.length) {
      this.path.push(0)
      this.arity.push(c.values.length)
    }
    const k = this.path[this.at++]
    this.p *= c.p[k]
    return c.values[k]
  }
  die(sides: number): number {
    return this.below(sides) + 1
  }
}

/**
 * Runs `run` once per way its draws can fall and hands each outcome to `leaf` with its probability (the
 * probabilities of all leaves sum to 1). `run` must be deterministic given its draws. Returns the number
 * of runs, or stops with a thrown error when one run makes more than `maxDraws` draws or the runs exceed
 * `maxRuns` (the caller turns that into a refusal).
 */
export function forEachRoll<T>(run: (rng: Rng) => T, leaf: (outcome: T, p: number) => void, branchesOf: (n: number) => DrawBranches, maxRuns = 1e7, maxDraws = 64): number {
  const rng = new ScriptedRng(branchesOf, maxDraws)
  let runs = 0
  for (;;) {
    rng.at = 0
    rng.p = 1
    const out = run(rng)
    if (++runs > maxRuns) throw new Error(`more than ${maxRuns} ways for one step to go`)
    // only draws actually made in this run belong to its path
    rng.path.length = rng.at
    rng.arity.length = rng.at
    leaf(out, rng.p)
    let d = rng.path.length - 1
    while (d >= 0 && rng.path[d] === rng.arity[d] - 1) d--
    if (d < 0) return runs
    rng.path.length = d + 1
    rng.arity.length = d + 1
    rng.path[d]++
  }
}
