// A cold load asks who is signed in as the app starts, beside the code that reads the answer
// rather than after it has downloaded (issue 21): one round trip less before the first page shows.

let early: Promise<Response> | null = null

/** Sends GET /api/me now; the first reader takes its answer. */
export function requestMeEarly() {
  early = fetch('/api/me', { credentials: 'same-origin' })
  // Its failure is the reader's to report, not an unhandled rejection if nobody reads it.
  early.catch(() => {})
}

/** The early answer, once: every later read asks the server again. */
export function takeEarlyMe(): Promise<Response> | null {
  const response = early
  early = null
  return response
}
