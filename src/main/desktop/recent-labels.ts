import { posix, win32 } from 'node:path'

export interface RecentLabel {
  path: string
  /** "duel.json", or "duel.json — campaign/" when another recent file is also called duel.json. */
  label: string
}

/**
 * Menu labels for recent files that tell same-named files apart. Windows and Linux show no tooltip in
 * menus, so a file name shared by two recent files gets the shortest run of parent folders that no other
 * file of that name has: "duel.json — campaign/" and "duel.json — tests/". File names compare without
 * case on Windows and macOS, as their file systems do.
 */
export function recentLabels(paths: readonly string[], platform: NodeJS.Platform = process.platform): RecentLabel[] {
  const p = platform === 'win32' ? win32 : posix
  const fold = (s: string): string => (platform === 'linux' ? s : s.toLowerCase())
  const entries = paths.map((path) => ({ path, name: p.basename(path), folders: p.dirname(path).split(/[\\/]+/).filter((s) => s !== '') }))
  return entries.map((e) => {
    const twins = entries.filter((o) => o !== e && fold(o.name) === fold(e.name))
    if (twins.length === 0) return { path: e.path, label: e.name }
    return { path: e.path, label: `${e.name} — ${distinguishingFolders(e.folders, twins.map((t) => t.folders), fold, p.sep, p.dirname(e.path))}` }
  })
}

/** The fewest trailing folders of `folders` that end none of `others`; the whole folder when none does. */
function distinguishingFolders(folders: string[], others: string[][], fold: (s: string) => string, sep: string, whole: string): string {
  const tail = (f: string[], k: number): string => fold(f.slice(Math.max(0, f.length - k)).join(sep))
  for (let k = 1; k <= folders.length; k++) {
    const mine = tail(folders, k)
    if (others.every((o) => tail(o, k) !== mine)) return `${folders.slice(folders.length - k).join(sep)}${sep}`
  }
  return whole.endsWith(sep) ? whole : `${whole}${sep}`
}

/** Windows and Linux menus read "&" as the key of a mnemonic; a file called "Tom & Jerry.json" keeps its "&". */
export function menuText(label: string, platform: NodeJS.Platform = process.platform): string {
  return platform === 'darwin' ? label : label.replace(/&/g, '&&')
}
