import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStore } from '../../file-store/disk-store'
import { createTestApp, type TestApp } from '../../test/harness'

// Issue 20: with S3_URL set, photos go to the bucket (s3rver, a local S3-compatible server) and
// not to DATA_DIR, so several instances share them.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'files-s3-'))
let s3: S3rver
let t: TestApp
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(scratch, 's3'),
    configureBuckets: [{ name: 'recovery-files', configs: [] }],
  })
  const { port } = await s3.run()
  t = await createTestApp({ S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/recovery-files` })
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
  fs.rmSync(scratch, { recursive: true, force: true })
})

describe('files in an S3-compatible bucket', () => {
  it('stores the photo and its thumbnail in the bucket and serves them back', async () => {
    const manager = await t.createUser('post_recovery_manager')
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer()
    const response = await t.app.fetch(
      new Request('http://localhost:3000/api/files', {
        method: 'POST',
        headers: { cookie: manager.cookie, origin: 'http://localhost:3000', 'x-file-name': 'odometer.png' },
        body: new Uint8Array(png),
      }),
    )
    expect(response.status).toBe(201)
    const { file } = await response.json()
    const key = `${t.companyId}/${file.id}`
    expect([...((await t.deps.fileStore.get(key)) ?? [])]).toEqual([...png])
    expect(await t.deps.fileStore.get(`${key}.thumb`)).not.toBeNull()
    // Nothing under DATA_DIR.
    expect(await createDiskStore(path.join(t.config.dataDir, 'files')).get(key)).toBeNull()
    const served = await t.app.fetch(
      new Request(`http://localhost:3000${file.url}`, { headers: { cookie: manager.cookie } }),
    )
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
  })
})
