import type { AppView, MenuCommand } from '../../shared/ipc-contract'
import { backend } from './stores/backend'
import { useEditorStore } from './stores/editor'
import { useLibraryStore } from './stores/library'
import { useSimulationStore } from './stores/simulation'
import { useImportStore } from './stores/importer'

/** What commands need from the page besides the stores: the results' exports and the view switch. */
export interface CommandUi {
  exportResults: (kind: 'csv' | 'json' | 'report') => Promise<void>
  show: (view: AppView) => void
  /** Opens the rules reference (the page of the scenario's system). */
  showRules: () => void
  /** Asks for a shared scenario's link to paste (File › Open Shared Link…). */
  askForLink: () => void
}

/** Runs one menu or keyboard command against the stores. */
export async function runCommand(c: MenuCommand, ui: CommandUi): Promise<void> {
  const editor = useEditorStore()
  const library = useLibraryStore()
  const sim = useSimulationStore()
  switch (c.command) {
    case 'new-from-example':
      document.querySelector<HTMLElement>('[data-example]')?.focus()
      return
    case 'new':
      return library.newScenario(c.system)
    case 'open':
      return library.openFile()
    case 'open-recent':
      return library.openRecent(c.path)
    case 'open-file':
      return library.openOpenedFile(c.file)
    case 'open-link':
      return library.openLink(c.link)
    case 'open-link-prompt':
      return ui.askForLink()
    case 'recent-changed':
      return library.refreshRecent()
    case 'save':
      await editor.save()
      return library.refreshRecent()
    case 'save-as':
      await editor.save(true)
      return library.refreshRecent()
    case 'import':
      return useImportStore().requestFile()
    case 'export':
      ui.show('results')
      return ui.exportResults(c.kind)
    case 'show':
      return ui.show(c.view)
    case 'rules':
      return ui.showRules()
    case 'run':
      return sim.run()
    case 'cancel':
      return sim.cancel()
    case 'undo':
      return editor.undo()
    case 'redo':
      return editor.redo()
    case 'close':
      return closeWindow(c.choice)
  }
}

/**
 * The window is closing with unsaved edits and the user chose: save them first (a cancelled Save As or
 * a scenario with errors keeps the window open, with the editor's message), or throw them away.
 */
async function closeWindow(choice: 'save' | 'discard'): Promise<void> {
  const editor = useEditorStore()
  if (choice === 'save') {
    if (!(await editor.save())) return
  } else await editor.discardEdits()
  await backend().closeWindow()
}

function inTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && (target as HTMLInputElement).type === 'text'))
}

/**
 * Keyboard: Ctrl/Cmd+Enter runs, Esc cancels, Ctrl/Cmd+S saves, Ctrl/Cmd+O opens, F1 shows the rules;
 * Ctrl/Cmd+Z undoes outside text fields. In Electron the application menu's accelerators already send the first five, so
 * the page handles only undo/redo there (handling both would, say, open two Save dialogs).
 */
export function commandForKey(e: KeyboardEvent, kind: 'electron' | 'browser' = 'browser'): MenuCommand | null {
  const mod = e.ctrlKey || e.metaKey
  if (kind === 'electron') return undoKey(e, mod)
  if (mod && e.key === 'Enter') return { command: 'run' }
  if (e.key === 'Escape') return { command: 'cancel' }
  if (mod && e.key.toLowerCase() === 's') return { command: e.shiftKey ? 'save-as' : 'save' }
  if (mod && e.key.toLowerCase() === 'o') return { command: 'open' }
  if (e.key === 'F1') return { command: 'rules' }
  return undoKey(e, mod)
}

function undoKey(e: KeyboardEvent, mod: boolean): MenuCommand | null {
  if (mod && e.key.toLowerCase() === 'z' && !inTextField(e.target)) return { command: e.shiftKey ? 'redo' : 'undo' }
  if (mod && e.key.toLowerCase() === 'y' && !inTextField(e.target)) return { command: 'redo' }
  return null
}
