import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fighterOptions, fighterOptionSets, parseOptionSetRef } from './option-sets'
import { TacticsRefusal } from './merge-patch'

const example = (name: string): unknown => JSON.parse(readFileSync(`resources/examples/${name}.json`, 'utf8'))

describe('ready-made option sets of one fighter', () => {
  it('reads fighter:set as the command line writes it', () => {
    expect(parseOptionSetRef('ilse:attacks')).toEqual({ fighter: 'ilse', kind: 'attacks' })
    expect(parseOptionSetRef('a:b:retreat')).toEqual({ fighter: 'a:b', kind: 'retreat' })
    expect(() => parseOptionSetRef('ilse')).toThrow(/expected <fighter id>:<attacks\|defences\|retreat>/)
    expect(() => parseOptionSetRef('ilse:weapons')).toThrow(TacticsRefusal)
  })

  it('names the fighters when the fighter asked for is not in the scenario', () => {
    expect(() => fighterOptionSets(example('hero-street-brawl'), 'nobody')).toThrow(/no fighter "nobody".*"bouncer", "boxer"/)
  })

  it('says in words that a fighter with one way of doing it has nothing to choose', () => {
    expect(() => fighterOptions(example('hero-street-brawl'), 'bouncer', 'retreat')).toThrow(/^Mack has no choice of when to retreat to offer/)
  })
})
