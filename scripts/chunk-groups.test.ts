import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkGroup } from './chunk-groups'

const web = (file: string) => path.resolve('src/web', file)
const lib = (file: string) => path.resolve('node_modules', file)
const ICONS = lib('lucide-react/dist/esm/lucide-react.mjs')

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
    imports: [web('ui/table.tsx'), web('ui/card.tsx'), web('ui/badge.tsx'), ICONS, lib('d3-geo/index.js')],
    code: 'import { Check, X as Close } from "lucide-react"',
  },
  [web('cases.tsx')]: {
    imports: [web('ui/table.tsx'), ICONS, lib('d3-geo/index.js'), web('lib/api.ts')],
    code: "import { Check } from 'lucide-react'",
  },
  [web('maps.tsx')]: { imports: [ICONS], code: "import { Map } from 'lucide-react'" },
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
  const groupOf = (id: string) => chunkGroup('session')(id, ctx) ?? chunkGroup('signed-in')(id, ctx)

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

  it('counts an icon as used only by the pages that name it', () => {
    expect(groupOf(lib('lucide-react/dist/esm/icons/check.mjs'))).toBe('signed-in')
    expect(groupOf(lib('lucide-react/dist/esm/icons/x.mjs'))).toBeNull()
    expect(groupOf(lib('lucide-react/dist/esm/icons/map.mjs'))).toBeNull()
  })

  it('answers for its own group only', () => {
    expect(chunkGroup('signed-in')(web('lib/api.ts'), ctx)).toBeNull()
    expect(chunkGroup('session')(web('ui/table.tsx'), ctx)).toBeNull()
  })
})
