import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { checkKey, type FileStore } from './file-store'

/** Files under a directory: each written to a temporary name and renamed, so a reader never sees half of one. */
export function createDiskStore(root: string): FileStore {
  const pathOf = (key: string) => path.join(root, ...checkKey(key).split('/'))
  return {
    async put(key, bytes) {
      const target = pathOf(key)
      await fs.mkdir(path.dirname(target), { recursive: true })
      const temporary = `${target}.${randomUUID()}.tmp`
      await fs.writeFile(temporary, bytes)
      await fs.rename(temporary, target)
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(pathOf(key)))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      await fs.rm(pathOf(key), { force: true })
    },
  }
}
