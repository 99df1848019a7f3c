import { describe, expect, it } from 'vitest'
import { MAX_LAUNCH_FILES, MAX_LAUNCH_LINKS, MAX_LINK_CHARS, scenarioPathsFromArgv, secondInstanceFiles, secondInstanceLinks, shareLinksFromArgv } from '../../src/main/desktop/launch-args'

describe('a scenario file given on the command line opens', () => {
  it('takes .json and .quickdraw.json arguments, resolved against the folder of the launch', () => {
    const argv = ['/opt/Quickdraw/quickdraw', 'duel.quickdraw.json', '/srv/ambush.JSON', 'notes.txt']
    expect(scenarioPathsFromArgv(argv, '/home/gm/games', 'linux')).toEqual(['/home/gm/games/duel.quickdraw.json', '/srv/ambush.JSON'])
  })

  it('never takes the executable, the app folder of `electron .`, or Chromium switches for files', () => {
    const argv = ['/usr/bin/electron', '.', '--allow-file-access-from-files', '--original-process-start-time=1234', '--user-data-dir=/tmp/x.json', 'duel.json']
    expect(scenarioPathsFromArgv(argv, '/w', 'linux')).toEqual(['/w/duel.json'])
  })

  it('after "--" a file whose name starts with "-" still opens', () => {
    expect(scenarioPathsFromArgv(['q', '--', '-odd.json'], '/w', 'linux')).toEqual(['/w/-odd.json'])
  })

  it('a file:// URL (a Linux file manager opening the file through the desktop entry) stands for its file', () => {
    expect(scenarioPathsFromArgv(['quickdraw', 'file:///home/gm/My%20Games/duel.quickdraw.json'], '/w', 'linux')).toEqual(['/home/gm/My Games/duel.quickdraw.json'])
    expect(scenarioPathsFromArgv(['quickdraw', 'file://elsewhere.example/duel.json'], '/w', 'linux')).toEqual([])
  })

  it('Windows paths resolve as Windows paths', () => {
    expect(scenarioPathsFromArgv(['Quickdraw.exe', 'duel.quickdraw.json', 'D:\\x\\a.json'], 'C:\\Users\\gm', 'win32')).toEqual(['C:\\Users\\gm\\duel.quickdraw.json', 'D:\\x\\a.json'])
  })

  it('opens each file once, and at most a handful from one launch', () => {
    const many = Array.from({ length: 40 }, (_, i) => `f${i}.json`)
    expect(scenarioPathsFromArgv(['q', 'a.json', 'a.json'], '/w', 'linux')).toEqual(['/w/a.json'])
    expect(scenarioPathsFromArgv(['q', ...many], '/w', 'linux')).toHaveLength(MAX_LAUNCH_FILES)
  })
})

describe('a second launch hands its files to the running app', () => {
  it('prefers the list the second launch resolved itself (additionalData), which Chromium leaves alone', () => {
    expect(secondInstanceFiles(['q', '--flag', 'other.json'], '/elsewhere', { files: ['/home/gm/duel.json'] }, 'linux')).toEqual(['/home/gm/duel.json'])
  })

  it('falls back to its command line, resolved against its own folder', () => {
    expect(secondInstanceFiles(['q', 'duel.json'], '/home/gm', undefined, 'linux')).toEqual(['/home/gm/duel.json'])
    expect(secondInstanceFiles(['q', 'duel.json'], '/home/gm', { files: [] }, 'linux')).toEqual(['/home/gm/duel.json'])
  })

  it('ignores anything in the handed-over data that is not an absolute .json path', () => {
    const data = { files: ['relative.json', 42, '/etc/passwd', '/ok/duel.json', '/bad\0.json'] }
    expect(secondInstanceFiles(['q'], '/w', data, 'linux')).toEqual(['/ok/duel.json'])
  })
})

describe('a shared scenario\'s link (quickdraw://open#scenario=…) given on the command line opens', () => {
  const link = 'quickdraw://open#scenario=q1YqSsxLSS1SslJKSc1RSMvPL0ksyczPU0jOzytJzSsBAA'
  it('takes quickdraw: links (any case) and never mistakes them for files or switches', () => {
    expect(shareLinksFromArgv(['q', '--flag', link, 'QuickDraw://open#scenario=x', 'https://example.org/#scenario=y'])).toEqual([link, 'QuickDraw://open#scenario=x'])
    expect(scenarioPathsFromArgv(['q', `${link}.json`], '/home/gm', 'linux')).toEqual([])
  })

  it('takes each link once, a handful at most, none longer than a scenario can be', () => {
    const many = Array.from({ length: 10 }, (_, i) => `quickdraw://open#scenario=${i}`)
    expect(shareLinksFromArgv(['q', link, link, ...many])).toHaveLength(MAX_LAUNCH_LINKS)
    expect(shareLinksFromArgv(['q', `quickdraw://open#scenario=${'a'.repeat(MAX_LINK_CHARS)}`])).toEqual([])
    expect(shareLinksFromArgv(['q', 'quickdraw://open#scenario=a\0b'])).toEqual([])
  })

  it('a second launch hands its links over, its own list first, else its command line; nothing else passes for a link', () => {
    expect(secondInstanceLinks(['q', 'quickdraw://other'], { files: [], links: [link, 42, 'https://x/#scenario=1'] })).toEqual([link])
    expect(secondInstanceLinks(['q', link], { files: [] })).toEqual([link])
    expect(secondInstanceLinks(['q', link], undefined)).toEqual([link])
  })
})
