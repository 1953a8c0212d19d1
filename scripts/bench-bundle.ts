// npm run bench:bundle (issue 21): the gzipped JavaScript and CSS each route downloads on a cold
// load, from the production build's manifest: the entry's static imports, plus the lazy modules the
// route renders before its page shows (the session layer, the dashboard shell and its screens'
// table) and the page module, each with its static imports. Dynamic imports that wait for a click
// or load after the first paint (toasts, the auth client on submit) are not counted.
import { execSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[]; src?: string }

const DIST = 'dist/web'
const MANIFEST = path.join(DIST, '.vite/manifest.json')
const GOALS = { signIn: 150, signature: 120, dashboard: 300 } // KB gzipped (JS and CSS each)

/** Route label and the page module the router loads for it. */
const ROUTES: [string, string][] = [
  ['/auth (sign-in)', 'src/web/features/auth/sign-in-page.tsx'],
  ['/signature/:token', 'src/web/features/signature/signature-page.tsx'],
  ['/reset-password', 'src/web/features/auth/reset-password-page.tsx'],
  ['/order/:id', 'src/web/features/orders/order-detail-page.tsx'],
  ['/cases/:caseId', 'src/web/features/cases/case-detail-page.tsx'],
  ['/dashboard/management', 'src/web/features/dashboards/management-page.tsx'],
  ['/dashboard/recovery-agent', 'src/web/features/dashboards/recovery-agent-page.tsx'],
  ['/dashboard/camera-driver', 'src/web/features/dashboards/camera-driver-page.tsx'],
  ['/dashboard/field-manager', 'src/web/features/dashboards/field-manager-page.tsx'],
  ['/dashboard/lot-manager', 'src/web/features/dashboards/lot-manager-page.tsx'],
  ['/dashboard/key-manager', 'src/web/features/dashboards/keys-page.tsx'],
  ['/dashboard/transport-manager', 'src/web/features/dashboards/transport-page.tsx'],
  ['/dashboard/post-recovery-manager', 'src/web/features/dashboards/post-recovery-page.tsx'],
  ['/dashboard/compliance-manager', 'src/web/features/compliance/compliance-page.tsx'],
  ['/dashboard/orders', 'src/web/features/order-list/order-management-page.tsx'],
  ['/dashboard/assignments', 'src/web/features/assignments/assignments-page.tsx'],
  ['/dashboard/users', 'src/web/features/users/users-page.tsx'],
  ['/dashboard/markets', 'src/web/features/markets/markets-page.tsx'],
  ['/dashboard/maps', 'src/web/features/map/map-page.tsx'],
  ['/dashboard/payroll', 'src/web/features/payroll/payroll-page.tsx'],
  ['/dashboard/invoice-management', 'src/web/features/invoices/invoices-page.tsx'],
  ['/dashboard/fees', 'src/web/features/fees/fees-page.tsx'],
  ['/dashboard/import', 'src/web/features/import/import-page.tsx'],
  ['/dashboard/clients', 'src/web/features/clients/clients-page.tsx'],
  ['/dashboard/vendors', 'src/web/features/vendors/vendors-page.tsx'],
  ['/dashboard/agent-mapping', 'src/web/features/agent-mapping/agent-mapping-page.tsx'],
  ['/dashboard/profile', 'src/web/features/profile/profile-page.tsx'],
  ['/dashboard/vehicle-redemptions', 'src/web/features/after-recovery/vehicle-redemptions-page.tsx'],
  ['/dashboard/property-redemptions', 'src/web/features/after-recovery/property-redemptions-page.tsx'],
]
/** The query cache and session guards: every route but the public signature page renders them. */
const SESSION_LAYER = 'src/web/app/session-layer.tsx'
/** The dashboard shell and the table of its screens' pages, loaded with every /dashboard screen. */
const DASHBOARD = ['src/web/app/layouts/dashboard-layout.tsx', 'src/web/app/dashboard-screens.tsx']

// --no-build measures the build already there (if any).
if (!process.argv.includes('--no-build') || !existsSync(MANIFEST)) {
  execSync('npx vite build --manifest', { stdio: ['ignore', 'ignore', 'inherit'] })
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>
const gzipped = new Map<string, number>()
const sizeOf = (file: string) => {
  let size = gzipped.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length
    gzipped.set(file, size)
  }
  return size
}

/** The files a chunk loads at once: itself, its CSS, and its static imports' (recursively). */
function closure(key: string, files = new Set<string>()) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) closure(imported, files)
  return files
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) throw new Error('The build has no entry chunk')
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const rows = ROUTES.map(([route, page]) => {
  // A page that is not a chunk of its own is bundled into the entry (or the shell): counted with it.
  const note = manifest[page] ? '' : '(in the entry bundle)'
  const files = closure(entryKey)
  if (!route.startsWith('/signature')) closure(SESSION_LAYER, files)
  if (route.startsWith('/dashboard')) for (const layer of DASHBOARD) closure(layer, files)
  closure(page, files)
  let js = 0
  let css = 0
  for (const file of files) {
    if (file.endsWith('.js')) js += sizeOf(file)
    else if (file.endsWith('.css')) css += sizeOf(file)
  }
  return { route, js, css, note }
})

console.log('Cold-load download per route (gzipped KB):')
console.log(`${'route'.padEnd(36)} ${'JS'.padStart(8)} ${'CSS'.padStart(8)}`)
for (const row of rows)
  console.log(`${row.route.padEnd(36)} ${kb(row.js).padStart(8)} ${kb(row.css).padStart(8)} ${row.note}`)
const dashboards = rows.filter((row) => row.route.startsWith('/dashboard'))
const largest = dashboards.reduce((a, b) => (b.js > a.js ? b : a))
console.log(
  `\nGoals: sign-in <= ${GOALS.signIn} KB (${kb(rows[0].js)}), signature page <= ${GOALS.signature} KB (${kb(rows[1].js)}), largest dashboard <= ${GOALS.dashboard} KB (${largest.route}: ${kb(largest.js)})`,
)
