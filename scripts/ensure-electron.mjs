#!/usr/bin/env node
// Makes sure the Electron binary is on disk before `npm start` / `npm run dev` launch it.
//
// Electron 45 has no install script: it downloads its binary the first time `require('electron')` runs,
// but electron-vite reads node_modules/electron/path.txt directly and never triggers that download. So
// this script runs Electron's own installer (the `install-electron` bin, node_modules/electron/install.js)
// when the binary is missing, which also works with `ignore-scripts=true`. Once installed it is a no-op.
// When the download fails the user gets one message naming Electron, the version, the download address
// and the mirror/proxy settings, instead of a stack trace.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import process from 'node:process'
import { fileURLToPath } from 'node:url'

const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/'

/** The project whose node_modules/electron we install: this script's parent folder. */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function platformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron'
  if (platform === 'win32') return 'electron.exe'
  return 'electron'
}

/** The same settings @electron/get reads for the mirror (.npmrc, package.json config, environment). */
function setting(env, name) {
  const snake = name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()
  return (
    env[`npm_config_electron_${name.toLowerCase()}`] ||
    env[`NPM_CONFIG_ELECTRON_${snake.toUpperCase()}`] ||
    env[`npm_config_electron_${snake}`] ||
    env[`npm_package_config_electron_${name}`] ||
    env[`npm_package_config_electron_${snake}`] ||
    env[`ELECTRON_${snake.toUpperCase()}`] ||
    undefined
  )
}

/** The address the installer downloads from, for the message. */
export function downloadUrl(version, env = process.env, platform = process.platform, arch = process.arch) {
  const base = setting(env, 'mirror') || DEFAULT_MIRROR
  const dir = (setting(env, 'customDir') || `v${version}`).replace('{{ version }}', version)
  const file = setting(env, 'customFilename') || `electron-v${version}-${platform}-${arch}.zip`
  return `${base}${dir}/${file}`
}

/** Proxy settings as Node's fetch reads them (HTTPS_PROXY first, like Node). */
function proxyOf(env) {
  return env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || ''
}

/** Is the binary for this version already there (what Electron's installer itself checks)? */
export function isInstalled(electronDir, version, platform = process.platform) {
  try {
    const recorded = readFileSync(join(electronDir, 'path.txt'), 'utf8')
    if (recorded !== platformPath(platform)) return false
    if (readFileSync(join(electronDir, 'dist', 'version'), 'utf8').trim().replace(/^v/, '') !== version) return false
    return existsSync(join(electronDir, 'dist', recorded))
  } catch {
    return false
  }
}

/** One line saying why the installer failed, from the error it printed. */
function reasonOf(output) {
  const lines = output.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)
  const first = lines.find((l) => !l.startsWith('at ')) ?? ''
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket/i.test(output) && !/Response code/.test(first)) {
    return 'the download address could not be reached'
  }
  const http = /Response code (\d+)(?: \(([^)]*)\))?/.exec(output)
  if (http) return `the server answered ${http[1]}${http[2] ? ` ${http[2]}` : ''}`
  if (/checksum/i.test(output)) {
    return [
      "the downloaded file does not match Electron's checksum for this version: the mirror served something",
      'other than the release zip. Leave electron_use_remote_checksums unset (it makes the downloader trust',
      "the mirror's own SHASUMS256.txt instead of the checksums that come with Electron) and try another mirror",
    ].join('\n  ')
  }
  return first.replace(/^(\w*Error): /, '') || 'the installer stopped without saying why'
}

/**
 * Whether the download address answers with a web page instead of the zip (a mirror that serves its home
 * page for every path): the installer only says the checksum did not match. Reads the first bytes only.
 */
function webPageAt(url, env) {
  const probe = `fetch(process.argv[1], { signal: AbortSignal.timeout(10000) }).then(async (r) => {
    const reader = r.body.getReader(); const { value } = await reader.read(); reader.cancel()
    process.stdout.write(JSON.stringify({ status: r.status, type: r.headers.get('content-type') || '', start: Buffer.from(value || []).subarray(0, 64).toString('latin1') }))
  }).catch(() => {})`
  const r = spawnSync(process.execPath, ['-e', probe, url], { env, encoding: 'utf8', timeout: 15000 })
  try {
    const { status, type, start } = JSON.parse(r.stdout)
    if (status === 200 && (/text\/html/i.test(type) || /^\s*<(!doctype|html)/i.test(start))) return type ? `${type.split(';')[0]}` : 'HTML'
  } catch {
    // no answer, or not JSON: nothing to add
  }
  return null
}

export function failureMessage({ version, url, reason, env = process.env }) {
  const mirror = setting(env, 'mirror')
  const proxy = proxyOf(env)
  return [
    `Quickdraw could not download Electron ${version}, the desktop runtime it starts in: ${reason}.`,
    `  Download address: ${url}`,
    `  ELECTRON_MIRROR: ${mirror ? mirror : `not set (using ${DEFAULT_MIRROR})`}`,
    `  Proxy: ${proxy ? `HTTPS_PROXY=${proxy}` : 'none (HTTPS_PROXY not set)'}`,
    'Check your internet connection, or set ELECTRON_MIRROR to a mirror of the Electron releases',
    '(for example ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/), or, behind a proxy, set',
    'HTTPS_PROXY (and NO_PROXY); the download then goes through it (ELECTRON_GET_USE_PROXY and',
    'NODE_USE_ENV_PROXY are turned on for you). Then run the command again.',
  ].join('\n')
}

export function ensureElectron({ root = projectRoot, env = process.env, log = console } = {}) {
  if (env.ELECTRON_EXEC_PATH) return 0 // electron-vite will use this binary
  const require = createRequire(join(root, 'package.json'))
  let electronDir
  try {
    electronDir = dirname(require.resolve('electron/package.json'))
  } catch {
    log.error('Quickdraw needs the "electron" package: run "npm install" first.')
    return 1
  }
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'))
  if (isInstalled(electronDir, version)) return 0

  const url = downloadUrl(version, env)
  log.log(`Downloading Electron ${version} from ${new URL(url).host} (first start only)…`)
  const childEnv = { ...env }
  // Electron's downloader uses Node's fetch, which only follows HTTPS_PROXY when told to.
  if (proxyOf(env)) {
    childEnv.NODE_USE_ENV_PROXY ??= '1'
    childEnv.ELECTRON_GET_USE_PROXY ??= '1'
  }
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    cwd: root,
    env: childEnv,
    encoding: 'utf8',
    stdio: ['ignore', 'inherit', 'pipe'],
  })
  if (result.status === 0 && isInstalled(electronDir, version)) return 0
  const page = result.error || result.status === 0 ? null : webPageAt(url, childEnv)
  const reason = result.error
    ? result.error.message
    : result.status === 0
      ? `the download did not hold Electron ${version} for this computer`
      : page
        ? `the mirror answered with a web page (${page}), not the zip: ELECTRON_MIRROR does not point at a mirror of the Electron releases`
        : reasonOf(result.stderr ?? '')
  log.error(failureMessage({ version, url, reason, env }))
  return 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = ensureElectron()
}
