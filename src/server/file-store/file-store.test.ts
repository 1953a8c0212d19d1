import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiskStore } from './disk-store'
import type { FileStore } from './file-store'
import { createS3Store, parseS3Url } from './s3-store'

// Issue 20: the one file-store contract, on disk and in an S3-compatible bucket (s3rver, a local
// S3 server in Node, stands in for the real thing).

const COMPANY = '11111111-1111-4111-8111-111111111111'
const FILE = '22222222-2222-4222-8222-222222222222'

let s3: S3rver
let s3Port = 0
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'))
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(scratch, 's3'),
    configureBuckets: [{ name: 'recovery-files', configs: [] }],
  })
  s3Port = (await s3.run()).port
})
afterAll(async () => {
  await s3?.close()
  fs.rmSync(scratch, { recursive: true, force: true })
})

const stores: Array<[string, () => FileStore]> = [
  ['disk', () => createDiskStore(path.join(scratch, 'disk'))],
  [
    'S3',
    () =>
      createS3Store(
        parseS3Url(`http://S3RVER:S3RVER@127.0.0.1:${s3Port}/recovery-files`) as NonNullable<
          ReturnType<typeof parseS3Url>
        >,
      ),
  ],
]

describe.each(stores)('the %s file store', (_, make) => {
  it('puts, gets and deletes by key; a missing key is null', async () => {
    const store = make()
    const key = `${COMPANY}/${FILE}`
    expect(await store.get(key)).toBeNull()
    await store.put(key, new Uint8Array([1, 2, 3]), 'image/png')
    await store.put(`${key}.thumb`, new Uint8Array([9]), 'image/webp')
    expect([...((await store.get(key)) ?? [])]).toEqual([1, 2, 3])
    await store.put(key, new Uint8Array([4, 5]), 'image/png')
    expect([...((await store.get(key)) ?? [])]).toEqual([4, 5])
    await store.delete(key)
    expect(await store.get(key)).toBeNull()
    expect([...((await store.get(`${key}.thumb`)) ?? [])]).toEqual([9])
  })

  it.each(['../etc/passwd', `${COMPANY}/../${FILE}`, `${COMPANY}/${FILE}/x`, 'a/b'])(
    'refuses the key %s',
    async (key) => {
      await expect(make().get(key)).rejects.toThrow('Not a file key')
    },
  )
})

describe('S3_URL', () => {
  it.each([
    [
      'https://KEY:SECRET@s3.example.com/recovery-files',
      { endpoint: 'https://s3.example.com', bucket: 'recovery-files', accessKeyId: 'KEY' },
    ],
    [
      'http://a%2Fb:c@127.0.0.1:9000/files/',
      { endpoint: 'http://127.0.0.1:9000', bucket: 'files', accessKeyId: 'a/b', secretAccessKey: 'c' },
    ],
  ])('reads %s', (value, expected) => {
    expect(parseS3Url(value)).toMatchObject({ region: 'us-east-1', ...expected })
  })

  it.each(['s3://KEY:SECRET@host/bucket', 'https://host/bucket', 'https://KEY:SECRET@host/', 'not a url'])(
    'refuses %s',
    (value) => {
      expect(parseS3Url(value)).toBeNull()
    },
  )
})
