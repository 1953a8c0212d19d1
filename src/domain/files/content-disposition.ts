// Issue 41: a file's name in a Content-Disposition header (RFC 6266). Header values are bytes, so a
// name beyond Latin-1 ('Фото.jpg', 'O’Brien.jpg', '😀.jpg') goes in filename* as UTF-8
// (RFC 5987), with an ASCII filename for the rare client that reads only that.

/** Characters RFC 5987's attr-char does not allow and encodeURIComponent leaves alone. */
const NOT_ATTR_CHAR = /['()*]/g

/** The name percent-encoded as UTF-8 for filename*. */
export function encodeFileNameStar(name: string): string {
  return encodeURIComponent(name).replace(NOT_ATTR_CHAR, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Typographic punctuation a phone types, as its ASCII look-alike. */
const ASCII_LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u201c': '',
  '\u201d': '',
  '\u2013': '-',
  '\u2014': '-',
  '\u00a0': ' ',
}

/**
 * The name in printable ASCII for the plain filename parameter: accents dropped ('é' -> 'e'),
 * typographic quotes made plain, anything else '_'; a name with no letter or digit left becomes
 * 'file' with its extension.
 */
export function asciiFileName(name: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? ''
  const ascii = [...name.normalize('NFKD').replace(/\p{M}/gu, '')]
    .map((char) => ASCII_LOOKALIKES[char] ?? char)
    .join('')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
    .trim()
  const base = ascii.slice(0, ascii.length - extension.length)
  return /[A-Za-z0-9]/.test(base) ? ascii : `file${extension}`
}

/** The Content-Disposition header for a file shown in the browser or downloaded. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  return `${type}; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeFileNameStar(fileName)}`
}
