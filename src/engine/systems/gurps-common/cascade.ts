/**
 * Resolving one Cascading Waits moment once everyone's Quick Contest key is known.
 * @see GURPS Martial Arts p.108 (docs/rules/gurps.md section 2) (GURPS Martial Arts p.108) and docs/rules/gurps.md section 2
 *
 * Only comparisons between keys matter here, so the result is a function of the weak order of the
 * keys; the plan precomputes it for every weak order and the hot loop only looks it up.
 */

/** What each roller is doing, by roller index. */
export interface CascadeCast {
  /** Number of fighters who roll (proceed or late). */
  n: number
  /** True for a previously uninvolved waiter who may cut in late (−2, GURPS Martial Arts p.108 (docs/rules/gurps.md section 2)). */
  late: readonly boolean[]
  /** For late joiners: roller index whose action triggers the Wait (−1: not a roller, never triggers). */
  interrupts: readonly number[]
  /** Bit mask of rollers whose action becomes impossible if this one acts first. */
  prevents: readonly number[]
}

export const enum Status {
  Acted = 0,
  /** Lost his action (and his Wait): a faster action made it impossible. */
  Lost = 1,
  /** A late joiner whose trigger never came. */
  NotTriggered = 2,
}

export interface CascadeOutcome {
  /** Time slots in order; fighters in one slot act truly simultaneously. */
  slots: number[][]
  status: Status[]
  /** For a lost fighter, the bit mask of those whose earlier action prevented his. */
  lostBy: number[]
}

/** Inserts a late joiner into the slots after `from` by his key (joining a slot of equal key). */
function insertAfter(slots: number[][], slotKeys: number[], from: number, who: number, key: number): void {
  let k = from + 1
  while (k < slots.length && slotKeys[k] > key) k++
  if (k < slots.length && slotKeys[k] === key) slots[k].push(who)
  else {
    slots.splice(k, 0, [who])
    slotKeys.splice(k, 0, key)
  }
}

/** Rollers in key order (highest first, roller index on equal keys), grouped into slots of equal key. */
function groupBySlot(rollers: number[], keys: ArrayLike<number>): { slots: number[][]; slotKeys: number[] } {
  rollers.sort((a, b) => keys[b] - keys[a] || a - b)
  const slots: number[][] = []
  const slotKeys: number[] = []
  for (const i of rollers) {
    if (slots.length > 0 && slotKeys[slotKeys.length - 1] === keys[i]) slots[slots.length - 1].push(i)
    else {
      slots.push([i])
      slotKeys.push(keys[i])
    }
  }
  return { slots, slotKeys }
}

interface Sequence {
  slots: number[][]
  slotKeys: number[]
  status: Status[]
  lostBy: number[]
  triggered: boolean[]
  done: boolean[]
}

/**
 * Late joiners set off by a fighter of the slot at `pos` enter where their keys put them: in the slot
 * if equal, later if lower; those with higher keys are returned to be put in front (they interrupt).
 */
function triggerLateJoiners(cast: CascadeCast, keys: ArrayLike<number>, q: Sequence, pos: number): number[] {
  const slot = q.slots[pos]
  const key = q.slotKeys[pos]
  const before: number[] = []
  for (let l = 0; l < cast.n; l++) {
    if (!cast.late[l] || q.triggered[l] || q.status[l] === Status.Lost) continue
    const target = cast.interrupts[l]
    if (target < 0 || !slot.includes(target) || q.status[target] === Status.Lost) continue
    q.triggered[l] = true
    if (keys[l] > key) before.push(l)
    else if (keys[l] === key) slot.push(l)
    else insertAfter(q.slots, q.slotKeys, pos, l, keys[l])
  }
  return before
}

/** The slot acts: its fighters still able act at once, then everyone they prevent who has not acted loses his action. */
function actSlot(cast: CascadeCast, q: Sequence, slot: number[]): number[] {
  const actors = slot.filter((i) => q.status[i] !== Status.Lost).sort((a, b) => a - b)
  for (const a of actors) {
    q.status[a] = Status.Acted
    q.done[a] = true
  }
  for (const a of actors) {
    for (let v = 0; v < cast.n; v++) {
      if ((cast.prevents[a] & (1 << v)) === 0 || q.done[v] || q.status[v] === Status.Lost || slot.includes(v)) continue
      q.status[v] = Status.Lost
      q.lostBy[v] |= 1 << a
    }
  }
  return actors
}

/**
 * Plays the sequence. `keys[i]` is roller i's contest key (higher acts earlier; ETS outranks all).
 * 1. Proceeding fighters act in key order; equal keys share a slot and act simultaneously.
 * 2. When a slot is about to act, a late joiner whose trigger is one of its fighters enters where his
 *    key puts him: before that slot if higher (he interrupts), in it if equal, later if lower.
 * 3. After a slot acts, every fighter it prevents who has not acted yet loses his action and Wait;
 *    fighters in the same slot never prevent each other (they are simultaneous).
 */
export function resolveCascade(cast: CascadeCast, keys: ArrayLike<number>): CascadeOutcome {
  const { n } = cast
  const initial: number[] = []
  for (let i = 0; i < n; i++) if (!cast.late[i]) initial.push(i)
  const q: Sequence = {
    ...groupBySlot(initial, keys),
    status: new Array<Status>(n).fill(Status.NotTriggered),
    lostBy: new Array<number>(n).fill(0),
    triggered: new Array<boolean>(n).fill(false),
    done: new Array<boolean>(n).fill(false),
  }
  const acted: number[][] = []
  let pos = 0
  while (pos < q.slots.length) {
    const before = triggerLateJoiners(cast, keys, q, pos)
    if (before.length > 0) {
      const front = groupBySlot(before, keys)
      q.slots.splice(pos, 0, ...front.slots)
      q.slotKeys.splice(pos, 0, ...front.slotKeys)
      continue
    }
    const actors = actSlot(cast, q, q.slots[pos])
    if (actors.length > 0) acted.push(actors)
    pos++
  }
  return { slots: acted, status: q.status, lostBy: q.lostBy }
}
