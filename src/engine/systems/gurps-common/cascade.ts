/**
 * Resolving one Cascading Waits moment once everyone's Quick Contest key is known.
 * @see ../shared/seeds/001_9ed8a4c4e658c7df.txt (GURPS Martial Arts p.108) and rules.md §3.6
 *
 * Only comparisons between keys matter here, so the result is a function of the weak order of the
 * keys; the plan precomputes it for every weak order and the hot loop only looks it up.
 */

/** What each roller is doing, by roller index. */
export interface CascadeCast {
  /** Number of fighters who roll (proceed or late). */
  n: number
  /** True for a previously uninvolved waiter who may cut in late (−2, seed 001). */
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
  initial.sort((a, b) => keys[b] - keys[a] || a - b)
  const slots: number[][] = []
  const slotKeys: number[] = []
  for (const i of initial) {
    if (slots.length > 0 && slotKeys[slotKeys.length - 1] === keys[i]) slots[slots.length - 1].push(i)
    else {
      slots.push([i])
      slotKeys.push(keys[i])
    }
  }
  const status: Status[] = new Array(n).fill(Status.NotTriggered)
  const lostBy: number[] = new Array(n).fill(0)
  const triggered: boolean[] = new Array(n).fill(false)
  const done: boolean[] = new Array(n).fill(false)
  const acted: number[][] = []
  let pos = 0
  while (pos < slots.length) {
    const slot = slots[pos]
    const key = slotKeys[pos]
    const before: number[] = []
    for (let l = 0; l < n; l++) {
      if (!cast.late[l] || triggered[l] || status[l] === Status.Lost) continue
      const target = cast.interrupts[l]
      if (target < 0 || !slot.includes(target) || status[target] === Status.Lost) continue
      triggered[l] = true
      if (keys[l] > key) before.push(l)
      else if (keys[l] === key) slot.push(l)
      else insertAfter(slots, slotKeys, pos, l, keys[l])
    }
    if (before.length > 0) {
      before.sort((a, b) => keys[b] - keys[a] || a - b)
      const newSlots: number[][] = []
      const newKeys: number[] = []
      for (const l of before) {
        if (newSlots.length > 0 && newKeys[newKeys.length - 1] === keys[l]) newSlots[newSlots.length - 1].push(l)
        else {
          newSlots.push([l])
          newKeys.push(keys[l])
        }
      }
      slots.splice(pos, 0, ...newSlots)
      slotKeys.splice(pos, 0, ...newKeys)
      continue
    }
    const actors = slot.filter((i) => status[i] !== Status.Lost).sort((a, b) => a - b)
    for (const a of actors) {
      status[a] = Status.Acted
      done[a] = true
    }
    for (const a of actors) {
      for (let v = 0; v < n; v++) {
        if ((cast.prevents[a] & (1 << v)) === 0 || done[v] || status[v] === Status.Lost || slot.includes(v)) continue
        status[v] = Status.Lost
        lostBy[v] |= 1 << a
      }
    }
    if (actors.length > 0) acted.push(actors)
    pos++
  }
  return { slots: acted, status, lostBy }
}
