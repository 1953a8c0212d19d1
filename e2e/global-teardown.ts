import fs from 'node:fs'

/** Removes the run's embedded database once the web server has stopped. */
export default function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir?.includes('recovery-desk-e2e-')) fs.rmSync(dataDir, { recursive: true, force: true })
}
