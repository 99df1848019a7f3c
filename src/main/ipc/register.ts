import { ipcMain, type IpcMainInvokeEvent } from 'electron'
import { invokeChannels } from '../../shared/ipc-contract'
import type { Handlers } from './handlers'
import { handlerForSender } from './sender'

/**
 * The thin electron seam: every invoke channel of the contract goes to the handlers of the window that
 * sent it, but only when the message comes from the top frame of one of the app's own windows showing
 * the app's own page (`handlerForSender`).
 */
export function registerHandlers(handlersFor: (senderId: number) => Handlers | undefined, isTrustedUrl: (url: string) => boolean): void {
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => handlerForSender(event, channel, handlersFor, isTrustedUrl)[channel](...args))
  }
}
