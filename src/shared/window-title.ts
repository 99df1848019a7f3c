import type { WindowState } from './ipc-contract'

export const APP_NAME = 'Quickdraw'

/**
 * The window title: the scenario's name, marked while it has unsaved edits, then the app's name
 * ("*duel.json — Quickdraw"). macOS shows unsaved edits as the dot in the close button instead of a
 * star. A window showing nothing yet is just "Quickdraw".
 */
export function windowTitle(state: WindowState, isMac: boolean): string {
  const name = cleanName(state.name)
  if (name === '') return APP_NAME
  return `${state.dirty && !isMac ? '*' : ''}${name} — ${APP_NAME}`
}

/** Control characters (a newline in a file name) and text-direction overrides never reach the title bar. */
function cleanName(name: string): string {
  const hidden = (c: number): boolean => c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
  return [...name]
    .map((ch) => (hidden(ch.codePointAt(0) ?? 0) ? ' ' : ch))
    .join('')
    .trim()
    .slice(0, 200)
}
