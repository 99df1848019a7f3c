import { contextBridge, ipcRenderer } from 'electron'
import { eventChannels, invokeChannels, type Api, type EventChannel, type EventContract } from '../shared/ipc-contract'

/** Builds `window.api` from the contract: one function per invoke channel and a typed `on` for events. */
const api: Record<string, unknown> = {}
for (const channel of invokeChannels) api[channel] = (...args: unknown[]) => ipcRenderer.invoke(channel, ...args)
api.on = <E extends EventChannel>(channel: E, listener: (payload: EventContract[E]) => void): (() => void) => {
  if (!eventChannels.includes(channel)) throw new Error(`unknown event channel ${channel}`)
  const wrapped = (_: unknown, payload: EventContract[E]): void => listener(payload)
  ipcRenderer.on(channel, wrapped)
  return () => ipcRenderer.removeListener(channel, wrapped)
}
contextBridge.exposeInMainWorld('api', api as Api)
