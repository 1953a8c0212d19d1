import zlib from 'node:zlib'

/**
 * The text a PDF made with pdf-lib's standard fonts shows: its content streams inflated and their
 * hex strings decoded, in order. Enough to check what a generated letter says (and does not).
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes)
  const parts: string[] = []
  let at = 0
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1')
    if (start < 0) break
    const bodyStart = start + (raw[start + 6] === 0x0d ? 8 : 7)
    const end = raw.indexOf('endstream', bodyStart, 'latin1')
    if (end < 0) break
    let body = raw.subarray(bodyStart, end)
    try {
      body = zlib.inflateSync(body)
    } catch {
      // Not compressed (or not a content stream): read as it is.
    }
    for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      parts.push(Buffer.from(match[1], 'hex').toString('latin1'))
    at = end + 9
  }
  return parts.join('\n')
}
