import { describe, expect, it } from 'vitest'
import { createStream } from '../../core/rng'
import type { TraceEvent } from '../../core/trace'
import { friendInContact, shoot } from './game-actions'
import { compileGame } from './game-plan'
import type { Game } from './schema'
import { bushidoScenario, model } from './test-helpers'

/**
 * Shooting into a melee in a game (issue 15 item 2). The French reference card: "Si une figurine Cible
 * un Ennemi en CSS avec un Allié du Tireur, effectuez un Défi de Tir (6)". Base contact runs both ways:
 * the target may have engaged the shooter's friend, or the friend may have engaged the target.
 */
describe('shooting at an enemy in base contact with a friend of the shooter, in a game (Bushido rulebook pp.34–36)', () => {
  const s = bushidoScenario(
    [model('archer', 'a', { ranged: 3 }), model('yojimbo', 'a'), model('samurai', 'a'), model('bandit', 'b', { wounds: 20 })],
    { kind: 'game', turns: 1, engaged: [['yojimbo', 'bandit']], tactics: [{ model: 'archer', action: 'shoot', target: 'bandit', range: 'short' }] },
  )
  const [ARCHER, YOJIMBO, SAMURAI, BANDIT] = [0, 1, 2, 3]
  /** The bandit killed the yojimbo (its own contact), while the samurai, who engaged the bandit, is still in base contact with it. */
  const afterYojimboFell = () => {
    const p = compileGame(s, s.situation as Game)
    p.models.forEach((m, i) => (p.woundsLeft[i] = m.wounds))
    p.woundsLeft[YOJIMBO] = 0
    p.engaged.fill(-1)
    p.engaged[SAMURAI] = BANDIT
    return p
  }

  it('the friend found is the samurai, who engaged the bandit (the bandit\'s own contact is gone)', () => {
    const p = afterYojimboFell()
    expect(p.engaged[BANDIT]).toBe(-1)
    expect(friendInContact(p, ARCHER, BANDIT)).toBe(SAMURAI)
  })

  it('regression: after the bandit\'s first opponent is killed, every hit on it still needs the Défi de Tir (6), and a failed one hits the samurai', () => {
    let hits = 0
    let samuraiHit = 0
    for (let seed = 1; seed <= 60; seed++) {
      const p = afterYojimboFell()
      const log: TraceEvent[] = []
      shoot(p, createStream(seed, 0), ARCHER, BANDIT, false, 1, log)
      if (log[0].kind !== 'hit') continue
      hits++
      expect(log[1].text, `seed ${seed}`).toMatch(/^Défi de Tir \(5\) into the melee: \d — (Bandit is hit|the shot hits Samurai instead)\.$/)
      if (log[1].text.includes('Samurai instead')) samuraiHit++
    }
    expect(hits).toBeGreaterThan(20)
    expect(samuraiHit).toBeGreaterThan(0)
  })

  it('no friend in contact, no Défi de Tir', () => {
    const p = afterYojimboFell()
    p.engaged[SAMURAI] = -1
    expect(friendInContact(p, ARCHER, BANDIT)).toBe(-1)
  })
})
