import { describe, expect, it } from 'vitest'
import { fieldInWords, humanizeKey, keyWords } from './rule-words'

describe('fields in the rules\' words', () => {
  it('writes the rules\' abbreviations as the books print them, never "Ocv" or "Rpd"', () => {
    expect(['ocv', 'dcv', 'pd', 'rpd', 'red', 'stun', 'body', 'end', 'basicSpeed', 'stunMultiplier', 'dr', 'tns'].map(humanizeKey)).toEqual([
      'OCV', 'DCV', 'PD', 'rPD', 'rED', 'STUN', 'BODY', 'END', 'Basic speed', 'STUN multiplier', 'DR', 'TNs',
    ])
    expect(keyWords('endCost')).toBe('END cost')
  })

  it('names a field by its owner and the attribute (issue 28: "Smuggler\'s attack.skill" read as code)', () => {
    const duel = { combatants: [{ id: 'smuggler', name: 'Smuggler', attack: { skill: 2 } }, { id: 'doc', name: 'Doc', ocv: 7, attacks: [{ name: 'Punch', stunMultiplier: 1 }] }], turnCap: 20 }
    expect(fieldInWords(duel, 'combatants[0].attack.skill')).toBe("Smuggler's attack skill")
    expect(fieldInWords(duel, 'combatants[1].ocv')).toBe("Doc's OCV")
    expect(fieldInWords(duel, 'combatants[1].attacks[0].stunMultiplier')).toBe("Punch's STUN multiplier")
    expect(fieldInWords(duel, 'turnCap')).toBe('Turn cap')
  })
})
