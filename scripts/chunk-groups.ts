// Which shared chunk a module of the web app goes in (vite.config.ts, issue 21's Lighthouse goal).
// Left to itself the bundler gives every set of lazily loaded pages that shares a module its own
// chunk: a signed-in first page fetched ~60 files of 1-2 KB, and on a phone's link each batch of
// six costs a round trip. Two groups gather them without adding to the public pages' downloads:
// - `session`: what the session layer (query cache, guards) imports, which every page but the
//   public signature page loads anyway, and what the sign-in and reset-password pages share with
//   signed-in pages; the signature page's modules stay out.
// - `signed-in`: the modules two or more signed-in pages share (the shell, tables, icons, query
//   hooks), nothing the sign-in, reset-password or signature pages import, and no heavy library
//   (map, PDF, spreadsheets stay on the screens that use them).
// - `forms`: of those, the ones that import zod, directly or through others (form and request
//   schemas, the forms using them), with zod itself: a page without a form on its first paint (the
//   case list) goes without them, ~35 KB gzipped and zod's schemas built at load.
// Everything else is left where the bundler puts it. Returns null to leave a module alone.
// No chunk imports one that imports it back (a module could then run before one it needs): a
// module's imports are used by at least the pages that use it, so they sit in its own group, an
// earlier one (session, public) or a library's chunk, none of which imports a later group; and a
// signed-in module imports no forms module, or it would reach zod too. Hence these few chunks,
// not rolldown's entriesAware split: merging its small parts made circles.
import path from 'node:path'
import type { Rolldown } from 'vite'

type ChunkingContext = Rolldown.ChunkingContext

const WEB = path.resolve('src/web')
const ENTRY = path.join(WEB, 'main.tsx')
const SESSION_LAYER = path.join(WEB, 'app/session-layer.tsx')
const SIGNATURE_PAGE = path.join(WEB, 'features/signature/signature-page.tsx')
const SIGNED_OUT_PAGES = ['features/auth/sign-in-page.tsx', 'features/auth/reset-password-page.tsx'].map((file) =>
  path.join(WEB, file),
)
/** The validation library: what imports it goes in the forms group. */
const FORM_LIBRARY = /node_modules[\\/]zod[\\/]/
/** Libraries small and common enough to share across signed-in pages; any other stays with its screens. */
const SHARED_LIBRARIES =
  /node_modules[\\/](lucide-react|@radix-ui|@floating-ui|@tanstack|react-hook-form|@hookform|zod|clsx|tailwind-merge|class-variance-authority|react-remove-scroll[^\\/]*|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es)[\\/]/

type Group = 'session' | 'signed-in' | 'forms'
type Placement = { groupOf: Map<string, Group> }

/**
 * A library's index that re-exports each of its parts (lucide-react's ~1,600 icons): a module
 * importing three icons from it uses three icon files, not all of them. Reading the index's
 * imports instead would count every icon as used by every page that shows any.
 */
const BARREL = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/
const barrelExports = new Map<string, Map<string, string>>()

/** The name a module is known by after `as` ('default as Check' -> 'Check'), or before it when importing. */
const nameAfterAs = (entry: string) =>
  entry
    .trim()
    .split(/\s+as\s+/)
    .at(-1) ?? ''
const nameBeforeAs = (entry: string) => entry.trim().split(/\s+as\s+/)[0]

/** Exported name to the file it comes from, read from the index's `export { ... } from '...'`. */
function exportsOf(barrel: string, ctx: ChunkingContext): Map<string, string> {
  let names = barrelExports.get(barrel)
  if (names) return names
  names = new Map()
  for (const [, list, from] of (ctx.getModuleInfo(barrel)?.code ?? '').matchAll(/export \{([^}]*)\} from '([^']+)'/g)) {
    const file = path.resolve(path.dirname(barrel), from)
    for (const entry of list.split(',')) names.set(nameAfterAs(entry), file)
  }
  barrelExports.set(barrel, names)
  return names
}

/** The files behind the names `importer` imports from the barrel (`import { Check, X } from '...'`). */
function partsUsed(importer: string, barrel: string, ctx: ChunkingContext): string[] {
  const exported = exportsOf(barrel, ctx)
  const code = ctx.getModuleInfo(importer)?.code ?? ''
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)]
    .flatMap(([, list]) => list.split(',').map((entry) => exported.get(nameBeforeAs(entry))))
    .filter((file): file is string => file !== undefined)
}

/** Every module reached from `root` through `next`, the root included. */
function reachable(root: string, next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>()
  const queue = [root]
  while (queue.length > 0) {
    const id = queue.pop() as string
    if (seen.has(id)) continue
    seen.add(id)
    queue.push(...next(id))
  }
  return seen
}

/** Every module the root imports statically, the root included; a barrel by the names imported from it. */
function staticClosure(root: string, ctx: ChunkingContext): Set<string> {
  return reachable(root, (id) =>
    BARREL.test(id)
      ? []
      : (ctx.getModuleInfo(id)?.importedIds ?? []).flatMap((next) =>
          BARREL.test(next) ? [next, ...partsUsed(id, next, ctx)] : [next],
        ),
  )
}

/** The modules any module of the app imports lazily (each page and each card loaded on demand). */
function lazyRoots(ctx: ChunkingContext): Set<string> {
  const roots = new Set<string>()
  reachable(ENTRY, (id) => {
    const info = ctx.getModuleInfo(id)
    for (const lazy of info?.dynamicallyImportedIds ?? []) roots.add(lazy)
    return info ? [...info.importedIds, ...info.dynamicallyImportedIds] : []
  })
  return roots
}

function place(ctx: ChunkingContext): Placement {
  const publicModules = new Set([ENTRY, SIGNATURE_PAGE].flatMap((root) => [...staticClosure(root, ctx)]))
  const signedOut = new Set(SIGNED_OUT_PAGES.flatMap((root) => [...staticClosure(root, ctx)]))
  const pagesUsing = new Map<string, number>()
  for (const root of lazyRoots(ctx)) {
    if (root === SESSION_LAYER || root === SIGNATURE_PAGE || signedOut.has(root)) continue
    for (const id of staticClosure(root, ctx)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1)
  }
  const groupOf: Placement['groupOf'] = new Map()
  // The sign-in and reset-password pages load the session layer too: what they share with the
  // signed-in pages joins it; what only they use stays with them.
  for (const id of staticClosure(SESSION_LAYER, ctx)) if (!publicModules.has(id)) groupOf.set(id, 'session')
  for (const id of signedOut) if (pagesUsing.has(id) && !publicModules.has(id)) groupOf.set(id, 'session')
  for (const [id, pages] of pagesUsing) {
    if (pages < 2 || groupOf.has(id) || publicModules.has(id) || signedOut.has(id)) continue
    if (id.includes('node_modules') && !SHARED_LIBRARIES.test(id)) continue
    groupOf.set(id, [...staticClosure(id, ctx)].some((reached) => FORM_LIBRARY.test(reached)) ? 'forms' : 'signed-in')
  }
  return { groupOf }
}

let placement: Placement | undefined
let placedFor: ChunkingContext | undefined

/** A `codeSplitting.groups[].name` that takes the group's modules; the graph is read once per pass. */
export function chunkGroup(group: Group) {
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!placement || placedFor !== ctx) {
      placement = place(ctx)
      placedFor = ctx
    }
    return placement.groupOf.get(id) === group ? group : null
  }
}
