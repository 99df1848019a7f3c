import type { Model, Size, State } from './schema'

/**
 * The reference card's modifier tables, each line labelled in French (as on the card) and English.
 * @see the Bushido reference card (docs/rules/bushido.md) "MODIFICATEURS DE LA STATISTIQUE MÊLÉE",
 * "FIXER LA DIFFICULTÉ D'UN TIR", "CIBLER UNE FIGURINE EN CSS"; docs/rules/bushido.md sections 2 and 3
 */

export interface Part {
  label: string
  value: number
}

const STATE_LABEL: Readonly<Record<State, string>> = {
  prone: 'Au Sol / Prone',
  blind: 'Aveuglée / Blind',
  stunned: 'Étourdie / Stunned',
  frightened: 'Apeurée / Frightened',
  held: 'Paralysée / Held',
}

/** Situation of a model at the moment of one Melee Exchange. */
export interface MeleeSituation {
  exhausted: boolean
  surprised: boolean
}

/** Melee Pool = Melee statistic + every modifier of the reference card's table (before the opposed-pool fix). */
export function meleePool(m: Model, s: MeleeSituation): { pool: number; parts: Part[] } {
  const parts: Part[] = [{ label: 'Statistique de Mêlée / Melee Pool', value: m.melee }]
  if (s.exhausted) parts.push({ label: 'Épuisée / Exhausted', value: -1 })
  if (m.assistingEnemies > 0) parts.push({ label: `Assistance en Mêlée / Melee Assist ×${m.assistingEnemies}`, value: -m.assistingEnemies })
  for (const st of new Set(m.states)) parts.push({ label: STATE_LABEL[st], value: -1 })
  if (m.ran) parts.push({ label: 'a couru ce Tour-ci / Ran this turn', value: -1 })
  if (s.surprised) parts.push({ label: 'Surprise / Surprised', value: -1 })
  if (m.standingUp) parts.push({ label: 'Se Relever / Stand Up', value: -1 })
  return { pool: parts.reduce((t, p) => t + p.value, 0), parts }
}

export type Who = 'activating' | 'opponent'

/**
 * Who has the Initiative (strikes first): the Activating model by default; Lightning Reflexes (when
 * only one has it) beats Reach; Reach (only one has it) counts if the two were not in base contact at
 * the start of the activation; a Surprised or Prone model is always second and cannot benefit from
 * Initiative effects. When both have Lightning Reflexes neither benefits, so Reach decides as if neither
 * had it. @see docs/rules/bushido.md section 2 step 1 (Initiative); the reference card's "SURPRISE" (toujours le second Attaquant)
 */
export function initiative(act: Model, opp: Model, surprised: boolean, engagedAtStart: boolean): { first: Who; reason: string } {
  const actDown = act.states.includes('prone')
  const oppDown = surprised || opp.states.includes('prone')
  if (oppDown && !actDown) return { first: 'activating', reason: surprised ? 'the opponent is Surprised (Surprise), always second' : 'the opponent is Prone (Au Sol), always second' }
  if (actDown && !oppDown) return { first: 'opponent', reason: 'the activating model is Prone (Au Sol), always second' }
  const actLr = act.lightningReflexes && !actDown
  const oppLr = opp.lightningReflexes && !oppDown
  if (actLr !== oppLr) return { first: actLr ? 'activating' : 'opponent', reason: 'Lightning Reflexes' }
  // both with Lightning Reflexes: "neither gains the benefit", so it no longer beats Reach (the publisher's reference, Lightning Reflexes)
  if (!engagedAtStart && act.reach !== opp.reach && !(opp.reach ? oppDown : actDown)) {
    return { first: act.reach ? 'activating' : 'opponent', reason: 'Reach (not in base contact at the start of the activation)' }
  }
  return { first: 'activating', reason: 'the Activating model (figurine Active) has the Initiative' }
}

export type Range = 'short' | 'medium' | 'long'

const RANGE_BASE: Readonly<Record<Range, Part>> = {
  short: { label: 'Portée Courte / Short range', value: 4 },
  medium: { label: 'Portée Moyenne / Medium range', value: 5 },
  long: { label: 'Portée Longue / Long range', value: 6 },
}

const SIZE_SHOT: Readonly<Record<Size, Part>> = {
  tiny: { label: 'Cible Minuscule / Tiny target', value: 1 },
  small: { label: 'Cible Petite / Small target', value: 0 },
  medium: { label: 'Cible Moyenne / Medium target', value: -1 },
  large: { label: 'Cible Grande / Large target', value: -2 },
  huge: { label: 'Cible Énorme / Huge target', value: -3 },
}

export interface ShotSituation {
  range: Range
  cover: boolean
  shooterMoves: boolean
  alreadyShot: boolean
  surprised: boolean
  /** Variant `rules.shooterRan` (docs/rules/bushido.md section 7): whether "the shooter ran this turn" is its own +1. */
  shooterRanCounts: boolean
}

/** Challenge Number (Difficulté du Tir) from the range band and every modifier of the reference card's table. */
export function challengeNumber(shooter: Model, target: Model, s: ShotSituation): { number: number; parts: Part[] } {
  const parts: Part[] = [RANGE_BASE[s.range], SIZE_SHOT[target.size]]
  if (target.states.includes('prone')) parts.push({ label: 'Cible Au Sol / Target Prone', value: -1 })
  if (s.surprised) parts.push({ label: 'Cible Surprise / Target Surprised', value: -1 })
  if (s.cover) parts.push({ label: 'Cible à couvert / Target in Cover', value: 2 })
  if (target.ran) parts.push({ label: 'La Cible a couru / Target ran this turn', value: 1 })
  if (shooter.ran && s.shooterRanCounts) parts.push({ label: 'Le Tireur court / Shooter ran this turn', value: 1 })
  if (s.shooterMoves) parts.push({ label: 'Le Tireur bouge / Shooter moves as part of the action', value: 1 })
  if (s.alreadyShot) parts.push({ label: 'Le Tireur a déjà Tiré / Shooter already shot this turn', value: 1 })
  return { number: parts.reduce((t, p) => t + p.value, 0), parts }
}

/**
 * Ranged Challenge Test (Défi de Tir) (6) to hit the right model when the target is in base contact with
 * a model friendly to the shooter: Tiny +1, Medium −1, Large −2, Huge automatic; Small is not listed
 * on the card, so +0. Returns null for an automatic success.
 */
export function intoMeleeNumber(target: Model): { number: number; parts: Part[] } | null {
  if (target.size === 'huge') return null
  const mod: Readonly<Record<Exclude<Size, 'huge'>, number>> = { tiny: 1, small: 0, medium: -1, large: -2 }
  const parts: Part[] = [{ label: 'Défi de Tir / Ranged Challenge', value: 6 }]
  if (mod[target.size] !== 0) parts.push({ label: SIZE_SHOT[target.size].label, value: mod[target.size] })
  return { number: parts.reduce((t, p) => t + p.value, 0), parts }
}

export function describeParts(parts: readonly Part[]): string {
  return parts.map((p, i) => (i === 0 ? `${p.label} ${p.value}` : `${p.value >= 0 ? '+' : '−'}${Math.abs(p.value)} ${p.label}`)).join(' ')
}

/**
 * Are a model's Special Attacks / Defences barred now? Only while it is Prone (Au Sol) under the variant
 * `proneSpecials: 'none'` (the publisher's reference, Prone: "may not use Special Abilities"). The reference card gives a Prone
 * model only −1 Melee Pool and the second strike, and says nothing of specials, so under `allowed` it keeps them.
 * @see docs/rules/bushido.md section 2 Initiative and Melee Pool modifiers; the Bushido reference card (docs/rules/bushido.md) "MODIFICATEURS DE LA STATISTIQUE MÊLÉE"
 */
export function specialsBarred(prone: boolean, proneSpecials: string | undefined): boolean {
  return prone && proneSpecials === 'none'
}
