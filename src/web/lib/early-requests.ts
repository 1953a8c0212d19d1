// A cold load asks for its first page's data as the app starts, beside the code that reads it
// rather than after that code has downloaded and rendered (issue 21): who is signed in, and the
// case a case page shows. Each answer is taken once, by the first reader; later reads ask again,
// and the first navigation forgets those not taken (a signed-out case link goes to sign-in first).

const early = new Map<string, Promise<Response>>()

/** Sends GET `path` (same origin) now, for the first reader to take. */
export function requestEarly(path: string) {
  const response = fetch(path, { credentials: 'same-origin' })
  // Its failure is the reader's to report, not an unhandled rejection if nobody reads it.
  response.catch(() => {})
  early.set(path, response)
}

/** The early answer to GET `path`, once; null when none was asked for (or it was taken). */
export function takeEarly(path: string): Promise<Response> | null {
  const response = early.get(path) ?? null
  early.delete(path)
  return response
}

/** Forgets every answer not yet taken: they answered for the page the app opened on. */
export function forgetEarly() {
  early.clear()
}
