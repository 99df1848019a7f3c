/**
 * Integer codes the hot loop uses instead of strings. Each enum follows the order of its word list in
 * names.ts, so `MANEUVERS.indexOf(word)` is the code.
 */
export const enum Maneuver {
  Attack = 0,
  AllOutAttack = 1,
  MoveAndAttack = 2,
  Feint = 3,
  Ready = 4,
  AllOutDefense = 5,
  Wait = 6,
}

export const enum Aoa {
  Determined = 0,
  Strong = 1,
  Double = 2,
  Feint = 3,
}

export const enum Aod {
  None = -1,
  IncreasedDodge = 0,
  IncreasedParry = 1,
  IncreasedBlock = 2,
  Double = 3,
}

export const enum Trigger {
  InReach = 0,
  Attacks = 1,
  Acts = 2,
  NamedActs = 3,
  Signal = 4,
}

export const enum Response {
  Attack = 0,
  AllOutAttack = 1,
  Ready = 2,
  Feint = 3,
  /** Attack into the foe's attack (GURPS Martial Arts, Stop Hits); only with the trigger "enemy-attacks". */
  StopHit = 4,
}

export const enum TargetRule {
  StickyFirst = 0,
  Weakest = 1,
  MostInjured = 2,
  Nearest = 3,
}

/** Whether a fighter is still in the fight. Anything but Ok counts as defeated. */
export const enum Cond {
  Ok = 0,
  Unconscious = 1,
  Dead = 2,
  /** Failed a death check by 1–2 under the "mortal-wound" variant: out of the fight, alive. */
  Mortal = 3,
}

export const enum Defense {
  None = -1,
  Dodge = 0,
  Parry = 1,
  Block = 2,
}
