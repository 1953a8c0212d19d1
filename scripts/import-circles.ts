// The import circles among the product's own files (src/): every relative import, type-only
// imports included (a circle of types is still a circle to read). Run: npx tsx scripts/import-circles.ts
import fs from 'node:fs'
import path from 'node:path'

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [full] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  if (/\.tsx?$/.test(base) && fs.existsSync(base)) return base
  return EXTENSIONS.map((extension) => base + extension).find((candidate) => fs.existsSync(candidate))
}

/** Each file's imports of other files of the folder. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(file, 'utf8')
    const targets = [...text.matchAll(IMPORT)]
      .map((match) => resolveImport(file, match[1] ?? match[2]))
      .filter((target): target is string => Boolean(target))
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected groups of more than one file (Tarjan), each sorted, paths relative to root. */
export function importCircles(root: string): string[][] {
  const graph = importGraph(root)
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next++)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) as number, low.get(target) as number))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) as number, index.get(target) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(path.relative(root, member))
    } while (member !== file)
    if (group.length > 1) circles.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return circles
}

if (process.argv[1]?.endsWith('import-circles.ts')) {
  const circles = importCircles(path.resolve('src'))
  for (const circle of circles) console.log(circle.join('\n  <-> '), '\n')
  console.log(`${circles.length} import circle(s)`)
}
