import { describe, expect, it } from 'vitest'
import { menuText, recentLabels } from '../../src/main/desktop/recent-labels'

describe('Open Recent tells same-named files apart (Windows and Linux show no tooltip in menus)', () => {
  it('a file whose name no other recent file has is labelled by its name alone', () => {
    expect(recentLabels(['/games/duel.json', '/games/ambush.json'], 'linux').map((l) => l.label)).toEqual(['duel.json', 'ambush.json'])
  })

  it('two duel.json get their parent folder: "duel.json — campaign/" and "duel.json — tests/"', () => {
    const labels = recentLabels(['/home/gm/campaign/duel.json', '/home/gm/tests/duel.json', '/home/gm/ambush.json'], 'linux')
    expect(labels.map((l) => l.label)).toEqual(['duel.json — campaign/', 'duel.json — tests/', 'ambush.json'])
  })

  it('the shortest run of folders that tells them apart: same parent name, different grandparent', () => {
    const labels = recentLabels(['/a/one/scenes/duel.json', '/a/two/scenes/duel.json', '/b/duel.json'], 'linux')
    expect(labels.map((l) => l.label)).toEqual(['duel.json — one/scenes/', 'duel.json — two/scenes/', 'duel.json — b/'])
  })

  it('a folder that is the tail of another one falls back to the whole folder', () => {
    const labels = recentLabels(['/x/b/duel.json', '/b/duel.json'], 'linux')
    expect(labels.map((l) => l.label)).toEqual(['duel.json — x/b/', 'duel.json — /b/'])
  })

  it('Windows paths, and names that differ only in case count as the same name there', () => {
    const labels = recentLabels(['C:\\Users\\gm\\campaign\\Duel.json', 'D:\\tests\\duel.json'], 'win32')
    expect(labels.map((l) => l.label)).toEqual(['Duel.json — campaign\\', 'duel.json — tests\\'])
    // On Linux the file system tells Duel.json and duel.json apart, so the names already do.
    expect(recentLabels(['/a/Duel.json', '/b/duel.json'], 'linux').map((l) => l.label)).toEqual(['Duel.json', 'duel.json'])
  })

  it('an "&" in a file name is shown, not taken as a menu mnemonic (Windows, Linux)', () => {
    expect(menuText('Tom & Jerry.json', 'win32')).toBe('Tom && Jerry.json')
    expect(menuText('Tom & Jerry.json', 'darwin')).toBe('Tom & Jerry.json')
  })
})
