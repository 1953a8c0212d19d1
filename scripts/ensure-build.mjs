// Builds the web app and the server bundle when either is missing or older than its sources, so
// `npm start` runs the current code without a separate build step.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs)
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)
const changedAt = (sources) => Math.max(...sources.map(newestMtime))

if (
  builtAt('dist/web/index.html') <
  changedAt([
    'src/web',
    'src/domain',
    'index.html',
    'vite.config.ts',
    'public',
    'scripts/chunk-groups.ts',
    'scripts/precompress.ts',
  ])
) {
  console.log('Building the web app...')
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' })
}
if (builtAt('dist/server/main.mjs') < changedAt(['src/server', 'src/domain', 'scripts/build-server.mjs'])) {
  console.log('Building the server...')
  execSync('node scripts/build-server.mjs', { stdio: 'inherit' })
}
