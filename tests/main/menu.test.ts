import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { menuTemplate, type MenuDeps } from '../../src/main/menu-template'
import { systems } from '../../src/engine/systems/registry'
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

const noop: MenuDeps = { isMac: false, recent: [], send: () => undefined, about: () => undefined, newWindow: () => undefined, clearRecent: () => undefined }

function submenu(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  return find(items, label).submenu as MenuItemConstructorOptions[]
}

describe('application menu', () => {
  const sent: MenuCommand[] = []
  let abouts = 0
  const menu = menuTemplate({ ...noop, isMac: false, recent: [{ path: '/s/duel.json', name: 'duel.json' }], send: (c) => sent.push(c), about: () => abouts++ })

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
    const empty = menuTemplate({ ...noop, isMac: true })
    expect(find(empty, 'No recent files').enabled).toBe(false)
    expect(find(empty, 'Clear Recent').enabled).toBe(false)
  })
})

describe('desktop menu: Open Recent, windows, help', () => {
  it('Open Recent labels same-named files by their folder (no tooltips in Windows and Linux menus)', () => {
    const recent = [
      { path: '/home/gm/campaign/duel.json', name: 'duel.json' },
      { path: '/home/gm/tests/duel.json', name: 'duel.json' },
      { path: '/home/gm/ambush.json', name: 'ambush.json' },
    ]
    const sent: MenuCommand[] = []
    const menu = menuTemplate({ ...noop, platform: 'linux', recent, send: (c) => sent.push(c) })
    const items = submenu(menu, 'Open Recent')
    expect(items.map((i) => i.label ?? i.type)).toEqual(['duel.json — campaign/', 'duel.json — tests/', 'ambush.json', 'separator', 'Clear Recent'])
    expect(items[1].toolTip).toBe('/home/gm/tests/duel.json')
    click(items[1])
    expect(sent).toEqual([{ command: 'open-recent', path: '/home/gm/tests/duel.json' }])
  })

  it('Clear Recent empties the list', () => {
    let cleared = 0
    const menu = menuTemplate({ ...noop, recent: [{ path: '/s/duel.json', name: 'duel.json' }], clearRecent: () => cleared++ })
    expect(find(menu, 'Clear Recent').enabled).toBe(true)
    click(find(menu, 'Clear Recent'))
    expect(cleared).toBe(1)
  })

  it('macOS has the app menu and a Window menu; Windows and Linux have neither', () => {
    const mac = menuTemplate({ ...noop, isMac: true })
    expect(mac.map((m) => m.label ?? m.role)).toEqual(['appMenu', 'File', 'Edit', 'Run', 'View', 'windowMenu', 'Help'])
    expect(menuTemplate(noop).map((m) => m.label ?? m.role)).toEqual(['File', 'Edit', 'Run', 'View', 'Help'])
  })

  it('issue 13: File › New lists every rule system, each starting a new scenario from its template', () => {
    const sent: MenuCommand[] = []
    const menu = menuTemplate({ ...noop, send: (c) => sent.push(c) })
    const items = submenu(menu, 'New')
    expect(items.map((i) => i.label)).toContain('HERO System — Speed Chart, holds, aborts and fights')
    for (const i of items) click(i)
    expect(sent.map((c) => (c.command === 'new' ? c.system : c.command)).sort()).toEqual(systems.map((s) => s.id).sort())
  })

  it('File › New Window opens another window', () => {
    let opened = 0
    const menu = menuTemplate({ ...noop, newWindow: () => opened++ })
    expect(find(menu, 'New Window').accelerator).toBe('CmdOrCtrl+Shift+N')
    click(find(menu, 'New Window'))
    expect(opened).toBe(1)
  })

  it('Help opens the rules reference inside the app (F1), and links to no web page', () => {
    const sent: MenuCommand[] = []
    const menu = menuTemplate({ ...noop, send: (c) => sent.push(c) })
    expect(submenu(menu, 'Help').map((i) => i.label ?? i.type)).toEqual(['Rules Reference', 'separator', 'About Quickdraw'])
    expect(find(menu, 'Rules Reference').accelerator).toBe('F1')
    click(find(menu, 'Rules Reference'))
    expect(sent).toEqual([{ command: 'rules' }])
  })
})
