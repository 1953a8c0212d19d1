import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { importCircles } from './import-circles'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'import-circles-'))
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }))

function tree(name: string, files: Record<string, string>) {
  const root = path.join(scratch, name)
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  return root
}

describe('import circles', () => {
  it('finds a circle of type-only imports across folders, and none in a line of imports', () => {
    const root = tree('circle', {
      'a.ts': "import type { B } from './deep/b'\nexport type A = B",
      'deep/b.ts': "import { c } from '../c'\nexport type B = typeof c",
      'c.ts': "import type { A } from './a'\nexport const c = 1 as unknown as A",
      'line.ts': "import { c } from './c'\nexport const d = c",
      'a.test.ts': "import { d } from './line'\nimport type { A } from './a'",
    })
    expect(importCircles(root)).toEqual([['a.ts', 'c.ts', 'deep/b.ts']])
  })

  it('reads dynamic imports and index files', () => {
    const root = tree('dynamic', {
      'page/index.tsx': "export const load = () => import('../shell')",
      'shell.tsx': "import { load } from './page'\nexport { load }",
    })
    expect(importCircles(root)).toEqual([['page/index.tsx', 'shell.tsx']])
  })

  // Issue 43: a file that imports one that imports it back cannot be read (or moved) alone.
  it('the product has none', () => {
    expect(importCircles(path.resolve('src'))).toEqual([])
  })
})
