/**
 * A new scenario of each rule system: two evenly matched fighters who simply attack each other, with
 * the usual rules, ready to run and to edit into the fight at the table. Every template is checked by the
 * engine (templates.test.ts), so New never opens a file with problems.
 */
const RUN = { trials: 100_000, seed: 1 }

const templates: Record<string, () => unknown> = {
  hero: () => ({
    schemaVersion: 1,
    name: 'New HERO fight',
    description: 'Two evenly matched fighters trade blows on the Speed Chart. Change their characteristics, attacks and plans (hold, delay, Abort) to match your table.',
    system: 'hero',
    combatants: [
      { id: 'first', name: 'First fighter', side: 'A', dex: 18, spd: 4, ocv: 6, dcv: 6, con: 18, stun: 35, body: 12, rec: 8, end: 40, pd: 10, ed: 10, attack: { name: 'Punch', dice: '6d6' } },
      { id: 'second', name: 'Second fighter', side: 'B', dex: 18, spd: 4, ocv: 6, dcv: 6, con: 18, stun: 35, body: 12, rec: 8, end: 40, pd: 10, ed: 10, attack: { name: 'Punch', dice: '6d6' } },
    ],
    run: RUN,
  }),
  gurps: () => ({
    schemaVersion: 1,
    name: 'New GURPS fight',
    description: 'Two evenly matched swordsmen Attack every turn until one is out of the fight. Change their attributes, weapons and maneuvers (Wait, All-Out Attack, Feint) to match your table.',
    system: 'gurps',
    combatants: [
      { id: 'first', name: 'First fighter', st: 11, dx: 12, ht: 11, weapon: { name: 'broadsword', skill: 13, damage: 'sw+1', type: 'cut' } },
      { id: 'second', name: 'Second fighter', st: 11, dx: 12, ht: 11, weapon: { name: 'broadsword', skill: 13, damage: 'sw+1', type: 'cut' } },
    ],
    tactics: [
      { combatant: 'first', maneuvers: [{ maneuver: 'attack' }] },
      { combatant: 'second', maneuvers: [{ maneuver: 'attack' }] },
    ],
    run: RUN,
  }),
  'gurps-waits': () => ({
    schemaVersion: 1,
    name: 'New GURPS Wait standoff',
    description: 'Two fighters each on a Wait to strike the moment the other moves: who acts first? Change their skills, Basic Speed and what each Wait is for.',
    system: 'gurps-waits',
    combatants: [
      { id: 'first', name: 'First fighter', skill: 13, basicSpeed: 6 },
      { id: 'second', name: 'Second fighter', skill: 13, basicSpeed: 6 },
    ],
    tactics: [
      { combatant: 'first', commit: 'proceed', action: 'strikes the second fighter', attacks: 'second' },
      { combatant: 'second', commit: 'proceed', action: 'strikes the first fighter', attacks: 'first' },
    ],
    run: RUN,
  }),
  bushido: () => ({
    schemaVersion: 1,
    name: 'New Bushido exchange',
    description: 'One melee exchange between two evenly matched models: how should each split its Ki dice between Attack and Defence? Change their stats, traits and plans.',
    system: 'bushido',
    models: [
      { id: 'first', name: 'First model', side: 'a', melee: 3, wounds: 4 },
      { id: 'second', name: 'Second model', side: 'b', melee: 3, wounds: 4 },
    ],
    situation: { kind: 'exchange', activating: 'first', opponent: 'second' },
    plans: [
      { model: 'first', rule: 'recommended' },
      { model: 'second', rule: 'recommended' },
    ],
    run: RUN,
  }),
  genesys: () => ({
    schemaVersion: 1,
    name: 'New Genesys fight',
    description: 'Two evenly matched shooters trade blaster fire at medium range, both simply shooting every turn. Change their characteristics, skills, weapons and what they do each turn.',
    system: 'genesys',
    mode: 'fight',
    range: 'medium',
    combatants: [
      { id: 'first', name: 'First fighter', side: 'A', brawn: 2, attack: { characteristic: 3, skill: 1 }, initiative: { characteristic: 2, skill: 1 }, weapon: { name: 'blaster pistol', skill: 'ranged-light', damage: 6, crit: 3, range: 'medium' }, soak: 3, woundThreshold: 12, strainThreshold: 12 },
      { id: 'second', name: 'Second fighter', side: 'B', brawn: 2, attack: { characteristic: 3, skill: 1 }, initiative: { characteristic: 2, skill: 1 }, weapon: { name: 'blaster pistol', skill: 'ranged-light', damage: 6, crit: 3, range: 'medium' }, soak: 3, woundThreshold: 12, strainThreshold: 12 },
    ],
    plans: [
      { combatant: 'first', turns: [{ maneuvers: [], action: 'attack' }] },
      { combatant: 'second', turns: [{ maneuvers: [], action: 'attack' }] },
    ],
    run: RUN,
  }),
  l5r: () => ({
    schemaVersion: 1,
    name: 'New L5R duel',
    description: 'Two evenly matched samurai fight in the Attack Stance. Change their Rings, skills, armour and what they do each round (stances, Void Points, Raises).',
    system: 'l5r',
    combatants: [
      { id: 'first', name: 'First samurai', side: 'A', agility: 3, classRank: 2, attackSkill: 3, strength: 3, earth: 2, void: 2, armor: 'light' },
      { id: 'second', name: 'Second samurai', side: 'B', agility: 3, classRank: 2, attackSkill: 3, strength: 3, earth: 2, void: 2, armor: 'light' },
    ],
    tactics: [
      { combatant: 'first', rounds: [{ stance: 'attack' }] },
      { combatant: 'second', rounds: [{ stance: 'attack' }] },
    ],
    run: RUN,
  }),
}

/** The rule systems that have a template, in the order New lists them. */
export const templateSystems = Object.keys(templates)

/** A fresh copy of the template of a system, or null for a system without one. */
export function scenarioTemplate(systemId: string): unknown {
  return Object.hasOwn(templates, systemId) ? templates[systemId]() : null
}
