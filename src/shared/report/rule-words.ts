/**
 * Words for the fields of a scenario, shared by the app, the report and the engine's messages: keys in
 * plain words, the rules' abbreviations as the books print them, a field named by its owner.
 */
type Obj = Record<string, unknown>
const isObj = (x: unknown): x is Obj => x !== null && typeof x === 'object' && !Array.isArray(x)

/**
 * The rules' own abbreviations, as the books print them (HERO's characteristics and defences, GURPS's
 * attributes and DR, L5R's TNs): a key `ocv` reads "OCV", never "Ocv"; `rpd` reads "rPD".
 */
const RULE_WORDS: Record<string, string> = {
  ocv: 'OCV', dcv: 'DCV', omcv: 'OMCV', dmcv: 'DMCV', pd: 'PD', ed: 'ED', rpd: 'rPD', red: 'rED', stun: 'STUN', body: 'BODY', end: 'END',
  dex: 'DEX', spd: 'SPD', str: 'STR', con: 'CON', rec: 'REC', int: 'INT', dc: 'DC', dr: 'DR', db: 'DB', hp: 'HP', fp: 'FP', st: 'ST', dx: 'DX', iq: 'IQ', ht: 'HT',
  tns: 'TNs', tn: 'TN', npc: 'NPC',
}

/** One word in the rules' spelling: an abbreviation in capitals ("OCV"), any other word as given. */
export function ruleWord(word: string): string {
  return RULE_WORDS[word.toLowerCase()] ?? word
}

/** A key's words, lower case but for the rules' abbreviations: `stunMultiplier` → `STUN multiplier`, `basicSpeed` → `basic speed`. */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase()
    .split(' ')
    .map(ruleWord)
    .join(' ')
}

/** `basicSpeed` → `Basic speed`, `ocv` → `OCV`, `rpd` → `rPD`. */
export function humanizeKey(key: string): string {
  const words = keyWords(key)
  return words === '' || RULE_WORDS[words.split(' ')[0].toLowerCase()] ? words : words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * A field of a scenario in words: "Smuggler's attack skill" for `combatants[0].attack.skill`, "Doc's
 * OCV", "the first Ryu model's ki" — the owner by his name, the attribute by the rules' words; a field
 * outside every list by its words alone ("Turn cap").
 */
export function fieldInWords(scenario: unknown, path: string): string {
  const parts = path.match(/[^.[\]]+/g) ?? []
  let node: unknown = scenario
  let owner = ''
  const rest: string[] = []
  for (const part of parts) {
    const index = /^\d+$/.test(part) ? Number(part) : undefined
    const next: unknown = Array.isArray(node) && index !== undefined ? node[index] : isObj(node) ? node[part] : undefined
    if (index !== undefined && isObj(next)) {
      const o = next
      const name = typeof o.name === 'string' && o.name !== '' ? o.name : typeof o.id === 'string' ? o.id : `number ${index + 1}`
      owner = name
      rest.length = 0
    } else if (index !== undefined) rest.push(`number ${index + 1}`)
    else rest.push(part)
    node = next
  }
  const words = rest.map(keyWords).join(' ')
  if (owner === '') return humanizeKey(rest.join('-')) || path
  return words === '' ? owner : `${owner}'s ${words}`
}

