import type { HeroScenario } from './schema'

/**
 * What a HERO scenario touches that Quickdraw does not play as the books have it (docs/rules/hero.md,
 * Not modelled), one sentence each in a GM's words, for the results and the command line.
 */
export function heroNotModelled(s: HeroScenario): string[] {
  const out: string[] = []
  for (const c of s.combatants) {
    if (c.armour?.covers) {
      out.push(`${c.name ?? c.id}'s armour counts only on hits to the locations it covers (played as that chance on each hit); the hit location's own damage multipliers (a head shot's extra STUN and BODY, a limb's less) are not played, so hits are as hard wherever they land.`)
    }
  }
  return out
}
