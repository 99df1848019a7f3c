import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactRoll, tenDiceRule } from '../../dice/roll-and-keep'
import { compile } from './plan'
import { scenarioSchema } from './schema'
import { facesRng, skirmish, traceOf } from './test-helpers'

/** Issue 15 item 17: what the trace and the examples say must be true of the character and the roll. */
describe('L5R words (issue 15 item 17)', () => {
  it('the trace calls every character by name, never "he/his/him": a delaying, Down, Centered and guarded character', () => {
    const plan = compile(skirmish([
      { id: 'hana', agility: 4, earth: 1, void: 2, rounds: [{ stance: 'center', delay: 'once' }, { stance: 'defense' }] },
      { id: 'goro', agility: 2, earth: 10, rounds: [{ stance: 'attack' }] },
    ], { roundCap: 3, rules: { down: 'void-to-act' } }))
    const texts = traceOf(plan, facesRng([], 7)).map((e) => e.text)
    expect(texts).toContain('HANA delays.')
    expect(texts).toContain('HANA is in Center Stance and takes no action.')
    expect(texts.join('\n')).not.toMatch(/\b(he|his|him|himself)\b/i)
  })

  it('the Center Stance bonus names the roll it goes to next Round: the first attack roll, the Full Defense roll, or none', () => {
    const reaction = (next: string) => {
      const plan = compile(skirmish([{ id: 'a', void: 3, rounds: [{ stance: 'center' }, { stance: next }] }, { id: 'b', earth: 10, rounds: [{ stance: 'defense' }] }], { roundCap: 2 }))
      return traceOf(plan, facesRng([], 5)).find((e) => e.kind === 'reaction' && e.text.includes('gives'))?.text
    }
    expect(reaction('attack')).toBe('Reactions: A\'s Center Stance gives +10 Initiative next Round and +1k1+3 on A\'s first attack roll next Round.')
    expect(reaction('full-defense')).toBe('Reactions: A\'s Center Stance gives +10 Initiative next Round and +1k1+3 on A\'s Full Defense roll next Round.')
    expect(reaction('defense')).toBe('Reactions: A\'s Center Stance gives +10 Initiative next Round and +1k1+3 on one roll, but A plans Defense Stance next Round, which makes no roll: it will go unused.')
  })

  const example = (file: string) => scenarioSchema.parse(JSON.parse(readFileSync(join(__dirname, '../../../../resources/examples', file), 'utf8')))

  it('l5r-void-rolls.json: the Lion\'s Initiative roll is 5k3, 6k4 with the Void Point; the Crane\'s Defense roll 5k3, 6k4', () => {
    const s = example('l5r-void-rolls.json')
    const [lion, crane] = s.combatants
    const opts = { oddExcessRolled: 'discard', keptOverRolled: 'cap' } as const
    const init = tenDiceRule(lion.agility + lion.classRank, lion.agility, opts)
    expect([init.rolled, init.kept]).toEqual([5, 3])
    const defense = tenDiceRule(crane.defenseSkill + crane.agility, crane.agility, opts)
    expect([defense.rolled, defense.kept]).toEqual([5, 3])
    expect(s.description).toContain('(6k4 instead of 5k3)')
    expect(s.description).not.toContain('4k3')
    // "about +3 Armor TN": half the gain in the mean Defense roll, 6k4 over 5k3
    const gain = (exactRoll({ rolled: 6, kept: 4, bonus: 0 }, true).mean - exactRoll({ rolled: 5, kept: 3, bonus: 0 }, true).mean) / 2
    expect(gain).toBeGreaterThan(2.5)
    expect(gain).toBeLessThan(3.5)
  })

  it('l5r-void-katana.json names each Crab with the Void, armour and weapon on the sheet', () => {
    const s = example('l5r-void-katana.json')
    for (const c of s.combatants.filter((x) => x.side === 'B')) {
      expect(s.description).toContain(`${c.name} (Void ${c.void}, ${c.armor} armour, ${c.weapon.name})`)
    }
  })
})
