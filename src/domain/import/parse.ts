export type PastedRecord = { line: number; cells: string[] }
export type Delimiter = '\t' | ','

const QUOTE = 34
const TAB = 9
const COMMA = 44
const LF = 10
const CR = 13

/** One record read from a position: its cells, where the next begins, the line breaks it used. */
type Reading = {
  cells: string[]
  end: number
  breaks: number
  /** Openers of the quoted cells holding a delimiter or a line break: the ones a stray quote forms. */
  doubtful: number[]
  /** Those of `doubtful` whose cell holds a delimiter. */
  joins: Set<number>
  /** A quoted cell holds both a line break and a tab: whole rows swallowed by a stray quote look so. */
  swallowed: boolean
  spansLines: boolean
}

const isLineEnd = (code: number) => code === LF || code === CR

/** Line breaks in a piece of text (CR LF, LF and a lone CR each end one line). */
function countBreaks(source: string, from: number, to: number): number {
  let breaks = 0
  for (let index = from; index < to; index++) {
    const code = source.charCodeAt(index)
    if (code === LF || (code === CR && source.charCodeAt(index + 1) !== LF)) breaks++
  }
  return breaks
}

/**
 * Where a quoted cell opened at `start` closes: the quote before a delimiter, a line end or the end
 * of the text, with every quote before it doubled. -1 when there is none (a stray quote).
 */
function closingQuote(source: string, start: number, delimiter: number): number {
  let from = start + 1
  for (;;) {
    const quote = source.indexOf('"', from)
    if (quote < 0) return -1
    const next = source.charCodeAt(quote + 1)
    if (next === QUOTE) from = quote + 2
    else if (quote + 1 === source.length || next === delimiter || isLineEnd(next)) return quote
    else return -1
  }
}

/** Reads one record from `start`; the quotes at the `literal` positions are read as text. */
function readRecord(source: string, start: number, delimiter: number, literal: ReadonlySet<number>): Reading {
  const reading: Reading = {
    cells: [],
    end: source.length,
    breaks: 0,
    doubtful: [],
    joins: new Set(),
    swallowed: false,
    spansLines: false,
  }
  let position = start
  for (;;) {
    let cellEnd = -1
    if (source.charCodeAt(position) === QUOTE && !literal.has(position)) {
      const close = closingQuote(source, position, delimiter)
      if (close >= 0) {
        const raw = source.slice(position + 1, close)
        const breaks = countBreaks(source, position + 1, close)
        const delimited = raw.includes(String.fromCharCode(delimiter))
        if (breaks || delimited) reading.doubtful.push(position)
        if (delimited) reading.joins.add(position)
        // A spreadsheet cell hardly ever holds a tab (Tab moves to the next cell); a CSV cell often
        // holds commas.
        if (breaks && delimited && delimiter === TAB) reading.swallowed = true
        if (breaks) reading.spansLines = true
        reading.breaks += breaks
        reading.cells.push(raw.includes('"') ? raw.replaceAll('""', '"') : raw)
        cellEnd = close + 1
      }
    }
    if (cellEnd < 0) {
      cellEnd = position
      while (cellEnd < source.length) {
        const code = source.charCodeAt(cellEnd)
        if (code === delimiter || isLineEnd(code)) break
        cellEnd++
      }
      reading.cells.push(source.slice(position, cellEnd))
    }
    const code = source.charCodeAt(cellEnd)
    if (code === delimiter) {
      position = cellEnd + 1
      continue
    }
    if (code === CR) {
      reading.end = source.charCodeAt(cellEnd + 1) === LF ? cellEnd + 2 : cellEnd + 1
      reading.breaks++
    } else if (code === LF) {
      reading.end = cellEnd + 1
      reading.breaks++
    }
    return reading
  }
}

const NO_LITERAL_QUOTES: ReadonlySet<number> = new Set()

/** A line without quotes nor a lone CR, split at once (most lines of most pastes), else null. */
function plainLine(source: string, start: number, delimiter: string): Pick<Reading, 'cells' | 'end' | 'breaks'> | null {
  const newline = source.indexOf('\n', start)
  const end = newline < 0 ? source.length : newline
  const text = source.slice(start, end > start && source.charCodeAt(end - 1) === CR ? end - 1 : end)
  if (text.includes('"') || text.includes('\r')) return null
  const breaks = newline < 0 ? 0 : 1
  return { cells: text.split(delimiter), end: end + breaks, breaks }
}

/**
 * One record, read as CSV quoting says when that fits, else with the doubtful quotes taken as
 * text (docs/decisions/005): a reading fits when it has `cells` cells (a spreadsheet copies a
 * rectangle) and, in a tab-separated paste, no quoted cell holds both a line break and a tab. If
 * none fits, a quote may still join cells of its line, but never the lines after it.
 */
function readFitting(source: string, start: number, delimiter: number, cells: number | undefined): Reading {
  const fits = (reading: Reading) => !reading.swallowed && (cells === undefined || reading.cells.length === cells)
  const first = readRecord(source, start, delimiter, NO_LITERAL_QUOTES)
  if (fits(first)) return first
  const literal = new Set<number>()
  let reading = first
  for (;;) {
    // A quote joining cells of a line is doubted before one that only spans lines (a cell of
    // several lines is common, a spreadsheet cell holding a delimiter less so).
    const candidates = reading.doubtful.filter((position) => !literal.has(position))
    const opener = candidates.find((position) => reading.joins.has(position)) ?? candidates[0]
    if (opener === undefined) break
    literal.add(opener)
    reading = readRecord(source, start, delimiter, literal)
    if (fits(reading)) return reading
  }
  // No doubtful quote is left in `reading`: it stays on its first line.
  return first.spansLines ? reading : first
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '')

/** Reads up to `limit` records with the line each starts on, the first non-blank one being the header. */
function readRecords(source: string, delimiter: number, limit = Number.POSITIVE_INFINITY): PastedRecord[] {
  const records: PastedRecord[] = []
  const delimiterText = String.fromCharCode(delimiter)
  let position = 0
  let line = 1
  while (position < source.length && records.length < limit) {
    const reading =
      plainLine(source, position, delimiterText) ?? readFitting(source, position, delimiter, records[0]?.cells.length)
    if (!isBlank(reading.cells)) records.push({ line, cells: reading.cells })
    line += reading.breaks
    position = reading.end
  }
  return records
}

const withoutBom = (text: string) => text.replace(/^\uFEFF/, '')

/**
 * The paste's delimiter, from its header: tabs as SPEC.md says, unless the header has no tab
 * between cells and has commas (a comma-separated export pasted or dropped), then commas.
 */
export function detectDelimiter(text: string): Delimiter {
  const source = withoutBom(text)
  const [tabbed] = readRecords(source, TAB, 1)
  if (tabbed && tabbed.cells.length > 1) return '\t'
  const [commas] = readRecords(source, COMMA, 1)
  return commas && commas.cells.length > 1 ? ',' : '\t'
}

/** The paste's header cells (its first non-blank record), read as the import reads them. */
export function pastedHeader(text: string): { header: string[]; delimiter: Delimiter } {
  const delimiter = detectDelimiter(text)
  const [first] = readRecords(withoutBom(text), delimiter.charCodeAt(0), 1)
  return { header: first?.cells ?? [], delimiter }
}

/**
 * The paste as records (tab-separated, or comma-separated when its header is), each with the line
 * of the paste it starts on; blank lines are no records. The first record is the header. Spreadsheet
 * pastes are not CSV-quoted by rule, so a quote is taken as quoting only where that fits the
 * header's shape (readFitting): a stray quote never hides the rows after it.
 */
export function parsePastedText(text: string): { header: string[]; records: PastedRecord[]; delimiter: Delimiter } {
  const delimiter = detectDelimiter(text)
  const [header, ...records] = readRecords(withoutBom(text), delimiter.charCodeAt(0))
  return { header: header?.cells ?? [], records, delimiter }
}
