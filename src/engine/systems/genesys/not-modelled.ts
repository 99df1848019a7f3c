import type { GenesysScenario } from './schema'

/**
 * What a Star Wars / Genesys scenario touches that Quickdraw does not play as the books have it
 * (docs/rules/genesys.md, Not modelled), one sentence each in a GM's words, for the results and the
 * command line.
 */
export function genesysNotModelled(s: GenesysScenario): string[] {
  const out: string[] = []
  if (s.mode !== 'fight') return out
  for (const c of s.combatants) {
    if ((c.weapons?.length ?? 0) > 1) {
      out.push(`${c.name ?? c.id} changes weapons at no cost: in the book readying or stowing a weapon takes a maneuver, so a switch here comes a maneuver early.`)
    }
  }
  return out
}
