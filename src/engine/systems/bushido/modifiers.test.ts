import { describe, expect, it } from 'vitest'
import { challengeNumber, initiative, intoMeleeNumber, meleePool, type ShotSituation } from './modifiers'
import { modelSchema, type Model } from './schema'

const card = (extra: Record<string, unknown> = {}): Model => modelSchema.parse({ id: 'm', name: 'M', side: 'a', melee: 4, wounds: 3, ...extra })
const pool = (extra: Record<string, unknown>, s = { exhausted: false, surprised: false }): number => meleePool(card(extra), s).pool

describe('MODIFICATEURS DE LA STATISTIQUE MÊLÉE (the Bushido reference card (docs/rules/bushido.md), each row)', () => {
  it('no modifier: the Melee statistic', () => expect(pool({})).toBe(4))
  it('"La figurine est Épuisée −1" (Exhausted)', () => expect(pool({}, { exhausted: true, surprised: false })).toBe(3))
  it('"Assistance en Mêlée −1 par figurine Assistante" (Melee Assist)', () => expect(pool({ assistingEnemies: 2 })).toBe(2))
  it.each(['prone', 'blind', 'stunned', 'frightened', 'held'])('"Au Sol, Aveuglée, Étourdie, Apeurée, Paralysée −1 par État": %s', (state) => {
    expect(pool({ states: [state] })).toBe(3)
  })
  it('states stack, one each: Prone and Stunned −2', () => expect(pool({ states: ['prone', 'stunned'] })).toBe(2))
  it('"La figurine a couru ce Tour-ci −1" (Ran)', () => expect(pool({ ran: true })).toBe(3))
  it('"La figurine est Surprise −1" (Surprised)', () => expect(pool({}, { exhausted: false, surprised: true })).toBe(3))
  it('"La figurine a déclaré l\'action Se Relever −1" (Stand Up)', () => expect(pool({ standingUp: true })).toBe(3))
  it('labels show the French and the English term', () => {
    const parts = meleePool(card({ states: ['held'] }), { exhausted: true, surprised: false }).parts.map((p) => p.label)
    expect(parts).toContain('Épuisée / Exhausted')
    expect(parts).toContain('Paralysée / Held')
  })
})

const shot = (s: Partial<ShotSituation> = {}): ShotSituation => ({ range: 'short', cover: false, shooterMoves: false, alreadyShot: false, surprised: false, shooterRanCounts: true, ...s })
const cn = (target: Record<string, unknown>, s: Partial<ShotSituation> = {}, shooter: Record<string, unknown> = {}): number => challengeNumber(card(shooter), card({ size: 'small', ...target }), shot(s)).number

describe('FIXER LA DIFFICULTÉ D\'UN TIR (the Bushido reference card (docs/rules/bushido.md), each row)', () => {
  it.each([
    ['short', 4],
    ['medium', 5],
    ['long', 6],
  ] as const)('Portée %s: base %i', (range, base) => expect(cn({}, { range })).toBe(base))
  it.each([
    ['tiny', 1],
    ['small', 0],
    ['medium', -1],
    ['large', -2],
    ['huge', -3],
  ])('target size %s: %i', (size, mod) => expect(cn({ size })).toBe(4 + mod))
  it('"Cible Au Sol −1" (target Prone)', () => expect(cn({ states: ['prone'] })).toBe(3))
  it('"Cible Surprise −1"', () => expect(cn({}, { surprised: true })).toBe(3))
  it('"Cible à couvert +2" (Cover)', () => expect(cn({}, { cover: true })).toBe(6))
  it('"La Cible a couru durant ce Tour +1"', () => expect(cn({ ran: true })).toBe(5))
  it('"Le Tireur court pendant ce Tour +1" (rules.shooterRan "card", the reference card) — and nothing under "book"', () => {
    expect(cn({}, {}, { ran: true })).toBe(5)
    expect(cn({}, { shooterRanCounts: false }, { ran: true })).toBe(4)
  })
  it('"Le Tireur bouge/bougera dans le cadre de son action +1"', () => expect(cn({}, { shooterMoves: true })).toBe(5))
  it('"Le Tireur a déjà Tiré durant ce Tour +1"', () => expect(cn({}, { alreadyShot: true })).toBe(5))
  it('modifiers add up: Long, Medium target in Cover, shooter moving → 6 − 1 + 2 + 1 = 8', () => {
    expect(cn({ size: 'medium' }, { range: 'long', cover: true, shooterMoves: true })).toBe(8)
  })
})

describe('CIBLER UNE FIGURINE EN CSS: Défi de Tir (6) (the Bushido reference card (docs/rules/bushido.md), each row)', () => {
  it.each([
    ['tiny', 7],
    ['small', 6],
    ['medium', 5],
    ['large', 4],
  ])('Cible %s → %i', (size, n) => expect(intoMeleeNumber(card({ size }))?.number).toBe(n))
  it('"Cible Énorme: Succès Auto."', () => expect(intoMeleeNumber(card({ size: 'huge' }))).toBeNull())
})

describe('Initiative (docs/rules/bushido.md section 2; the reference card\'s "SURPRISE")', () => {
  const ini = (act: Record<string, unknown>, opp: Record<string, unknown>, surprised = false, engagedAtStart = true) => initiative(card(act), card(opp), surprised, engagedAtStart).first
  it('"the Activating model has the Initiative by default"', () => expect(ini({}, {})).toBe('activating'))
  it('Reach grants the Initiative only when not in base contact at the start of the activation', () => {
    expect(ini({}, { reach: true }, false, false)).toBe('opponent')
    expect(ini({}, { reach: true }, false, true)).toBe('activating')
  })
  it('"if both have Reach, neither benefits"', () => expect(ini({ reach: true }, { reach: true }, false, false)).toBe('activating'))
  it('Lightning Reflexes is always first and beats Reach; both have it → neither benefits', () => {
    expect(ini({ reach: true }, { lightningReflexes: true }, false, false)).toBe('opponent')
    expect(ini({ lightningReflexes: true }, { lightningReflexes: true })).toBe('activating')
  })
  it('"If both models ... have this trait, then neither gains the benefit": Reach then decides as if neither had Lightning Reflexes', () => {
    expect(ini({ lightningReflexes: true }, { lightningReflexes: true, reach: true }, false, false)).toBe('opponent')
    expect(ini({ lightningReflexes: true, reach: true }, { lightningReflexes: true }, false, false)).toBe('activating')
    expect(ini({ lightningReflexes: true }, { lightningReflexes: true, reach: true }, false, true)).toBe('activating')
  })
  it('"Une figurine Surprise est toujours le second Attaquant", even with Lightning Reflexes', () => {
    expect(ini({}, { lightningReflexes: true }, true)).toBe('activating')
  })
  it('a Prone model is always second, even when it is the Activating model', () => {
    expect(ini({ states: ['prone'] }, {})).toBe('opponent')
    expect(ini({ lightningReflexes: true }, { states: ['prone'] })).toBe('activating')
  })
})
