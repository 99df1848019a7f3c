import { describe, expect, it } from 'vitest'
import { compile } from './plan'
import { facesRng, skirmish, traceOf, turnsByRound } from './test-helpers'

/** the L5R skirmish rules (docs/rules/l5r.md section 2) "Sequence of Events", sentence by sentence, on dice that always show the same face. */
describe('Stage 1: Initiative (the L5R skirmish rules (docs/rules/l5r.md section 2))', () => {
  it('"rolling Agility and Class Rank, keeping Agility": Agility 3, Class Rank 2 rolls 5k3', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, classRank: 2 }, { id: 'b' }]))
    expect(plan.fighters[0].init).toEqual({ rolled: 5, kept: 3, bonus: 0 })
  })
  it('the Ten Dice Rule applies to Initiative: Agility 6, Class Rank 7 rolls 13k6 → 10k7', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 6, classRank: 7 }, { id: 'b' }]))
    expect(plan.fighters[0].init).toEqual({ rolled: 10, kept: 7, bonus: 0 })
  })
  it('"An Initiative Roll is only made on a character\'s first Round": one Initiative roll each over many Rounds', () => {
    const plan = compile(skirmish([{ id: 'a', rounds: [{ stance: 'defense' }] }, { id: 'b', rounds: [{ stance: 'defense' }] }], { roundCap: 5 }))
    const events = traceOf(plan, facesRng([], 6))
    expect(events.filter((e) => e.text.includes('rolls Initiative'))).toHaveLength(2)
    expect(events.filter((e) => e.kind === 'round')).toHaveLength(5)
  })
  it('the trait names are configurable and show in the log', () => {
    const plan = compile(skirmish([{ id: 'a' }, { id: 'b' }], { traitNames: { initiative: 'Reflexes', rank: 'Insight Rank' }, roundCap: 1 }))
    expect(traceOf(plan, facesRng([], 6))[0].text).toContain('(Reflexes 3 + Insight Rank 1, keep Reflexes)')
  })
  it('"characters also select their Stance immediately before they make their Initiative Roll"', () => {
    const plan = compile(skirmish([{ id: 'a', rounds: [{ stance: 'full-attack' }] }, { id: 'b' }], { roundCap: 1 }))
    expect(traceOf(plan, facesRng([], 6))[0].text).toMatch(/takes Full Attack Stance and rolls Initiative/)
  })
})

describe('Stage 2: Turns (the L5R skirmish rules (docs/rules/l5r.md section 2))', () => {
  // Faces of 5: Initiative is 5 × Agility; attacks of 5 × trait never reach Armor TN 5 × Agility + 5.
  const three = (rounds: Record<string, { stance?: string; delay?: string }[]>, extra = {}) =>
    compile(
      skirmish(
        [
          { id: 'hi', agility: 4, rounds: rounds.hi },
          { id: 'mid', agility: 3, rounds: rounds.mid },
          { id: 'lo', agility: 2, side: 'A', rounds: rounds.lo },
        ],
        { roundCap: 2, ...extra },
      ),
    )
  it('"the character with the highest Initiative Score takes their Turn first"', () => {
    expect(turnsByRound(traceOf(three({}), facesRng([], 5)))).toEqual([['hi', 'mid', 'lo'], ['hi', 'mid', 'lo']])
  })
  it('"may choose to delay ... allow the next highest to take their Turn. After that, the delayer has the chance to take it"', () => {
    const plan = three({ hi: [{ delay: 'once' }] })
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))[0]).toEqual(['mid', 'hi', 'lo'])
  })
  it('"... or delay again": a to-last delayer waits through everyone and acts last', () => {
    const plan = three({ hi: [{ delay: 'to-last' }] })
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))[0]).toEqual(['mid', 'lo', 'hi'])
  })
  it('"If every participant Delays ... the lowest must take his Turn, then the Round ends"', () => {
    const all = [{ delay: 'to-last' }]
    const events = traceOf(three({ hi: all, mid: all, lo: all }), facesRng([], 5))
    expect(turnsByRound(events)[0]).toEqual(['lo'])
    expect(events.filter((e) => e.kind === 'lose' && e.at === 1).map((e) => e.who[0])).toEqual(['hi', 'mid'])
  })
  it('variant "delayers-act": after the forced lowest, the delayers still take their Turns', () => {
    const all = [{ delay: 'to-last' }]
    const plan = three({ hi: all, mid: all, lo: all }, { rules: { everyoneDelays: 'delayers-act' } })
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))[0]).toEqual(['lo', 'mid', 'hi'])
  })
  it('"Delaying a Turn has no effect on a character\'s Initiative Score the following Round"', () => {
    const plan = three({ hi: [{ delay: 'to-last' }, { delay: 'never' }] })
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))).toEqual([['mid', 'lo', 'hi'], ['hi', 'mid', 'lo']])
  })
  it('"Turns cannot be saved": a delayer who acted last in Round 1 still has one Turn in Round 2', () => {
    const plan = three({ hi: [{ delay: 'to-last' }] })
    for (const round of turnsByRound(traceOf(plan, facesRng([], 5)))) expect(new Set(round).size).toBe(round.length)
  })
  it('an after-target delayer acts right after his target has acted', () => {
    // hi (side A) targets mid (side B, first enemy); lo is on side A too
    const plan = three({ hi: [{ delay: 'after-target' }] })
    expect(turnsByRound(traceOf(plan, facesRng([], 5)))[0]).toEqual(['mid', 'hi', 'lo'])
  })
  it('"After the first Round ... characters may change their Stances at the beginning of their Turn"', () => {
    const plan = three({ lo: [{ stance: 'attack' }, { stance: 'full-defense' }] })
    const events = traceOf(plan, facesRng([], 5))
    const change = events.findIndex((e) => e.kind === 'stance')
    expect(events[change].at).toBe(2)
    // it comes after the Turns of hi and mid in Round 2, i.e. at the start of lo's own Turn
    const round2 = events.filter((e) => e.at === 2 && ['hit', 'miss', 'stance'].includes(e.kind)).map((e) => e.who[0])
    expect(round2).toEqual(['hi', 'mid', 'lo'])
  })
})

describe('Stage 3: Reactions (the L5R skirmish rules (docs/rules/l5r.md section 2)) and Center Stance (docs/rules/l5r.md section 3)', () => {
  it('Center: no action this Round, +10 Initiative next Round, and the bonus ends in the following Reaction stage', () => {
    const plan = compile(
      skirmish([{ id: 'slow', agility: 2, rounds: [{ stance: 'center' }, { stance: 'attack' }] }, { id: 'fast', agility: 3, rounds: [{ stance: 'defense' }] }], { roundCap: 3 }),
    )
    const events = traceOf(plan, facesRng([], 5))
    expect(turnsByRound(events)).toEqual([['fast', 'slow'], ['slow', 'fast'], ['fast', 'slow']])
    expect(events.find((e) => e.kind === 'round' && e.at === 2)?.text).toContain('SLOW 20 (+10 Center)')
    const reactions = events.filter((e) => e.kind === 'reaction').map((e) => e.at)
    expect(reactions).toEqual([1, 2])
  })
  it('Center: the next attack roll gets +1k1 and Void as a flat bonus (Void 3: 6k3 becomes 7k4+3)', () => {
    const plan = compile(skirmish([{ id: 'a', agility: 3, attackSkill: 3, void: 3 }, { id: 'b' }]))
    expect(plan.fighters[0].attack[0]).toEqual({ rolled: 6, kept: 3, bonus: 0 })
    expect(plan.fighters[0].attack[2]).toEqual({ rolled: 7, kept: 4, bonus: 3 })
  })
})
