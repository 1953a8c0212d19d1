/**
 * The bytes made for the latest answers, by a key of the caller's, each with the text it was made
 * from: an answer whose text is exactly a kept one's can go out in the bytes kept for it rather
 * than be made again. The text is the check, so the bytes found are always the ones this text
 * makes. At most `max` kept, the least recently used going first.
 */
export function recentAnswers(max: number) {
  const kept = new Map<string, { text: string; bytes: Uint8Array<ArrayBuffer> }>()
  const keep = (key: string, entry: { text: string; bytes: Uint8Array<ArrayBuffer> }) => {
    kept.delete(key)
    kept.set(key, entry)
  }
  return {
    /** The bytes kept under `key`, when they were made from exactly `text`. */
    find(key: string, text: string): Uint8Array<ArrayBuffer> | undefined {
      const entry = kept.get(key)
      if (!entry || entry.text !== text) return undefined
      keep(key, entry)
      return entry.bytes
    },
    keep(key: string, text: string, bytes: Uint8Array<ArrayBuffer>) {
      keep(key, { text, bytes })
      if (kept.size > max) kept.delete(kept.keys().next().value as string)
    },
  }
}
