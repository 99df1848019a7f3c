import type { z } from 'zod'
import { AOA_OPTIONS, AOD_OPTIONS, BEST, TRIGGERS } from './names'
import type { Combatant, GurpsScenario, Step, Weapon } from './schema'

type Ctx = z.core.$RefinementCtx<GurpsScenario>
type Path = (string | number)[]

const list = (xs: readonly string[]): string => xs.map((x) => JSON.stringify(x)).join(', ')

function issue(ctx: Ctx, path: Path, message: string, input: unknown): void {
  ctx.addIssue({ code: 'custom', path, message, input })
}

/**
 * All-Out Attack options the fighter's weapon allows; a ranged All-Out Attack is Determined (Suppression
 * Fire is not modelled), Strong, Double and Feint being melee options (docs/rules/gurps.md section 3). Double under the
 * variant aoaDouble: "two-weapons" (docs/rules/gurps.md section 3 "if two ready weapons") needs a pair or bare hands;
 * "basic-set" (GURPS Basic Set p.B365 "two ready weapons or one weapon that does not have to be readied after use")
 * refuses only one unbalanced weapon, which must be readied after an attack.
 * @see docs/rules/gurps.md section 3 (Maneuvers), variants.ts aoaDouble
 */
function checkAoaOption(option: string, weapon: Weapon | undefined, rules: GurpsScenario['rules'], path: Path, ctx: Ctx): void {
  if (!weapon) return
  const twoWeapons = weapon.pair || weapon.barehanded !== 'no'
  if (weapon.ranged !== 'no' && option !== 'determined') {
    issue(ctx, [...path, 'option'], 'must be "determined" for an All-Out Attack with a ranged weapon (Strong, Double and Feint are melee options)', option)
  } else if (option === 'double' && !twoWeapons) {
    if (rules.aoaDouble === 'two-weapons') issue(ctx, [...path, 'option'], TWO_WEAPONS_DOUBLE, option)
    else if (weapon.unbalanced) issue(ctx, [...path, 'option'], UNBALANCED_DOUBLE, option)
  }
}

const TWO_WEAPONS_DOUBLE = '"double" needs two ready weapons: set weapon.pair to true (a second weapon of the same kind in the other hand) or fight barehanded'

const UNBALANCED_DOUBLE =
  'must not be "double" with one unbalanced weapon, which must be readied after each attack (B365: two ready weapons, or one that need not be readied after use): set weapon.pair to true (a second weapon in the other hand), fight barehanded, or use a balanced weapon'

/** Cross-field checks of one maneuver: options match the maneuver and the weapon, Waits have a trigger, named triggers name an enemy. */
function checkStep(s: Step, path: Path, ids: Map<string, number>, weapons: Weapon[], rules: GurpsScenario['rules'], ctx: Ctx): void {
  const aoa = s.maneuver === 'all-out-attack' || (s.maneuver === 'wait' && s.response === 'all-out-attack')
  if (s.option !== undefined) {
    if (aoa && !(AOA_OPTIONS as readonly string[]).includes(s.option)) issue(ctx, [...path, 'option'], `must be one of ${list(AOA_OPTIONS)} for an All-Out Attack`, s.option)
    else if (aoa) [...new Set(weapons.slice(0, 1).concat(weapons.filter((w) => w.ranged !== 'no').slice(0, 1)))].forEach((w) => checkAoaOption(s.option as string, w, rules, path, ctx))
    else if (s.maneuver === 'all-out-defense' && !(AOD_OPTIONS as readonly string[]).includes(s.option)) issue(ctx, [...path, 'option'], `must be one of ${list(AOD_OPTIONS)} for an All-Out Defense`, s.option)
    else if (!aoa && s.maneuver !== 'all-out-defense') issue(ctx, [...path, 'option'], 'only applies to an All-Out Attack, an All-Out Defense, or a Wait whose response is an All-Out Attack', s.option)
  }
  if (s.maneuver === 'wait') {
    if (s.trigger === undefined) issue(ctx, [...path, 'trigger'], `is required for a Wait (what sets it off): one of ${list(TRIGGERS)}`, undefined)
    if (s.trigger === 'named-enemy-acts' && s.enemy === undefined) issue(ctx, [...path, 'enemy'], 'is required for the trigger "named-enemy-acts"', undefined)
    if (s.enemy !== undefined && !ids.has(s.enemy)) issue(ctx, [...path, 'enemy'], `must be one of the combatant ids ${list([...ids.keys()])}`, s.enemy)
    if (s.response === 'stop-hit') {
      if (s.trigger !== undefined && s.trigger !== 'enemy-attacks') issue(ctx, [...path, 'trigger'], 'must be "enemy-attacks" for a Stop Hit (it meets the attack of a foe who attacks him)', s.trigger)
      if (weapons.some((w) => w.ranged !== 'no')) issue(ctx, [...path, 'response'], 'must not be "stop-hit" with a ranged weapon (a Stop Hit is a melee attack into the foe\'s attack)', s.response)
    }
  } else {
    for (const k of ['trigger', 'enemy', 'response'] as const) if (s[k] !== undefined) issue(ctx, [...path, k], 'only applies to a Wait', s[k])
  }
}

/** Shots and small only where they mean something: shots on a missile weapon, small on a thrown one. */
function checkWeapon(w: Weapon, path: Path, ctx: Ctx): void {
  if (w.shots !== undefined && w.ranged === 'no') issue(ctx, [...path, 'shots'], 'only applies to a ranged weapon (ranged "firearm" or "muscle-powered")', w.shots)
  const thrown = w.ranged === 'muscle-powered' && (w.shots ?? 'T').startsWith('T')
  if (w.small && !thrown) issue(ctx, [...path, 'small'], 'only applies to a thrown weapon (ranged "muscle-powered" with shots "T(…)" or left out)', w.small)
  if (w.shots?.startsWith('T') && w.ranged !== 'muscle-powered') issue(ctx, [...path, 'shots'], 'must not be "T(…)" (thrown) unless ranged is "muscle-powered"', w.shots)
}

/** His attacks: weapon or weapons, not both, not neither; names unique. */
function checkAttacks(c: Combatant, i: number, ctx: Ctx): void {
  if (c.weapon && c.weapons) issue(ctx, ['combatants', i, 'weapons'], 'must not be given together with weapon: give weapon (one attack) or weapons (a list of named attacks)', undefined)
  else if (!c.weapon && !c.weapons) issue(ctx, ['combatants', i, 'weapon'], 'is required: give weapon (one attack) or weapons (a list of named attacks)', undefined)
  if (c.weapon) checkWeapon(c.weapon, ['combatants', i, 'weapon'], ctx)
  const names = new Set<string>()
  c.weapons?.forEach((w, j) => {
    if (names.has(w.name)) issue(ctx, ['combatants', i, 'weapons', j, 'name'], `must be unique among his attacks, "${w.name}" is used twice`, w.name)
    names.add(w.name)
    checkWeapon(w, ['combatants', i, 'weapons', j], ctx)
  })
}

/** The attacks his tactics can use: the one named by `using`, every one for "best", the first when left out. */
function usedWeapons(c: Combatant | undefined, using: string | undefined): Weapon[] {
  if (!c) return []
  if (c.weapon) return [c.weapon]
  const ws = c.weapons ?? []
  if (using === BEST) return ws
  const named = ws.find((w) => w.name === using)
  return named ? [named] : ws.slice(0, 1)
}

/** Unique ids, known references, one tactic per combatant, ETS ⊃ Combat Reflexes, pain thresholds exclusive. */
export function checkScenario(s: GurpsScenario, ctx: Ctx): void {
  const ids = new Map<string, number>()
  s.combatants.forEach((c, i) => {
    if (ids.has(c.id)) issue(ctx, ['combatants', i, 'id'], `must be unique, "${c.id}" is used twice`, c.id)
    ids.set(c.id, i)
    checkAttacks(c, i, ctx)
    if (c.combatReflexes && c.enhancedTimeSense) issue(ctx, ['combatants', i, 'combatReflexes'], 'must be false when enhancedTimeSense is true (Enhanced Time Sense already includes Combat Reflexes)', true)
    if (c.highPainThreshold && c.lowPainThreshold) issue(ctx, ['combatants', i, 'lowPainThreshold'], 'must be false when highPainThreshold is true', true)
  })
  const sides = new Set(s.combatants.map((c) => c.side ?? c.id))
  if (sides.size < 2) issue(ctx, ['combatants'], 'must have at least two sides (give enemies different "side" values)', undefined)
  const seen = new Set<string>()
  s.tactics.forEach((t, i) => {
    if (!ids.has(t.combatant)) issue(ctx, ['tactics', i, 'combatant'], `must be one of the combatant ids ${list([...ids.keys()])}`, t.combatant)
    else if (seen.has(t.combatant)) issue(ctx, ['tactics', i, 'combatant'], 'must name each combatant once (this one already has a tactic)', t.combatant)
    seen.add(t.combatant)
    if (t.target !== undefined && !ids.has(t.target)) issue(ctx, ['tactics', i, 'target'], `must be one of the combatant ids ${list([...ids.keys()])}`, t.target)
    const me = s.combatants[ids.get(t.combatant) ?? -1]
    if (t.using !== undefined && me) {
      const names = (me.weapons ?? []).map((w) => w.name)
      if (!me.weapons) issue(ctx, ['tactics', i, 'using'], 'only applies to a fighter with a weapons list (several attacks)', t.using)
      else if (t.using !== BEST && !names.includes(t.using)) issue(ctx, ['tactics', i, 'using'], `must be the name of one of his attacks (${list(names)}) or "best"`, t.using)
    }
    const weapons = usedWeapons(me, t.using)
    t.maneuvers.forEach((step, j) => checkStep(step, ['tactics', i, 'maneuvers', j], ids, weapons, s.rules, ctx))
    if (me && t.target !== undefined) {
      const other = s.combatants[ids.get(t.target) ?? -1]
      if (other && (other.side ?? other.id) === (me.side ?? me.id)) issue(ctx, ['tactics', i, 'target'], 'must be an enemy (a combatant on another side)', t.target)
    }
    if (s.signalTurn === undefined && t.maneuvers.some((m) => m.trigger === 'signal')) {
      issue(ctx, ['signalTurn'], 'is required when a Wait uses the trigger "signal"', undefined)
    }
  })
  for (const id of ids.keys()) if (!seen.has(id)) issue(ctx, ['tactics'], `must give combatant "${id}" a tactic`, undefined)
}
