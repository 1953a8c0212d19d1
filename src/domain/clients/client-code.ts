const CLIENT_CODE_MAX_LENGTH = 20

function wordsOf(text: string | null | undefined): string[] {
  return (text ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean)
}

/**
 * SPEC.md section 9: the first 3 letters of each word of the client's name in upper case, a
 * hyphen, the first 2 letters of each word of the lienholder, truncated to 20 characters.
 */
export function generateClientCode(name: string, lienholderName?: string | null): string {
  const namePart = wordsOf(name)
    .map((word) => word.slice(0, 3))
    .join('')
  const lienholderPart = wordsOf(lienholderName)
    .map((word) => word.slice(0, 2))
    .join('')
  return `${namePart}-${lienholderPart}`.toUpperCase().slice(0, CLIENT_CODE_MAX_LENGTH)
}
