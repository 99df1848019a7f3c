/**
 * Scripts that run inside the page, kept as JavaScript source: the Node test project has no DOM types,
 * and these few lines are easier to read whole than to type through playwright's generics.
 */

/** Records every Content-Security-Policy violation of the page in `window.__cspViolations`. */
export const recordCspViolations = `
  window.__cspViolations = []
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI)
  })
`

/** Arms a measurement: time of the next trusted click/keydown, and when `selector` first matches. */
export const armLatency = (selector: string): string => `(() => {
  window.__lat = { input: 0, seen: 0 }
  const mark = (e) => { if (window.__lat.input === 0) window.__lat.input = e.timeStamp }
  window.addEventListener('keydown', mark, { capture: true, once: true })
  window.addEventListener('click', mark, { capture: true, once: true })
  const obs = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(selector)})) { window.__lat.seen = performance.now(); obs.disconnect() }
  })
  obs.observe(document.body, { childList: true, subtree: true, attributes: true })
})()`

export const readLatency = 'window.__lat.seen - window.__lat.input'

/** How many pixels of each chart canvas have ink on them. */
export const inkedPixels = `[...document.querySelectorAll('[data-chart] canvas')].map((c) => {
  const ctx = c.getContext('2d')
  const { data } = ctx.getImageData(0, 0, c.width, c.height)
  let n = 0
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++
  return n
})`

/** A fingerprint (FNV-1a over the RGBA pixels) of each chart canvas, to see that every chart was redrawn. */
export const canvasPrints = `[...document.querySelectorAll('[data-chart] canvas')].map((c) => {
  const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height)
  let h = 2166136261
  for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i], 16777619)
  return h >>> 0
})`

export const newestRecentText = `JSON.parse(localStorage.getItem('quickdraw.recent') || '[]')[0].text`

/**
 * Share of the first matching canvas covered by the sweep's 95% band: pixels of its blue drawn at the
 * band's partial opacity (35%), which the opaque line, the text and the grid never have.
 */
export const bandShare = (selector: string): string => `(() => {
  const c = document.querySelector(${JSON.stringify(selector)})
  const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height)
  let n = 0
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 70 && data[i + 3] < 110 && data[i + 2] > data[i] + 100) n++
  return n / (c.width * c.height)
})()`
