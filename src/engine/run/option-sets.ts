import type { FighterOptionSet } from '../systems/rule-system'
import { findSystem } from '../systems/registry'
import { TacticsRefusal } from './merge-patch'
import { parseScenario } from './parse'
import type { TacticsOption } from './tactics'

/** The kinds of ready-made option set, as a user names them ("attacks", "defences", "retreat"). */
export const OPTION_SET_KINDS = ['attacks', 'defences', 'retreat'] as const
export type OptionSetKind = (typeof OPTION_SET_KINDS)[number]

/** What a set offers, in a GM's words, for messages. */
const KIND_WORDS: Record<OptionSetKind, string> = {
  attacks: 'a choice of attacks',
  defences: 'a choice of defences',
  retreat: 'a choice of when to retreat',
}

/** Every ready-made option set of one fighter of a scenario (raw JSON), or the reason there is none. */
export function fighterOptionSets(scenario: unknown, fighterId: string): FighterOptionSet[] {
  const parsed = parseScenario(scenario)
  if (!parsed.ok) throw new TacticsRefusal(`the scenario is not valid: ${parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`)
  const system = findSystem(parsed.scenario.system)
  const fighters = fightersOf(parsed.scenario as unknown as Record<string, unknown>)
  const fighter = fighters.find((f) => f.id === fighterId)
  if (!fighter) {
    const known = fighters.map((f) => f.id)
    throw new TacticsRefusal(`no fighter "${fighterId}" in this scenario${known.length > 0 ? `; its fighters are ${known.map((k) => `"${k}"`).join(', ')}` : ''}`)
  }
  return system?.optionSets?.(parsed.scenario, fighterId) ?? []
}

/**
 * One fighter's ready-made option set of one kind ("each of Jack's attacks"), as Tactics options; refuses
 * with a reason in a GM's words when he has no such choice.
 */
export function fighterOptions(scenario: unknown, fighterId: string, kind: OptionSetKind): { label: string; options: TacticsOption[] } {
  const sets = fighterOptionSets(scenario, fighterId)
  const set = sets.find((s) => s.kind === kind)
  if (!set || set.options.length < 2) {
    const name = fighterName(scenario, fighterId)
    const others = sets.filter((s) => s.options.length >= 2).map((s) => `"${s.kind}"`)
    throw new TacticsRefusal(`${name} has no ${KIND_WORDS[kind].replace(/^a /, '')} to offer (the rules give him one way only)${others.length > 0 ? `; he can be offered ${others.join(', ')}` : ''}`)
  }
  return { label: set.label, options: set.options.map((o) => ({ name: o.name, patch: o.patch })) }
}

/** `fighter:kind` as the command line writes it (`ilse:attacks`), checked. */
export function parseOptionSetRef(text: string): { fighter: string; kind: OptionSetKind } {
  const at = text.lastIndexOf(':')
  const fighter = at > 0 ? text.slice(0, at).trim() : ''
  const kind = at > 0 ? text.slice(at + 1).trim() : ''
  if (fighter === '' || !(OPTION_SET_KINDS as readonly string[]).includes(kind)) {
    throw new TacticsRefusal(`"${text}": expected <fighter id>:<${OPTION_SET_KINDS.join('|')}>, e.g. ilse:attacks`)
  }
  return { fighter, kind: kind as OptionSetKind }
}

interface FighterRef {
  id: string
  name?: string
}

/** The fighters of a parsed scenario: `combatants` in most systems, `models` in Bushido. */
function fightersOf(scenario: Record<string, unknown>): FighterRef[] {
  const list = Array.isArray(scenario.combatants) ? scenario.combatants : Array.isArray(scenario.models) ? scenario.models : []
  return (list as unknown[]).filter((x): x is FighterRef => x !== null && typeof x === 'object' && typeof (x as FighterRef).id === 'string')
}

function fighterName(scenario: unknown, fighterId: string): string {
  const parsed = parseScenario(scenario)
  const f = parsed.ok ? fightersOf(parsed.scenario as unknown as Record<string, unknown>).find((x) => x.id === fighterId) : undefined
  return f?.name ?? fighterId
}
