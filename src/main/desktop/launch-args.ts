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

/** What a second launch hands to the running app along with its arguments (`requestSingleInstanceLock`). */
export interface LaunchData {
  files: string[]
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
