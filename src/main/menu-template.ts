import type { MenuItemConstructorOptions } from 'electron'
import type { MenuCommand, RecentEntry } from '../shared/ipc-contract'
import { systems } from '../engine/systems/registry'
import { templateSystems } from '../shared/templates'
import { menuText, recentLabels } from './desktop/recent-labels'

export interface MenuDeps {
  isMac: boolean
  /** Whose conventions the recent files' labels follow (default: macOS when `isMac`, else this machine). */
  platform?: NodeJS.Platform
  recent: RecentEntry[]
  send: (command: MenuCommand) => void
  about: () => void
  newWindow: () => void
  /** Empties Open Recent (and the system's recent documents). */
  clearRecent: () => void
}

/**
 * The application menu as data (type-only electron import, so tests can read it): File, Edit, Run,
 * View, Window (macOS), Help. File › New lists the rule systems, each opening a small template. Open Recent tells same-named files apart by their folder, since Windows
 * and Linux show no tooltips in menus. Every command goes to the renderer, which owns the scenario and the run. Run also
 * opens the analysis views (Sweep, Compare); File › Export also writes the HTML report.
 * Keyboard: Ctrl/Cmd+Enter runs, Esc cancels, Ctrl/Cmd+S saves.
 */
export function menuTemplate(d: MenuDeps): MenuItemConstructorOptions[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => d.send(command),
  })
  const newItems = templateSystems.map((id) => [id, systems.find((s) => s.id === id)?.label ?? id] as const)
  const platform = d.platform ?? (d.isMac ? 'darwin' : process.platform)
  const labels = recentLabels(d.recent.map((r) => r.path), platform)
  const recent: MenuItemConstructorOptions[] = [
    ...(d.recent.length === 0
      ? [{ label: 'No recent files', enabled: false }]
      : d.recent.map((r, i) => ({ label: menuText(labels[i].label, platform), toolTip: r.path, click: () => d.send({ command: 'open-recent', path: r.path }) }))),
    { type: 'separator' },
    { label: 'Clear Recent', enabled: d.recent.length > 0, click: () => d.clearRecent() },
  ]
  return [
    ...(d.isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'New', submenu: newItems.map(([system, label]) => item(label, { command: 'new', system })) },
        item('New from Example…', { command: 'new-from-example' }, 'CmdOrCtrl+N'),
        { label: 'New Window', accelerator: 'CmdOrCtrl+Shift+N', click: () => d.newWindow() },
        item('Open…', { command: 'open' }, 'CmdOrCtrl+O'),
        { label: 'Open Recent', submenu: recent },
        item('Open Shared Link…', { command: 'open-link-prompt' }),
        { type: 'separator' },
        item('Save', { command: 'save' }, 'CmdOrCtrl+S'),
        item('Save As…', { command: 'save-as' }, 'CmdOrCtrl+Shift+S'),
        { type: 'separator' },
        item('Import Character…', { command: 'import' }, 'CmdOrCtrl+I'),
        {
          label: 'Export',
          submenu: [
            item('Results as CSV…', { command: 'export', kind: 'csv' }),
            item('Results as JSON…', { command: 'export', kind: 'json' }),
            item('Report (HTML)…', { command: 'export', kind: 'report' }, 'CmdOrCtrl+Shift+E'),
          ],
        },
        { type: 'separator' },
        d.isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        // Native undo inside text fields; the scenario's own undo/redo are the editor's buttons and keys.
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Run',
      submenu: [
        item('Run', { command: 'run' }, 'CmdOrCtrl+Enter'),
        item('Cancel', { command: 'cancel' }, 'Escape'),
        { type: 'separator' },
        item('Results', { command: 'show', view: 'results' }, 'CmdOrCtrl+1'),
        item('Sweep…', { command: 'show', view: 'sweep' }, 'CmdOrCtrl+2'),
        item('Compare…', { command: 'show', view: 'compare' }, 'CmdOrCtrl+3'),
      ],
    },
    { label: 'View', submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }] },
    ...(d.isMac ? [{ role: 'windowMenu' as const }] : []),
    {
      label: 'Help',
      ...(d.isMac ? { role: 'help' as const } : {}),
      submenu: [
        item('Rules Reference', { command: 'rules' }, 'F1'),
        { type: 'separator' },
        { label: 'About Quickdraw', click: () => d.about() },
      ],
    },
  ]
}
