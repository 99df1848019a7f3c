import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { distributionMetric, meanMetric, orderMetric, probabilityMetric } from '../../engine/core/metrics'
import { exactOf } from '../../engine/run/exact'
import { systems } from '../../engine/systems/registry'
import { findEngineWords } from '../../../tests/lint/engine-words'
import { averageInWords, groupOf, groupResults, headline, headlineText, labelInWords, neverHappens, orderingInWords, outcomeInWords, outcomeRow, queryInWords } from './headline'
import { mixText, splitMatrix } from './split-matrix'

const example = (f: string): unknown => JSON.parse(readFileSync(join(__dirname, '../../../resources/examples', f), 'utf8')) as unknown

const interrupt = probabilityMetric({ id: 'interrupt-odds:doc', metric: 'interrupt-odds', label: 'Doc acts before Kid (interrupt)' }, 6960, 10_000, 0.6958)
const wins = orderMetric({ id: 'wins', metric: 'wins', label: 'Who wins' }, [
  { key: 'B', label: 'Side B wins (Kid)', count: 7930 },
  { key: 'A', label: 'Side A wins (Doc)', count: 2070 },
], 10_000)
const endOff = meanMetric({ id: 'end-spent:doc', metric: 'end-spent', label: 'END spent per fight: Doc' }, 10_000, 0, 0)
const abortsNever = distributionMetric({ id: 'phases-lost-abort:kid', metric: 'phases-lost-abort', label: 'Phases lost to Aborts: Kid' }, [10_000], 0, 0, 1)
const hitRate = probabilityMetric({ id: 'hit-rate:kid', metric: 'hit-rate', label: 'Attacks that hit: Kid' }, 500, 1000)

describe('the headline (issue 13: the answer first)', () => {
  it('a HERO run leads with who wins and the interrupt odds, each with its interval and exact value', () => {
    const h = headline('hero', [hitRate, endOff, interrupt, wins])
    expect(h.question).toMatch(/Who wins/)
    expect(h.items.map((i) => i.id)).toEqual(['wins=B', 'interrupt-odds:doc'])
    expect(headlineText(h)).toBe('Kid wins 79.3% (78.5–80.1) · Doc wins the interrupt contest against Kid 69.6% (68.7–70.5, exact 69.58%)')
  })

  it("a scenario's own question picks its results by id or by kind, and names ids the run does not report", () => {
    const h = headline('hero', [hitRate, interrupt, wins], { text: 'Does Doc get his shot off first?', metrics: ['interrupt-odds:doc', 'no-such-result'] })
    expect(h.question).toBe('Does Doc get his shot off first?')
    expect(h.items.map((i) => i.id)).toEqual(['interrupt-odds:doc'])
    expect(h.unknown).toEqual(['no-such-result'])
    expect(headline('hero', [hitRate, interrupt], { text: 'Hits?', metrics: ['hit-rate'] }).items.map((i) => i.label)).toEqual(["Kid's attacks that hit"])
  })

  it('results that cannot happen in this scenario are left out: END spent when END is off, Aborts of a fighter who never aborts', () => {
    expect(neverHappens(endOff)).toBe(true)
    expect(neverHappens(abortsNever)).toBe(true)
    expect(neverHappens(hitRate)).toBe(false)
    expect(neverHappens(probabilityMetric({ id: 'x', metric: 'x', label: 'x' }, 0, 100, 0.01))).toBe(false) // possible, exactly 1%
    const groups = groupResults([hitRate, endOff, abortsNever, interrupt, wins])
    expect(groups.map((g) => [g.group, g.metrics.map((m) => m.id)])).toEqual([
      ['defeat', ['wins']],
      ['timing', ['interrupt-odds:doc']],
      ['attacks', ['hit-rate:kid']],
    ])
  })

  it('groups: wins and defeat, timing, attacks, damage', () => {
    expect(['wins', 'side-wins', 'knocked-out', 'acts-first-alone', 'interrupt-odds', 'hit-rate', 'exchange-win', 'stun-taken', 'void-spent', 'end-spent'].map(groupOf)).toEqual([
      'defeat', 'defeat', 'defeat', 'timing', 'timing', 'attacks', 'attacks', 'damage', 'damage', 'damage',
    ])
  })
})

describe('the headline in a GM\'s words (issue 28)', () => {
  const sideWins = orderMetric({ id: 'side-wins', metric: 'side-wins', label: 'After 2 turns' }, [
    { key: 'A', label: 'The Kage wiped out', count: 693 },
    { key: 'B', label: 'Ito Bushi and Ashigaru Sentry wiped out', count: 180 },
    { key: 'none', label: 'both warbands still stand', count: 127 },
  ], 1000)

  it('a Bushido game says who wipes out whom, the winning warband as subject ("The Kage wiped out 69.3%" read as the Kage winning)', () => {
    const h = headline('bushido', [sideWins])
    expect(h.question).toBe('Which warband wipes out the other?')
    expect(h.items.map((i) => i.label)).toEqual(['Ito Bushi and Ashigaru Sentry wipe out the Kage after 2 turns'])
    const close = orderMetric({ id: 'side-wins', metric: 'side-wins', label: 'After 3 turns' }, [
      { key: 'none', label: 'both warbands still stand', count: 478 },
      { key: 'B', label: 'Ito Bandit wiped out', count: 410 },
      { key: 'A', label: 'The Ryu wiped out', count: 112 },
    ], 1000)
    expect(headline('bushido', [close]).items.map((i) => i.label)).toEqual(['Both warbands still stand after 3 turns', 'The Ryu wipe out Ito Bandit after 3 turns'])
  })

  it('a Bushido exchange asks who wins the exchange (no question it never answers), the fighter as subject', () => {
    const win = probabilityMetric({ id: 'exchange-win:samurai', metric: 'exchange-win', label: 'Wins the exchange: Ryu Samurai' }, 970, 1000)
    const removed = probabilityMetric({ id: 'removed:bandit', metric: 'removed', label: 'Removed: Ito Bandit' }, 969, 1000)
    const h = headline('bushido', [win, removed])
    expect(h.question).toBe('Who wins the exchange, and who is removed?')
    expect(h.items.map((i) => i.label)).toEqual(['Ryu Samurai wins the exchange', 'Ito Bandit is removed'])
  })

  it('a fight stopped by its cap is "still standing after 20 turns", never a draw; a draw that is only the cap is said once', () => {
    const cap = probabilityMetric({ id: 'cap-reached', metric: 'cap-reached', label: 'Turn cap reached' }, 992, 1000)
    const draw = probabilityMetric({ id: 'draw', metric: 'draw', label: 'Draw' }, 992, 1000)
    const aldo = probabilityMetric({ id: 'wins:aldo', metric: 'wins', label: 'Aldo wins' }, 5, 1000)
    const h = headline('gurps', [aldo, draw, cap], undefined, { turnCap: 20 })
    expect(h.items.map((i) => i.label)).toEqual(['Aldo wins', 'Both sides still standing after 20 turns'])
    expect(headlineText(h)).not.toMatch(/draw/i)
    const heroCap = orderMetric({ id: 'wins', metric: 'wins', label: 'Who wins' }, [
      { key: 'cap', label: 'Draw at the Turn cap (10 Turns)', count: 600 },
      { key: 'A', label: 'Side A wins (Captain, Falcon)', count: 400 },
    ], 1000)
    expect(headline('hero', [heroCap]).items.map((i) => i.label)).toEqual(['Both sides still standing after 10 Turns', 'Captain and Falcon win'])
  })

  it('HERO: who takes the first action and who wins the interrupt contest are two different things, said so (no "Kid 100%" beside "Doc before Kid 69%")', () => {
    const first = orderMetric({ id: 'first-actor', metric: 'first-actor', label: 'Who acts first' }, [{ key: 'kid', label: 'Kid', count: 1000 }], 1000)
    const h = headline('hero', [wins, interrupt, first])
    expect(h.question).toBe('Who wins, who takes the first action, and does the held action interrupt?')
    expect(h.items.map((i) => i.label)).toEqual(['Kid wins', 'Doc wins the interrupt contest against Kid', "Kid takes the fight's first action"])
  })

  it('Star Wars asks the question of its scenario: a fight who wins, a single check whether it hits (never "P(hit)")', () => {
    const winner = orderMetric({ id: 'winner', metric: 'winner', label: 'Winner' }, [{ key: 'B', label: 'Bounty hunter wins', count: 650 }, { key: 'A', label: 'Smuggler wins', count: 350 }], 1000)
    expect(headline('genesys', [winner]).question).toBe('Who wins the fight?')
    expect(headline('genesys', [winner]).items.map((i) => i.label)).toEqual(['Bounty hunter wins'])
    const hit = probabilityMetric({ id: 'hit', metric: 'hit', label: 'P(hit)' }, 600, 1000)
    const crit = probabilityMetric({ id: 'crit', metric: 'crit', label: 'P(critical injury)' }, 80, 1000)
    const check = headline('genesys', [hit, crit])
    expect(check.question).toBe('How often does the attack hit, and how often does it cause a Critical Injury?')
    expect(check.items.map((i) => i.label)).toEqual(['The attack hits', 'The attack causes a Critical Injury'])
  })

  it('per-fighter results of the examples\' own questions read with the fighter first (no "Shot hits: Ito Bandit")', () => {
    const said = ['Strike lands: Ronin', 'Shot hits: Ito Bandit', 'Acts at all: Convict A', 'Tied first: The Kid', 'Delay pays off: Ronin Kaze', 'Special Attack/Defence triggers: Temple Monk', 'P(defeated): Tactician', 'P(hit) per attack: Tactician', 'P(critical) per attack: Tactician'].map((l) => labelInWords(l))
    expect(said).toEqual(["Ronin's strike lands", 'The shot hits Ito Bandit', 'Convict A gets to act', 'The Kid is tied for first', "Ronin Kaze's delay pays off", "Temple Monk's Special Attack or Defence takes effect", 'Tactician is defeated', "Tactician's attacks that hit", "Tactician's attacks that cause a Critical Injury"])
  })

  it('the Waits triangle: who acts first and whose action stops another, two of each kind at most so both kinds fit', () => {
    const first = ['Convict B', 'Convict A', 'Guard'].map((n, i) => probabilityMetric({ id: `acts-first-alone:${i}`, metric: 'acts-first-alone', label: `Acts first alone: ${n}` }, [464, 302, 112][i], 1000))
    const prevents = probabilityMetric({ id: 'prevents:b:guard', metric: 'prevents', label: 'Convict B prevents Guard' }, 300, 1000)
    const h = headline('gurps-waits', [...first, prevents])
    expect(h.items.map((i) => i.label)).toEqual(['Convict B acts first, alone', 'Convict A acts first, alone', 'Convict B prevents Guard', 'Guard acts first, alone'])
  })
})

describe("the scenario question's picker names each kind of result as the results do (issue 28)", () => {
  it('every kind of result of every system reads in words: no "P(hit)", no "≥1", no engine vocabulary', () => {
    const said = systems.flatMap((s) => s.metrics.map((k) => ({ system: s.id, id: k.id, words: labelInWords(k.label, { cap: '20 turns' }) })))
    expect(said.length).toBeGreaterThan(100)
    const engine = said.filter((k) => /\bP\(|≥/.test(k.words) || findEngineWords(k.words).length > 0)
    expect(engine).toEqual([])
  })

  it('Star Wars kinds and results in the words a GM uses at the table', () => {
    const kinds = ['P(hit)', 'P(critical injury)', 'P(≥1 Triumph)', 'P(≥1 Despair)', 'P(hit) per attack', 'P(critical) per attack', 'P(defeated)', 'P(hit), opening attack'].map((l) => labelInWords(l))
    expect(kinds).toEqual(['The attack hits', 'The attack causes a Critical Injury', 'At least one Triumph', 'At least one Despair', 'Attacks that hit', 'Attacks that cause a Critical Injury', 'Defeated', 'The opening attack hits'])
    const opening = ['P(hit), opening attack: Smuggler on Bounty hunter at medium', 'P(hit), opening attack: Smuggler on Bounty hunter at engaged with his knife'].map((l) => labelInWords(l))
    expect(opening).toEqual(["Smuggler's opening attack hits Bounty hunter at medium range", "Smuggler's opening attack hits Bounty hunter while engaged with his knife"])
  })

  it('GURPS and HERO per-fighter results read with the fighter first', () => {
    const said = ['Loses his action: Convict A', 'A Wait fires: Bruno', 'A Wait is wasted: Bruno', 'Knocked down by a major wound: Ilse', 'Abort costs the next Phase: Doc'].map((l) => labelInWords(l))
    expect(said).toEqual(['Convict A loses his action', "Bruno's Wait fires", "Bruno's Wait is wasted", 'Ilse is knocked down by a major wound', "Doc's Abort costs him his next Phase"])
  })

  it("L5R's exact Round 1 values read with the character first", () => {
    const said = ['Highest Initiative in Round 1: Matsu Hiroko', 'Opening attack hits Bayushi Tomaru: Matsu Hiroko', 'Wounds per opening attack on Bayushi Tomaru: Matsu Hiroko'].map((l) => labelInWords(l))
    expect(said).toEqual(['Matsu Hiroko has the highest Initiative in Round 1', "Matsu Hiroko's opening attack hits Bayushi Tomaru", "Wounds of Matsu Hiroko's opening attack on Bayushi Tomaru"])
  })

  it('a fight stopped by its cap is named by the cap in the picker too', () => {
    expect(labelInWords('Turn cap reached', { cap: '20 turns' })).toBe('Both sides still standing after 20 turns')
  })
})

describe("Bushido's split as a matrix (issue 13)", () => {
  it('3 vs 3 melee: the recommended mix is 2/1 against 1/2, on top of a 4×4 matrix of wounds that count', () => {
    const m = splitMatrix(exactOf(example('bushido-melee-3v3-recommended.json')))
    if (!m) throw new Error('the exchange has a split matrix')
    expect([m.rowId, m.colId]).toEqual(['samurai', 'bandit'])
    expect(m.rows).toEqual(['0/3', '1/2', '2/1', '3/0'])
    expect(m.cols).toEqual(['0/3', '1/2', '2/1', '3/0'])
    expect([mixText(m.rowMix), mixText(m.colMix)]).toEqual(['2/1', '1/2'])
    // A saddle point: the value of the game is the cell where both recommended splits meet (0.077, as the example says).
    expect(m.value).toBeCloseTo(m.cells[2][1], 12)
    expect(m.value).toBeCloseTo(0.077, 3)
  })

  it('no matrix for a scenario without one', () => {
    expect(splitMatrix(exactOf(example('gurps-waits-triangle.json')))).toBeNull()
    expect(splitMatrix(null)).toBeNull()
  })
})

describe('a balance or tactics question names its result as Results do', () => {
  const metrics = [
    { id: 'acts-first-alone:kid', label: 'Acts first alone: The Kid', kind: 'probability' },
    { id: 'first-actor', label: 'Who acts first', kind: 'order', outcomes: [{ key: 'kid', label: 'Kid' }, { key: 'doc', label: 'Doc' }] },
    { id: 'wins', label: 'Who wins', kind: 'order', outcomes: [{ key: 'B', label: 'Kid wins' }, { key: 'mutual', label: 'Both sides out at once' }, { key: 'cap', label: 'Draw at the Turn cap (10 Turns)' }] },
    { id: 'side-wins', label: 'After 3 turns', kind: 'order', outcomes: [{ key: 'a-wins', label: 'The Ito wiped out' }, { key: 'b-wins', label: 'The Ryu wiped out' }] },
    { id: 'rounds', label: 'Rounds per fight', kind: 'distribution' },
  ]

  it('a chance by its label in words, an ordering by the outcome asked for', () => {
    expect(queryInWords(metrics, { metric: 'acts-first-alone:kid' })).toEqual({ label: 'The Kid acts first, alone', percent: true })
    expect(queryInWords(metrics, { metric: 'first-actor', outcome: 'kid' })).toEqual({ label: "Kid takes the fight's first action", percent: true })
    expect(queryInWords(metrics, { metric: 'wins', outcome: 'B' })).toEqual({ label: 'Kid wins', percent: true })
    // HERO: both sides fall in the same Segment: nobody wins, never "Both sides out at once wins"
    expect(queryInWords(metrics, { metric: 'wins', outcome: 'mutual' })).toEqual({ label: 'Both sides out at once', percent: true })
    expect(queryInWords(metrics, { metric: 'wins', outcome: 'cap' })).toEqual({ label: 'Both sides still standing after 10 Turns', percent: true })
    expect(queryInWords(metrics, { metric: 'side-wins', outcome: 'a-wins' })).toEqual({ label: 'The Ryu wipe out the Ito after 3 turns', percent: true })
    expect(queryInWords(metrics, { metric: 'rounds' })).toEqual({ label: 'Average Rounds per fight', percent: false })
  })

  it('a result the run does not hold has no name here (the caller keeps its own)', () => {
    expect(queryInWords(metrics, { metric: 'wins:aldo' })).toBeUndefined()
    expect(queryInWords([{ id: 'joint', label: 'Net successes × advantage', kind: 'joint' }], { metric: 'joint' })).toBeUndefined()
  })
})

describe("the last places in a GM's words: Cascading Waits orderings, averages and units", () => {
  const orderings = { label: 'Complete orderings', outcomes: [] }

  it('an ordering of every Wait reads as who acts before whom, in the table and, marked as the whole order, anywhere else', () => {
    expect(labelInWords('Complete orderings')).toBe('Order of action when the Waits trigger')
    expect(outcomeRow(orderings, 'The Kid → The Marshal')).toBe('The Kid acts before The Marshal')
    expect(outcomeInWords(orderings, 'The Kid → The Marshal')).toBe('The Kid acts before The Marshal (every Wait resolved)')
    expect(queryInWords([{ id: 'ordering', label: 'Complete orderings', kind: 'order', outcomes: [{ key: 'kid>marshal||||', label: 'The Kid → The Marshal' }] }], { metric: 'ordering', outcome: 'kid>marshal||||' })).toEqual({ label: 'The Kid acts before The Marshal (every Wait resolved)', percent: true })
    expect(orderingInWords('The Kid = The Marshal')).toBe('The Kid and The Marshal act at the same moment')
    expect(orderingInWords('Assassin → Duelist → Bodyguard; action fails: Bodyguard')).toBe("Assassin acts first, then Duelist, then Bodyguard; Bodyguard's action fails")
    expect(orderingInWords('Assassin = Duelist → Bodyguard')).toBe('Assassin and Duelist act together first, then Bodyguard')
    expect(orderingInWords('Duelist → Bodyguard; loses action: Assassin')).toBe('Duelist acts before Bodyguard; Assassin loses his action')
    expect(orderingInWords('Convict B; loses action: Convict A, Guard')).toBe('Convict B acts alone; Convict A and Guard lose their actions')
    expect(orderingInWords('nobody acts; keeps waiting: Ann')).toBe('Nobody acts; Ann keeps waiting')
  })

  it('every ordering of the shipped Waits examples reads without arrows, equals signs or "field: name" glue', () => {
    const said: string[] = []
    for (const f of ['gurps-waits-standoff.json', 'gurps-waits-triangle.json', 'gurps-waits-late-interrupter.json', 'gurps-waits-ets.json']) {
      const order = exactOf(example(f))?.find((m) => m.kind === 'order' && m.id === 'ordering')
      if (order?.kind !== 'order') throw new Error(`${f}: no ordering`)
      for (const o of order.outcomes) said.push(outcomeRow(order, o.label), outcomeInWords(order, o.label))
    }
    expect(said.length).toBeGreaterThan(20)
    expect(said.filter((s) => /[→=]|: |Complete orderings/.test(s) || findEngineWords(s).length > 0)).toEqual([])
  })

  it('an average reads as one ("Average fight length: 2.50 Segments"), its unit after the number, never "(average)" tacked on nor the unit in parentheses', () => {
    const length = distributionMetric({ id: 'fight-length', metric: 'fight-length', label: 'Fight length (Segments)' }, [0, 0, 5, 5], 0, 0, 4)
    const h = headline('hero', [length], { text: 'How long?', metrics: ['fight-length'] })
    // five fights of 2 Segments and five of 3: 2.5 on average
    expect(headlineText(h)).toBe('Average fight length: 2.50 Segments')
    expect(labelInWords('Fight length (Segments)')).toBe('Fight length in Segments')
    expect(labelInWords('Fight length (turns)')).toBe('Fight length in turns')
    expect(labelInWords('Time to knockout (Segments): Blur')).toBe('Time until Blur is knocked out in Segments')
    expect(averageInWords('Time to knockout (Segments): Blur').label).toBe('Average time until Blur is knocked out')
    expect(averageInWords('Game length (Turns played), Variable (4)').label).toBe('Average game length, Variable (4)')
    expect(averageInWords('Game length (Turns played), Variable (4)').of('4.33')).toBe('4.33 Turns')
    expect(averageInWords('Wounds per check').label).toBe('Average wounds per check')
    expect(averageInWords('END spent per fight: Blur').label).toBe("Blur's average END spent per fight")
    expect(averageInWords('Injury dealt per fight: Aldo').label).toBe('Average injury Aldo deals in a fight')
    expect(headlineText(headline('hero', [endOff], { text: 'END?', metrics: ['end-spent:doc'] }))).toBe("Doc's average END spent per fight: 0.00 (0.00–0.00)")
  })

  it("a per-fighter result no rule names is the fighter's, and a Bushido split is the dice he puts in each", () => {
    expect(labelInWords('STUN taken per fight: Granite')).toBe("Granite's STUN taken per fight")
    expect(labelInWords('Actions per Turn: Blur')).toBe("Blur's actions per Turn")
    expect(labelInWords('Turn he is taken out: Aldo')).toBe('Turn Aldo is taken out')
    // a result of the whole fight with a colon in its name is not a fighter's
    expect(labelInWords('Interrupt roll: neither makes it')).toBe('Interrupt roll: neither makes it')
    const split = { label: 'Split used (Attack/Defence): Ryu Samurai', outcomes: [] }
    expect(labelInWords(split.label)).toBe('How Ryu Samurai splits his dice')
    expect(outcomeInWords(split, '3/0 (Attack/Defence)')).toBe('Ryu Samurai puts 3 dice in Attack and 0 in Defence')
    expect(outcomeRow(split, '1/1 + Sweep Attack (1) (Attack/Defence)')).toBe('1 die in Attack and 1 in Defence, with Sweep Attack (1)')
  })
  it('a result of what a fighter does has him as its subject, and an outcome told in a sentence is left whole (regression: "The Kid\'s acts first")', () => {
    expect(labelInWords('Acts first: The Kid')).toBe('The Kid acts first')
    expect(labelInWords('END spent per fight: Blur')).toBe("Blur's END spent per fight")
    expect(labelInWords('Interrupt roll: Boss makes his roll by more than Martial Artist')).toBe('Interrupt roll: Boss makes his roll by more than Martial Artist')
  })
})
