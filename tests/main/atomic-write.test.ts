import { execFileSync } from 'node:child_process'
import { chmodSync, closeSync, createReadStream, openSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../src/main/services/atomic-write'

/** Issue 16 item 6, fault injection: the one atomic write of the CLI and the app keeps links, modes and devices. */
let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'quickdraw-atomic-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('atomic writes', () => {
  it('saving through a symlink writes its target and keeps the link (it used to replace the link with a file)', async () => {
    const real = join(dir, 'real.json')
    const link = join(dir, 'link.json')
    writeFileSync(real, 'old')
    symlinkSync(real, link)
    await writeFileAtomic(link, 'new')
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    expect(readlinkSync(link)).toBe(real)
    expect(readFileSync(real, 'utf8')).toBe('new')
  })

  it('keeps the file\'s mode (0600 stayed private; it became 0644)', async () => {
    const path = join(dir, 'secret.json')
    writeFileSync(path, 'old')
    chmodSync(path, 0o600)
    await writeFileAtomic(path, 'new')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readFileSync(path, 'utf8')).toBe('new')
    expect(readdirSync(dir)).toEqual(['secret.json'])
  })

  it('writes a pipe directly instead of renaming a file over it (as --out /dev/stdout would)', async () => {
    const fifo = join(dir, 'pipe')
    execFileSync('mkfifo', [fifo])
    const got = new Promise<string>((resolve, reject) => {
      let text = ''
      createReadStream(fifo, 'utf8').on('data', (d) => (text += String(d))).on('end', () => resolve(text)).on('error', reject)
    })
    await writeFileAtomic(fifo, 'through the pipe')
    expect(await got).toBe('through the pipe')
    expect(lstatSync(fifo).isFIFO()).toBe(true)
  })

  it('refuses a folder as the target and leaves it as it was', async () => {
    const folder = join(dir, 'out')
    mkdirSync(folder)
    await expect(writeFileAtomic(folder, 'x')).rejects.toMatchObject({ code: 'EISDIR' })
    expect(statSync(folder).isDirectory()).toBe(true)
  })

  it('writes bytes as they are', async () => {
    const path = join(dir, 'chart.png')
    await writeFileAtomic(path, new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
    expect([...readFileSync(path)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
})

describe('--out /dev/stdout when the shell redirected stdout into a file', () => {
  it.skipIf(process.platform !== 'linux')('writes through the descriptor instead of renaming a new file over the redirect target', async () => {
    const file = join(dir, 'redirected.txt')
    writeFileSync(file, '')
    const fd = openSync(file, 'w')
    try {
      const before = statSync(file).ino
      // What /dev/stdout is for a process whose stdout the shell sent into this file.
      await writeFileAtomic(`/proc/self/fd/${fd}`, 'the result')
      expect(statSync(file).ino).toBe(before)
      expect(readFileSync(file, 'utf8')).toBe('the result')
      expect(readdirSync(dir)).toEqual(['redirected.txt'])
    } finally {
      closeSync(fd)
    }
  })
})
