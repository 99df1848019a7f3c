import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

/** The engine's purity rules must actually fire: each forbidden thing, linted as an engine file, is an error. */
const eslint = new ESLint({ cwd: process.cwd() })

async function engineErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/engine/core/purity-probe.ts' })
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`)
}

describe('ESLint keeps src/engine pure', () => {
  it.each([
    ["import { app } from 'electron'\nexport const a = app", 'no-restricted-imports'],
    ["import { readFileSync } from 'node:fs'\nexport const r = readFileSync", 'no-restricted-imports'],
    ["import { ref } from 'vue'\nexport const r = ref", 'no-restricted-imports'],
    ['export const r = Math.random()', 'no-restricted-properties'],
    ['export const t = Date.now()', 'no-restricted-properties'],
    ['export const d = document.title', 'no-restricted-globals'],
    ['export const w = window.innerWidth', 'no-restricted-globals'],
    ['export const p = process.env', 'no-restricted-globals'],
  ])('rejects %j', async (code, rule) => {
    const errors = await engineErrors(code)
    expect(errors.some((e) => e.startsWith(`${rule}:`))).toBe(true)
  })

  it('accepts plain engine code', async () => {
    expect(await engineErrors('export const twice = (x: number): number => 2 * x\n')).toEqual([])
  })

  it('leaves the same code alone outside the engine', async () => {
    const [result] = await eslint.lintText('export const r = Math.random()\n', { filePath: 'src/renderer/src/probe.ts' })
    expect(result.messages.filter((m) => m.severity === 2)).toEqual([])
  })
})
