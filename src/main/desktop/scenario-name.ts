/**
 * The name a scenario is saved under: `<name>.quickdraw.json`, the ending the installers open with the app
 * (electron-builder.yml fileAssociations), so a saved scenario opens in Quickdraw with a double-click. A
 * name that already ends so is kept; `duel.json` becomes `duel.quickdraw.json`.
 */
export const SCENARIO_ENDING = '.quickdraw.json'

export function scenarioFileName(suggested: string): string {
  if (suggested.toLowerCase().endsWith(SCENARIO_ENDING)) return suggested
  const stem = suggested.replace(/\.json$/i, '')
  return `${stem === '' ? 'scenario' : stem}${SCENARIO_ENDING}`
}
