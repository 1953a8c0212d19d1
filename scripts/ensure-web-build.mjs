// Builds the web app when dist/web is missing or older than its sources, so `npm start` serves
// the current screens without a separate build step.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const builtIndex = path.resolve('dist/web/index.html')
const sources = ['src/web', 'src/domain', 'index.html', 'vite.config.ts', 'public']

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs)
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0
const changedAt = Math.max(...sources.map(newestMtime))
if (builtAt < changedAt) {
  console.log('Building the web app...')
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' })
}
