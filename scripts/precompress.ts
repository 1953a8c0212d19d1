// Writes a Brotli (.br) and a gzip (.gz) copy beside each text file of the web build, so the
// server sends them compressed without compressing on every request (serveStatic's
// `precompressed`, src/server/http/static-web.ts). Issue 21: the app was sent uncompressed.
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'

// Not the source maps: fetched only with the developer tools open, and the bulk of the work.
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt)$/
/** Smaller files are not worth a second request header's bytes. */
const MIN_BYTES = 1024
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? filesUnder(full) : [full]
    }),
  )
  return nested.flat()
}

export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file)
      if (content.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ])
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
    }),
  )
}

/** Vite: precompress the output once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'recovery-desk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompressDir(outDir)
    },
  }
}
