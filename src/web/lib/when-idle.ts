/**
 * Runs `run` once the browser is idle, after `afterMs` at the least; returns a cancel. For work a
 * page can do without at first (issue 21): it should not compete with the first page's own
 * downloads and render. Safari has no requestIdleCallback: a short delay stands in for it there.
 */
export function whenIdle(run: () => void, afterMs = 0): () => void {
  let idle: number | undefined
  let timer: number | undefined = window.setTimeout(() => {
    timer = undefined
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 2_000 })
    else timer = window.setTimeout(run, 200)
  }, afterMs)
  return () => {
    if (timer !== undefined) window.clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback(idle)
  }
}
