import type { Backend } from './backend'
import { loadSystemOf } from './systems'

/** The document in a file's or a draft's text, or nothing when the text is not JSON. */
function docOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * A backend whose every way in for a scenario (an example, a file, a recent file, a draft, the file a
 * desktop window opens) first loads that scenario's rule system, so the page checks and shows it at
 * once: the page's first script carries no rule system (backends/systems.ts). A run in the browser
 * loads it too (browser-backend.ts); a desktop run is played by the main process.
 */
export function withSystems(b: Backend): Backend {
  return {
    ...b,
    async loadExample(file) {
      const doc = await b.loadExample(file)
      await loadSystemOf(doc)
      return doc
    },
    async openFile() {
      const f = await b.openFile()
      if (f) await loadSystemOf(docOf(f.text))
      return f
    },
    async openRecent(path) {
      const f = await b.openRecent(path)
      if (f) await loadSystemOf(docOf(f.text))
      return f
    },
    async drafts() {
      const list = await b.drafts()
      await Promise.all(list.map((d) => loadSystemOf(docOf(d.text))))
      return list
    },
    async windowReady() {
      const f = await b.windowReady()
      if (f) await loadSystemOf(docOf(f.text))
      return f
    },
  }
}
