import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { menuTemplate } from '../../src/main/menu-template'
import type { MenuCommand } from '../../src/shared/ipc-contract'

function find(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  for (const item of items) {
    if (item.label === label) return item
    if (Array.isArray(item.submenu)) {
      try {
        return find(item.submenu, label)
      } catch {
        // keep looking
      }
    }
  }
  throw new Error(`no menu item ${label}`)
}

function click(item: MenuItemConstructorOptions): void {
  ;(item.click as () => void)()
}

describe('application menu', () => {
  const sent: MenuCommand[] = []
  let abouts = 0
  const menu = menuTemplate({ isMac: false, recent: [{ path: '/s/duel.json', name: 'duel.json' }], send: (c) => sent.push(c), about: () => abouts++ })

  it('has File, Run and Help with the keyboard shortcuts of the issue', () => {
    expect(menu.map((m) => m.label)).toEqual(['File', 'Edit', 'Run', 'View', 'Help'])
    expect(find(menu, 'Run').accelerator).toBeUndefined() // the top-level Run menu
    const run = (find(menu, 'Run').submenu as MenuItemConstructorOptions[])[0]
    expect(run.accelerator).toBe('CmdOrCtrl+Enter')
    expect(find(menu, 'Cancel').accelerator).toBe('Escape')
    expect(find(menu, 'Save').accelerator).toBe('CmdOrCtrl+S')
  })

  it('sends each command to the renderer, recent files with their path', () => {
    click(find(menu, 'Open…'))
    click(find(menu, 'duel.json'))
    click(find(menu, 'Results as CSV…'))
    click(find(menu, 'About Quickdraw'))
    expect(sent).toEqual([{ command: 'open' }, { command: 'open-recent', path: '/s/duel.json' }, { command: 'export', kind: 'csv' }])
    expect(abouts).toBe(1)
  })

  it('Run opens the Sweep and Compare views, and File › Export writes the HTML report', () => {
    sent.length = 0
    click(find(menu, 'Sweep…'))
    click(find(menu, 'Compare…'))
    click(find(menu, 'Results'))
    click(find(menu, 'Report (HTML)…'))
    expect(sent).toEqual([
      { command: 'show', view: 'sweep' },
      { command: 'show', view: 'compare' },
      { command: 'show', view: 'results' },
      { command: 'export', kind: 'report' },
    ])
    const run = (find(menu, 'Run').submenu as MenuItemConstructorOptions[]).map((i) => i.label ?? i.type)
    expect(run).toEqual(['Run', 'Cancel', 'separator', 'Results', 'Sweep…', 'Compare…'])
    const exports = (find(menu, 'Export').submenu as MenuItemConstructorOptions[]).map((i) => i.label)
    expect(exports).toEqual(['Results as CSV…', 'Results as JSON…', 'Report (HTML)…'])
    const keys = [find(menu, 'Sweep…'), find(menu, 'Compare…'), find(menu, 'Report (HTML)…'), find(menu, 'Save')].map((i) => i.accelerator)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('shows a disabled placeholder when there are no recent files', () => {
    const empty = menuTemplate({ isMac: true, recent: [], send: () => undefined, about: () => undefined })
    expect(find(empty, 'No recent files').enabled).toBe(false)
  })
})
