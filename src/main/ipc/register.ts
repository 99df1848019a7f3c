import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { invokeChannels } from '../../shared/ipc-contract'
import type { Handlers } from './handlers'
import { isTrustedSender } from './sender'

/**
 * The thin electron seam: every invoke channel of the contract goes to its handler, but only when the
 * message comes from our own window's top frame showing our own page.
 */
export function registerHandlers(handlers: Handlers, isTrustedUrl: (url: string) => boolean): void {
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event.senderFrame, isTrustedUrl)) throw new Error(`${channel}: refused, the request did not come from the Quickdraw window`)
      return handlers[channel](...args)
    })
  }
}
