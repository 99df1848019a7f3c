import { isAbsolute, resolve as resolvePosix } from 'node:path'
import { win32 } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A scenario file's name: `.json`, which covers `.quickdraw.json` (the file type the installers register). */
const SCENARIO_FILE = /\.json$/i

/** The most files one launch may hand over (a shell selection of hundreds of files opens none of them). */
export const MAX_LAUNCH_FILES = 16

/**
 * The scenario files named on a command line: arguments ending in `.json` that are not switches,
 * resolved against the folder the launch came from. The executable itself, the app folder Electron is
 * given in development (`electron .`) and the switches Chromium adds to a second instance's arguments
 * (`--allow-file-access-from-files`, `--original-process-start-time=…`) are never files. After `--`
 * every argument counts, so a file whose name starts with "-" can still be opened. A `file://` URL (what
 * a Linux desktop's file manager passes for `%U`) stands for its file.
 */
export function scenarioPathsFromArgv(argv: readonly string[], cwd: string, platform: NodeJS.Platform = process.platform): string[] {
  const paths: string[] = []
  let positional = false
  for (const arg of argv.slice(1)) {
    if (!positional && arg === '--') {
      positional = true
      continue
    }
    if (!positional && arg.startsWith('-')) continue
    if (isQuickdrawLink(arg)) continue
    if (!SCENARIO_FILE.test(arg) || arg.includes('\0')) continue
    const path = arg.startsWith('file://') ? fromFileUrl(arg, platform) : absolute(arg, cwd, platform)
    if (path !== null) paths.push(path)
  }
  return [...new Set(paths)].slice(0, MAX_LAUNCH_FILES)
}

function fromFileUrl(url: string, platform: NodeJS.Platform): string | null {
  try {
    return fileURLToPath(url, { windows: platform === 'win32' })
  } catch {
    return null
  }
}

function absolute(path: string, cwd: string, platform: NodeJS.Platform): string {
  if (platform === 'win32') return win32.isAbsolute(path) ? win32.normalize(path) : win32.resolve(cwd, path)
  return isAbsolute(path) ? resolvePosix(path) : resolvePosix(cwd, path)
}

/**
 * The scheme of Quickdraw's own links (`quickdraw://open#scenario=…`): the desktop app registers it, so a
 * shared scenario clicked in a chat or a browser opens in the app. The scenario travels in the fragment,
 * exactly as in the web app's links (renderer/src/share/share-link.ts).
 */
export const LINK_SCHEME = 'quickdraw'

/** Longest link one launch may hand over: a shared scenario's fragment (200,000 characters at most) and its address. */
export const MAX_LINK_CHARS = 201_000

/** The most links one launch may hand over. */
export const MAX_LAUNCH_LINKS = 4

/** Whether `text` is one of Quickdraw's own links (`quickdraw:…`, any case), short enough to carry a scenario. */
export function isQuickdrawLink(text: unknown): boolean {
  return typeof text === 'string' && text.length <= MAX_LINK_CHARS && !text.includes('\0') && text.toLowerCase().startsWith(`${LINK_SCHEME}:`)
}

/**
 * The Quickdraw links on a command line (what Windows and Linux pass when such a link is clicked). They
 * are never files, and a switch is never a link.
 */
export function shareLinksFromArgv(argv: readonly string[]): string[] {
  return [...new Set(argv.slice(1).filter((a) => isQuickdrawLink(a)))].slice(0, MAX_LAUNCH_LINKS)
}

/** What a second launch hands to the running app along with its arguments (`requestSingleInstanceLock`). */
export interface LaunchData {
  files: string[]
  /** Quickdraw links it was started with (absent from launches of earlier versions). */
  links?: string[]
}

/** The links a second launch asks the running app to open: its own list if it sent one, else its command line. */
export function secondInstanceLinks(argv: readonly string[], additionalData: unknown): string[] {
  const links = (additionalData as Partial<LaunchData> | null | undefined)?.links
  if (Array.isArray(links)) return [...new Set(links.filter((l): l is string => isQuickdrawLink(l)))].slice(0, MAX_LAUNCH_LINKS)
  return shareLinksFromArgv(argv)
}

/**
 * The files a second launch asks the running app to open. Its own resolved list (`additionalData`,
 * which Chromium leaves alone) is preferred; otherwise its command line is read. Anything not a list of
 * absolute `.json` paths is ignored: another program may start us with anything.
 */
export function secondInstanceFiles(argv: readonly string[], cwd: string, additionalData: unknown, platform: NodeJS.Platform = process.platform): string[] {
  const files = (additionalData as Partial<LaunchData> | null | undefined)?.files
  if (Array.isArray(files) && files.length > 0) {
    const abs = platform === 'win32' ? win32.isAbsolute : isAbsolute
    return [...new Set(files.filter((f): f is string => typeof f === 'string' && SCENARIO_FILE.test(f) && !f.includes('\0') && abs(f)))].slice(0, MAX_LAUNCH_FILES)
  }
  return scenarioPathsFromArgv(argv, cwd, platform)
}
