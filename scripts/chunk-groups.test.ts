import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { describe, expect, it } from 'vitest'
import { chunkGroup } from './chunk-groups'

const web = (file: string) => path.resolve('src/web', file)
const lib = (file: string) => path.resolve('node_modules', file)
const ICONS = lib('lucide-react/dist/esm/lucide-react.mjs')
const ZOD = lib('zod/index.js')

type Node = { imports?: string[]; lazy?: string[]; code?: string }

/** A module graph as rolldown's chunking context reads it. */
function context(graph: Record<string, Node>) {
  return {
    getModuleInfo(id: string) {
      const node = graph[id]
      if (!node) return null
      return {
        id,
        code: node.code ?? '',
        importedIds: node.imports ?? [],
        dynamicallyImportedIds: node.lazy ?? [],
      }
    },
  } as unknown as Parameters<ReturnType<typeof chunkGroup>>[1]
}

const graph: Record<string, Node> = {
  [web('main.tsx')]: {
    imports: [web('lib/theme.ts')],
    lazy: [
      web('app/session-layer.tsx'),
      web('features/auth/sign-in-page.tsx'),
      web('features/signature/signature-page.tsx'),
      web('orders.tsx'),
      web('cases.tsx'),
      web('maps.tsx'),
      web('fees.tsx'),
    ],
  },
  [web('lib/theme.ts')]: {},
  [web('app/session-layer.tsx')]: { imports: [web('lib/api.ts')] },
  [web('lib/api.ts')]: {},
  [web('features/auth/sign-in-page.tsx')]: { imports: [web('ui/card.tsx'), web('auth/form.tsx')] },
  [web('auth/form.tsx')]: {},
  [web('ui/card.tsx')]: {},
  [web('features/signature/signature-page.tsx')]: { imports: [web('ui/badge.tsx')] },
  [web('ui/badge.tsx')]: {},
  [web('orders.tsx')]: {
    imports: [
      web('ui/table.tsx'),
      web('ui/card.tsx'),
      web('ui/badge.tsx'),
      ICONS,
      lib('d3-geo/index.js'),
      web('orders/order-form.tsx'),
    ],
    code: 'import { Check, X as Close } from "lucide-react"',
  },
  [web('cases.tsx')]: {
    imports: [web('ui/table.tsx'), ICONS, lib('d3-geo/index.js'), web('lib/api.ts')],
    code: "import { Check } from 'lucide-react'",
  },
  [web('maps.tsx')]: { imports: [ICONS], code: "import { Map } from 'lucide-react'" },
  [web('fees.tsx')]: { imports: [web('orders/order-form.tsx'), web('domain/fee-schema.ts')] },
  [web('orders/order-form.tsx')]: { imports: [web('domain/fee-schema.ts'), web('ui/table.tsx')] },
  [web('domain/fee-schema.ts')]: { imports: [ZOD] },
  [ZOD]: {},
  [web('ui/table.tsx')]: {},
  [lib('d3-geo/index.js')]: {},
  [ICONS]: {
    imports: ['check', 'x', 'map'].map((icon) => lib(`lucide-react/dist/esm/icons/${icon}.mjs`)),
    code: [
      "export { default as Check, default as CheckIcon } from './icons/check.mjs';",
      "export { default as X, default as XIcon } from './icons/x.mjs';",
      "export { default as Map } from './icons/map.mjs';",
    ].join('\n'),
  },
}

describe('chunk groups', () => {
  const ctx = context(graph)
  const groupOf = (id: string) =>
    chunkGroup('session')(id, ctx) ?? chunkGroup('signed-in')(id, ctx) ?? chunkGroup('forms')(id, ctx)

  it('leaves what the entry and the signature page import where the bundler puts it', () => {
    expect(groupOf(web('lib/theme.ts'))).toBeNull()
    expect(groupOf(web('ui/badge.tsx'))).toBeNull()
  })

  it('puts the session layer and what the sign-in page shares with signed-in pages in session', () => {
    expect(groupOf(web('lib/api.ts'))).toBe('session')
    expect(groupOf(web('ui/card.tsx'))).toBe('session')
    expect(groupOf(web('auth/form.tsx'))).toBeNull()
  })

  it('puts what two signed-in pages share in signed-in, but no heavy library', () => {
    expect(groupOf(web('ui/table.tsx'))).toBe('signed-in')
    expect(groupOf(lib('d3-geo/index.js'))).toBeNull()
  })

  it('puts zod and the shared modules that import it, directly or not, in forms', () => {
    expect(groupOf(ZOD)).toBe('forms')
    expect(groupOf(web('domain/fee-schema.ts'))).toBe('forms')
    expect(groupOf(web('orders/order-form.tsx'))).toBe('forms')
    expect(groupOf(web('ui/table.tsx'))).toBe('signed-in')
  })

  it('counts an icon as used only by the pages that name it', () => {
    expect(groupOf(lib('lucide-react/dist/esm/icons/check.mjs'))).toBe('signed-in')
    expect(groupOf(lib('lucide-react/dist/esm/icons/x.mjs'))).toBeNull()
    expect(groupOf(lib('lucide-react/dist/esm/icons/map.mjs'))).toBeNull()
  })

  it('answers for its own group only', () => {
    expect(chunkGroup('signed-in')(web('lib/api.ts'), ctx)).toBeNull()
    expect(chunkGroup('session')(web('ui/table.tsx'), ctx)).toBeNull()
    expect(chunkGroup('signed-in')(ZOD, ctx)).toBeNull()
    expect(chunkGroup('forms')(web('ui/table.tsx'), ctx)).toBeNull()
  })
})

describe('the web build', () => {
  // A chunk that imports one that imports it back can run a module before one it needs (a class
  // not yet defined: 'e is not a constructor'). The groups are made so that cannot happen; rolldown's
  // entriesAware merging of small parts did it (issue 21), hence a build checked whole.
  it('has no chunks importing each other in a circle', { timeout: 120_000 }, async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-cycles-'))
    try {
      await build({ logLevel: 'silent', build: { outDir, manifest: true, sourcemap: false } })
      const manifest: Record<string, { imports?: string[] }> = JSON.parse(
        fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
      )
      expect(importCycles(manifest)).toEqual([])
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true })
    }
  })
})

/** Every circle of static imports between chunks, as the chunk names along it. */
function importCycles(manifest: Record<string, { imports?: string[] }>): string[][] {
  const state = new Map<string, 'open' | 'done'>()
  const cycles: string[][] = []
  const visit = (chunk: string, path: string[]) => {
    state.set(chunk, 'open')
    path.push(chunk)
    for (const next of manifest[chunk]?.imports ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next])
      else if (!state.has(next)) visit(next, path)
    }
    path.pop()
    state.set(chunk, 'done')
  }
  for (const chunk of Object.keys(manifest)) if (!state.has(chunk)) visit(chunk, [])
  return cycles
}
