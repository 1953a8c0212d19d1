import Papa from 'papaparse'

export type PastedRecord = { line: number; cells: string[] }

/**
 * The paste as tab-separated records (quoted fields may hold tabs and newlines), each with the
 * line of the paste it starts on; blank lines are no records. The first record is the header.
 */
export function parsePastedText(text: string): { header: string[]; records: PastedRecord[] } {
  const source = text.replace(/^\uFEFF/, '')
  const all: PastedRecord[] = []
  let position = 0
  let line = 1
  const advanceTo = (target: number) => {
    for (let index = position; index < target; index++) if (source.charCodeAt(index) === 10) line++
    position = target
  }
  Papa.parse<string[]>(source, {
    delimiter: '\t',
    skipEmptyLines: 'greedy',
    step: (result) => {
      // Step over the blank lines before this record, so `line` is where its text starts.
      let start = position
      while (start < source.length) {
        const end = source.indexOf('\n', start)
        const lineText = source.slice(start, end < 0 ? source.length : end)
        if (lineText.trim() !== '' || end < 0) break
        start = end + 1
      }
      advanceTo(start)
      all.push({ line, cells: result.data })
      advanceTo(Math.max(result.meta.cursor, start))
    },
  })
  const [header, ...records] = all
  return { header: header?.cells ?? [], records }
}
