/**
 * The About box: the versions, and the open-source packages the app's window is built with (from the
 * third-party notices the build writes next to the page, `third-party-notices.txt`), with a button that
 * opens their full licence texts.
 */
export const NOTICES_FILE = 'third-party-notices.txt'

/** "vue 3.5.45 (MIT)" for each package of the notices file, in its order. */
export function bundledPackages(notices: string): string[] {
  const lines = notices.split('\n')
  const out: string[] = []
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!/^=+$/.test(lines[i])) continue
    const m = /^(\S+) (\S+) — ([^—]+?)(?: — .*)?$/.exec(lines[i + 1])
    if (m) out.push(`${m[1]} ${m[2]} (${m[3]})`)
  }
  return out
}

export function aboutDetail(versions: { engine: string; electron: string }, notices: string | null): string {
  const head = `Engine ${versions.engine}\nElectron ${versions.electron}\nMIT licence, © 2026 Quickdraw contributors`
  if (notices === null) return `${head}\n\nThe list of open-source packages it includes is missing from this build.`
  return `${head}\n\nBuilt with these open-source packages: ${bundledPackages(notices).join(', ')}.`
}
