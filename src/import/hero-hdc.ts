import type { XNode } from './source'
import { ImportError, type ImportResult } from './types'

export function readHdc(_node: XNode): ImportResult {
  throw new ImportError('Hero Designer files are not supported yet')
}
