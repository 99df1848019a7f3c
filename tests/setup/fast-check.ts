import fc from 'fast-check'

/**
 * Every property test runs with one fixed seed, so `npm test` is the same test every time: a property
 * that fails, fails on every run. fast-check prints the seed and the shrunk counterexample on failure;
 * the counterexample then becomes a named regression test. To explore new cases, run
 * `FC_SEED=<n> npx vitest run <file>` (or `FC_SEED=random`), never in CI.
 */
const fromEnv = process.env.FC_SEED
const seed = fromEnv === 'random' ? Date.now() ^ (Math.random() * 0x100000000) : fromEnv !== undefined ? Number(fromEnv) : 20_261_124

if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", got ${JSON.stringify(fromEnv)}`)
if (fromEnv !== undefined) console.info(`fast-check seed ${seed}`)
fc.configureGlobal({ seed })
