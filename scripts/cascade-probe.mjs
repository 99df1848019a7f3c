// A tight-loop probe of the bench's cascade questions, to compare with `quickdraw bench --only gurps-waits`
// at one worker: the same dice from the same generator (pure-rand xoroshiro128+, Lemire's unbiased 3d6
// index), the same contest keys, ranking code and action rolls, tallied into a flat array, in one loop on
// one core, with none of the product's chunks, messages or merges. Not shipped; measures only.
//   node scripts/cascade-probe.mjs [trials=20000000] [repeat=3]
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'

const trials = Number(process.argv[2] ?? 20_000_000)
const repeat = Number(process.argv[3] ?? 3)

const WAYS = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]
const TOTAL = []
WAYS.forEach((w, k) => { for (let i = 0; i < w; i++) TOTAL.push(k + 3) })
const succeeds = (roll, eff) => roll <= 4 || (roll <= 16 && roll <= eff)
const critical = (roll, eff) => roll <= 4 || (roll === 5 && eff >= 15) || (roll === 6 && eff >= 16)
const contestKey = (roll, eff) => (succeeds(roll, eff) ? 1024 : 0) + eff - roll + 512

// Knife 13 + 5 Basic Speed + 2 no movement; Wrestling 12 + 1 Combat Reflexes + 6 + 2; DX 11 + 5 + 2
const effective = [20, 21, 18]
const n = effective.length
const keyTable = new Int32Array(n * 216)
for (let r = 0; r < n; r++) for (let i = 0; i < 216; i++) keyTable[r * 216 + i] = contestKey(TOTAL[i], effective[r])
// the preventing actions when they must work: the grab (Wrestling 12, then a defence of 8), the door (DX 11)
const checks = [{ skill: 12, defense: 8 }, { skill: 11, defense: -1 }]
const checkRoll = new Uint8Array(checks.length * 216)
const defenseFails = new Uint8Array(checks.length * 216)
checks.forEach((c, k) => {
  for (let i = 0; i < 216; i++) {
    const roll = TOTAL[i]
    checkRoll[k * 216 + i] = !succeeds(roll, c.skill) ? 0 : c.defense < 0 || critical(roll, c.skill) ? 1 : 2
    defenseFails[k * 216 + i] = c.defense >= 0 && !succeeds(roll, c.defense) ? 1 : 0
  }
})

const TWO_32 = 4294967296
function probe(withChecks) {
  const gen = xoroshiro128plus(1)
  const below216 = () => {
    const threshold = TWO_32 % 216
    for (;;) {
      const m = (gen.next() >>> 0) * 216
      const low = m % TWO_32
      if (low >= threshold) return (m - low) / TWO_32
    }
  }
  const masks = withChecks ? 1 << checks.length : 1
  const tally = new Float64Array(n ** n * masks)
  const keys = new Int32Array(n)
  const t0 = process.hrtime.bigint()
  for (let t = 0; t < trials; t++) {
    for (let r = 0; r < n; r++) keys[r] = keyTable[r * 216 + below216()]
    let code = 0
    for (let i = n - 1; i >= 0; i--) {
      let ahead = 0
      for (let j = 0; j < n; j++) if (keys[j] > keys[i]) ahead++
      code = code * n + ahead
    }
    let mask = 0
    if (withChecks) {
      for (let k = 0, base = 0; k < checks.length; k++, base += 216) {
        const s = checkRoll[base + below216()]
        if (s === 1 || (s === 2 && defenseFails[base + below216()] === 1)) mask |= 1 << k
      }
    }
    tally[code * masks + mask]++
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  if (tally.reduce((a, b) => a + b, 0) !== trials) throw new Error('probe lost trials')
  return trials / seconds
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
for (const [label, withChecks] of [['three Waiters, acting first is enough (gurps-cascade-3)', false], ['three Waiters, prevention only if it works (gurps-cascade-prevention)', true]]) {
  probe(withChecks) // warm-up
  const runs = Array.from({ length: repeat }, () => probe(withChecks))
  console.log(`${label}: ${(median(runs) / 1e6).toFixed(2)}M trials/s (median of ${repeat}: ${runs.map((r) => (r / 1e6).toFixed(2)).join(', ')})`)
}
