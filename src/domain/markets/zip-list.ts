/** ZIP codes pasted many at once: split on spaces, commas, semicolons and new lines; 5 digits only. */
export function parseZipList(text: string): { zips: string[]; invalid: string[] } {
  const zips: string[] = []
  const invalid: string[] = []
  for (const item of text.split(/[\s,;]+/).filter(Boolean)) {
    if (/^\d{5}$/.test(item)) {
      if (!zips.includes(item)) zips.push(item)
    } else if (!invalid.includes(item)) invalid.push(item)
  }
  return { zips, invalid }
}
