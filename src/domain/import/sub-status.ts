export type KnownSubStatus = { code: string; description: string }

/** The code form of a text: upper case, every non-alphanumeric an underscore. */
const codeForm = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '_')

/** The pipe-separated items of a Sub-Status cell. */
export const subStatusItems = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean)

/**
 * SPEC.md section 5's lookup, first hit wins: an active description equal to the item (any case);
 * a description containing it; a code equal to its code form; a code containing its code form.
 */
export function findSubStatus(item: string, active: KnownSubStatus[]): KnownSubStatus | undefined {
  const lower = item.toLowerCase()
  const code = codeForm(item)
  return (
    active.find((status) => status.description.toLowerCase() === lower) ??
    active.find((status) => status.description.toLowerCase().includes(lower)) ??
    active.find((status) => status.code === code) ??
    active.find((status) => status.code.includes(code))
  )
}
