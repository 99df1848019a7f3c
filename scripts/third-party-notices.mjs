// Third-party notices: the licence of every package bundled into the page (the desktop app's window and the
// web app), gathered at build time from the modules the bundle really holds. The vite plugin emits
// `third-party-notices.txt` next to index.html; the desktop app's About opens it, the web app links it.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'

export const NOTICES_FILE = 'third-party-notices.txt'

/** The package a bundled module belongs to (`@vue/shared`, `chart.js`), from its path; null outside node_modules. */
export function packageOf(moduleId) {
  const clean = moduleId.replace(/^\0/, '').split('?')[0]
  const at = clean.lastIndexOf(`node_modules${sep}`) >= 0 ? clean.lastIndexOf(`node_modules${sep}`) : clean.lastIndexOf('node_modules/')
  if (at < 0) return null
  const rest = clean.slice(at + 'node_modules/'.length).split(/[\\/]/)
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]
  return { name, dir: join(clean.slice(0, at), 'node_modules', ...name.split('/')) }
}

/** One package's name, version, licence and licence text, read from its folder in node_modules. */
export function noticeOf(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
  const licenceFile = readdirSync(dir).find((f) => /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i.test(f))
  const author = typeof pkg.author === 'string' ? pkg.author : pkg.author?.name
  const licence = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? 'see the package')
  return {
    name: pkg.name,
    version: pkg.version,
    licence,
    author,
    homepage: pkg.homepage ?? (typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url),
    text: licenceFile ? readFileSync(join(dir, licenceFile), 'utf8').trim() : `${licence} licence (the package ships no licence file)`,
  }
}

/** The notices document for a set of package folders, sorted by name, each package once. */
export function noticesText(dirs) {
  const seen = new Map()
  for (const dir of dirs) {
    const n = noticeOf(dir)
    if (!seen.has(n.name)) seen.set(n.name, n)
  }
  const notices = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name))
  const head = [
    'Quickdraw — third-party notices',
    '',
    `Quickdraw (MIT licence, © 2026 Quickdraw contributors) includes these ${notices.length} open-source packages in its app.`,
    'Each is listed with its version, its licence and the licence text it ships with.',
    '',
  ]
  const body = notices.flatMap((n) => [
    '='.repeat(78),
    `${n.name} ${n.version} — ${n.licence}${n.author ? ` — ${n.author}` : ''}`,
    ...(n.homepage ? [n.homepage] : []),
    '',
    n.text,
    '',
  ])
  return [...head, ...body].join('\n')
}

/** The vite plugin: after bundling, the notices of every package the bundle holds modules of. */
export function thirdPartyNotices() {
  return {
    name: 'quickdraw-third-party-notices',
    apply: 'build',
    generateBundle() {
      const dirs = new Set()
      for (const id of this.getModuleIds()) {
        const p = packageOf(id)
        if (p && existsSync(join(p.dir, 'package.json'))) dirs.add(p.dir)
      }
      this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source: noticesText([...dirs]) })
    },
  }
}

