/** The words a scenario uses for maneuvers, options, triggers and responses. @see docs/rules/gurps.md section 3, docs/rules/gurps.md section 3 */
export const MANEUVERS = ['attack', 'all-out-attack', 'move-and-attack', 'feint', 'ready', 'all-out-defense', 'wait'] as const
export const AOA_OPTIONS = ['determined', 'strong', 'double', 'feint'] as const
export const AOD_OPTIONS = ['increased-dodge', 'increased-parry', 'increased-block', 'double'] as const
export const TRIGGERS = ['enemy-in-reach', 'enemy-attacks', 'enemy-acts', 'named-enemy-acts', 'signal'] as const
export const RESPONSES = ['attack', 'all-out-attack', 'ready', 'feint', 'stop-hit'] as const
/** How a fighter picks his foe when he has no preferred target standing (docs/rules/gurps.md section 3, The fight loop). */
export const TARGET_RULES = ['sticky-first', 'weakest', 'most-injured', 'nearest'] as const
/** A barehanded "weapon" (punch, kick): "yes" parries weapons at −3, "judo-karate" without that penalty (B376). */
export const BAREHANDED = ['no', 'yes', 'judo-karate'] as const
/**
 * What kind of missile a weapon throws: "no" for melee; "firearm" (guns, beams) gets no shield DB;
 * "muscle-powered" (bows, crossbows, slings, thrown weapons) lets the shield's DB count (B-reading of
 * "DB … not against firearms", docs/rules/gurps.md section 3).
 */
export const RANGED = ['no', 'firearm', 'muscle-powered'] as const
/** A fighter's own retreat policy (his tactics' `retreat`), overriding the scenario's retreat rule for him. */
export const RETREAT_POLICIES = ['always', 'never', 'keep-my-attack'] as const
/** Which active defence he uses (his tactics' `defence`): his best (the highest score), or only one kind. */
export const DEFENCE_POLICIES = ['best', 'dodge', 'parry', 'block'] as const
/** The `using` value for "his best attack against this foe". */
export const BEST = 'best'
