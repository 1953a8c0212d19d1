import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/**
 * A CommonJS package loaded on first use rather than at start: the ZIP table (about 90 MB in
 * memory) and the spreadsheet writer cost every server process their memory even when no one
 * geocodes or exports. Synchronous, so the callers' functions stay as they are.
 */
export function lazyRequire<Module>(name: string): () => Module {
  let loaded: Module | undefined
  return () => {
    loaded ??= require(name) as Module
    return loaded
  }
}
