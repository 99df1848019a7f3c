import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { noticesText, packageOf } from '../../scripts/third-party-notices.mjs'
import { aboutDetail, bundledPackages } from '../../src/main/desktop/about'
import { requireBuild, root } from '../helpers'

/**
 * Issue 30: the app and the web build carry the licences of the packages they bundle. The build writes
 * out/renderer/third-party-notices.txt from the modules the page's bundle really holds (each package's
 * version, licence and licence text from node_modules); the desktop app's About lists them and opens the
 * full texts.
 */
const SHIPPED = ['vue', 'pinia', 'chart.js', 'markdown-it', 'zod', 'fast-xml-parser']
const modules = join(root, 'node_modules')

describe('third-party notices', () => {
  it('a bundled module belongs to its package, scoped or nested', () => {
    expect(packageOf(join(modules, '@vue', 'shared', 'dist', 'shared.esm-bundler.js'))).toEqual({ name: '@vue/shared', dir: join(modules, '@vue', 'shared') })
    expect(packageOf(`\0${join(modules, 'chart.js', 'dist', 'chart.js')}?commonjs`)?.name).toBe('chart.js')
    expect(packageOf(join(modules, 'a', 'node_modules', 'b', 'index.js'))).toEqual({ name: 'b', dir: join(modules, 'a', 'node_modules', 'b') })
    expect(packageOf(join(root, 'src', 'engine', 'index.ts'))).toBeNull()
  })

  it('each package is listed once with its version, its licence and the licence text it ships', () => {
    const text = noticesText([...SHIPPED, 'vue'].map((p) => join(modules, p)))
    for (const p of SHIPPED) {
      const version = JSON.parse(readFileSync(join(modules, p, 'package.json'), 'utf8')).version as string
      expect(text).toContain(`\n${p} ${version} — MIT`)
    }
    expect(text.match(/\nvue \d/g)).toHaveLength(1)
    expect(text.match(/Permission is hereby granted/g)?.length).toBe(SHIPPED.length)
    expect(bundledPackages(text).map((l) => l.split(' ')[0])).toEqual([...SHIPPED].sort((a, b) => a.localeCompare(b)))
  })

  it('the built page carries the notices of Vue, Pinia, Chart.js, markdown-it, zod and fast-xml-parser, and About lists them', () => {
    requireBuild()
    const file = join(root, 'out', 'renderer', 'third-party-notices.txt')
    expect(existsSync(file), `${file} (npm run build writes it)`).toBe(true)
    const text = readFileSync(file, 'utf8')
    const listed = bundledPackages(text).map((l) => l.split(' ')[0])
    for (const p of SHIPPED) expect(listed).toContain(p)
    // nothing of our own is listed as a third party
    expect(listed).not.toContain('quickdraw')
    const about = aboutDetail({ engine: '1.0.0', electron: '45.0.0' }, text)
    for (const p of SHIPPED) expect(about).toMatch(new RegExp(`\\b${p.replace('.', '\\.')} \\d+\\.\\d+\\.\\d+ \\(MIT\\)`))
    expect(aboutDetail({ engine: '1.0.0', electron: '45.0.0' }, null)).toContain('missing')
  })
})
