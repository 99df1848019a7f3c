import type { Api } from '../../../shared/ipc-contract'
import type { Backend } from './backend'
import { withSystems } from './with-systems'

/** Backend over `window.api` (the preload's contextBridge); the simulation runs in main's worker pool. */
export function electronBackend(api: Api): Backend {
  return withSystems({
    kind: 'electron',
    defaultWorkers: Math.max(1, navigator.hardwareConcurrency || 1),
    info: () => api['app:info'](),
    examples: () => api['examples:list'](),
    loadExample: (file) => api['examples:load'](file),
    async run(req, onProgress) {
      const off = api.on('sim:progress', (e) => {
        if (e.jobId === req.jobId) onProgress(e.progress)
      })
      try {
        return await api['sim:run'](req)
      } finally {
        off()
      }
    },
    findTrial: (req) => api['sim:find'](req),
    exact: (req) => api['sim:exact'](req),
    async cancel(jobId) {
      await api['sim:cancel'](jobId)
    },
    openFile: () => api['file:open'](),
    openRecent: (path) => api['file:open-recent'](path),
    saveFile: (req) => api['file:save'](req),
    recent: () => api['recent:list'](),
    writeDraft: (d) => api['draft:write'](d),
    drafts: () => api['draft:list'](),
    clearDraft: (key) => api['draft:clear'](key),
    exportFile: (f) => api['export:save'](f),
    onMenu: (listener) => api.on('menu:command', listener),
    reportWindowState: (state) => void api['window:state'](state),
    closeWindow: () => api['window:close'](),
    windowReady: () => api['window:ready'](),
  })
}
