import { parseJsonText, parseScenario } from '../../../engine/run/parse'

/**
 * A scenario as a link: its JSON, compressed (DEFLATE, raw) and written in base64url into the URL's
 * fragment (`#scenario=…`), which browsers never send to a server. Opening such a link opens the
 * scenario as an unsaved one and runs nothing by itself beyond the live answer; a damaged link is
 * refused as a damaged file is, with the reason.
 */

/**
 * The address the desktop app's links start with: the `quickdraw:` scheme it registers with the system
 * (main/desktop/launch-args.ts), so a link clicked where the app is installed opens there.
 */
export const DESKTOP_LINK_BASE = 'quickdraw://open'

/** The fragment key of a shared scenario. */
export const SHARE_KEY = 'scenario'
/** Longest fragment a link may carry (browsers take far more; a scenario is a few kB compressed). */
export const MAX_SHARE_CHARS = 200_000

/** The fragment (without `#`) that carries this scenario. */
export async function shareFragment(scenario: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(scenario))
  return `${SHARE_KEY}=${toBase64Url(await transform(bytes, new CompressionStream('deflate-raw')))}`
}

/** A link to the app at `base` (its address without a fragment) that opens this scenario. */
export async function shareLink(base: string, scenario: unknown): Promise<string> {
  return `${base.replace(/#.*$/, '')}#${await shareFragment(scenario)}`
}

/** What a link's fragment holds: nothing shared, a scenario, or the reason it cannot be opened. */
export type SharedScenario = { kind: 'none' } | { kind: 'scenario'; scenario: unknown; text: string } | { kind: 'refused'; message: string }

/**
 * Reads a fragment (`#scenario=…`, with or without the `#`). `prepare` runs on the unpacked document
 * before it is checked (the page loads the scenario's rule system there).
 */
export async function readShareFragment(fragment: string, prepare: (doc: unknown) => Promise<unknown> = async () => undefined): Promise<SharedScenario> {
  const params = new URLSearchParams(fragment.replace(/^#/, ''))
  const packed = params.get(SHARE_KEY)
  if (packed === null) return { kind: 'none' }
  const refuse = (why: string): SharedScenario => ({ kind: 'refused', message: `This shared link does not hold a scenario Quickdraw can open: ${why}.` })
  if (packed.length > MAX_SHARE_CHARS) return refuse(`it is ${packed.length.toLocaleString('en-US')} characters long, more than the ${MAX_SHARE_CHARS.toLocaleString('en-US')} a link may carry`)
  if (!/^[A-Za-z0-9_-]*$/.test(packed)) return refuse('it is cut or damaged (it has characters a shared link never has)')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await transform(fromBase64Url(packed), new DecompressionStream('deflate-raw')))
  } catch {
    return refuse('it is cut or damaged (it does not unpack)')
  }
  const json = parseJsonText(text)
  if (!json.ok) return refuse(`its scenario is not JSON (${json.message})`)
  await prepare(json.value).catch(() => undefined)
  const parsed = parseScenario(json.value)
  if (!parsed.ok) return refuse(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '))
  return { kind: 'scenario', scenario: json.value, text }
}

async function transform(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream))
  return new Uint8Array(await out.arrayBuffer())
}

function toBase64Url(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4))
  const out = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i)
  return out
}
