import type { Plugin } from 'vite'

export const NOTICES_FILE: string
export function packageOf(moduleId: string): { name: string; dir: string } | null
export function noticeOf(dir: string): { name: string; version: string; licence: string; author?: string; homepage?: string; text: string }
export function noticesText(dirs: string[]): string
export function thirdPartyNotices(): Plugin
