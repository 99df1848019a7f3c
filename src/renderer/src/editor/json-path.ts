/** The editor's paths are the engine's: one helper, which also refuses `__proto__` and friends. */
export { getAt, parsePath, pathKey, setAt, type JsonPath } from '../../../engine/run/json-path'
