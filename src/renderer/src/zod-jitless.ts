import { z } from 'zod'

/**
 * The page's Content-Security-Policy forbids `eval`, so zod's compiled parsers can never run here; saying
 * so up front stops zod probing with `new Function` (a CSP violation report on every start). Imported
 * first by the page and by its chunk worker.
 */
z.config({ jitless: true })
