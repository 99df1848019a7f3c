/**
 * Stable hash of a scenario: canonical JSON (object keys sorted) hashed with 64-bit FNV-1a, as 16 hex
 * digits. Identical scenarios give identical hashes in the app, the browser and the CLI.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  const obj = value as Record<string, unknown>
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`
}

export function hashScenario(value: unknown): string {
  return fnv1a64(canonicalJson(value))
}

/** 64-bit FNV-1a of a string's UTF-16 code units (all below 256 in canonical ASCII JSON), as hex. */
export function fnv1a64(s: string): string {
  // 64-bit FNV-1a over UTF-16 code units, in two 32-bit halves.
  let hHi = 0xcbf29ce4
  let hLo = 0x84222325
  for (let i = 0; i < s.length; i++) {
    hLo = (hLo ^ s.charCodeAt(i)) >>> 0
    // multiply by the FNV prime 0x100000001b3 = 2^40 + 0x1b3
    const loMul = hLo * 0x1b3
    const carry = Math.floor(loMul / 0x100000000)
    const newLo = loMul >>> 0
    hHi = (Math.imul(hHi, 0x1b3) + carry + ((hLo << 8) >>> 0)) >>> 0
    hLo = newLo
  }
  return hHi.toString(16).padStart(8, '0') + hLo.toString(16).padStart(8, '0')
}
