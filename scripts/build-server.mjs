// npm run build:server: bundles the server (src/server/main.ts and what it imports from src/) into
// dist/server/main.mjs, packages left to node_modules. The product runs this bundle on plain node:
// running the TypeScript through tsx costs a loader thread with a heap of its own, about 100 MB of
// resident memory for as long as the server runs (docs/decisions/014).
import fs from 'node:fs'
import { build } from 'esbuild'

const OUT_DIR = 'dist/server'

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: `${OUT_DIR}/main.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
// Started by URL beside the code that starts it (integrations/vin/vin-decoder.ts).
fs.copyFileSync('src/server/integrations/vin/decode-worker.mjs', `${OUT_DIR}/decode-worker.mjs`)
