import type { GurpsScenario } from './schema'

/**
 * What a GURPS scenario touches that Quickdraw does not play as the Basic Set has it (docs/rules/gurps.md,
 * Not modelled), one sentence each in a GM's words, for the results and the command line.
 */
export function gurpsNotModelled(s: GurpsScenario): string[] {
  const out: string[] = []
  for (const c of s.combatants) {
    const weapons = c.weapons ?? (c.weapon ? [c.weapon] : [])
    for (const w of weapons) {
      const thrown = w.shots?.startsWith('T') ?? w.ranged === 'muscle-powered'
      if (w.ranged === 'muscle-powered' && thrown) {
        out.push(`${c.name ?? c.id}'s ${w.name}: after each throw a Ready takes up another, and they never run out (spares are not counted); with only one or two, the thrower would have to close in or draw another weapon sooner.`)
      }
    }
  }
  return out
}
