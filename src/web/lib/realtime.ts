import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { reconnectDelay } from '../../domain/realtime/reconnect'

/**
 * Dispatched by this module (not the server) when the stream is back after a loss: anything may
 * have changed meanwhile, so whoever shows live data reads it again.
 */
export const RECONNECTED_EVENT = 'reconnected'

type Handler = (data: string) => void

/** What the server's GET /api/events carries (realtime/routes.ts), and our own reconnect signal. */
export type RealtimeEventName = 'cases' | 'orders' | 'notifications' | typeof RECONNECTED_EVENT

/** A tab's handlers by event name; the one EventSource opens with the first and closes after the last. */
const handlers = new Map<string, Set<Handler>>()
let source: EventSource | null = null
/** The event names the current source has a listener for (each once). */
let listening = new Set<string>()
let retryTimer: number | undefined
let closeTimer: number | undefined
let attempt = 0
let connectedBefore = false

/** A page change unmounts one subscriber and mounts the next: wait a moment before closing. */
const CLOSE_GRACE_MS = 2_000

function dispatch(name: string, data: string) {
  for (const handler of handlers.get(name) ?? []) handler(data)
}

function listenTo(name: string) {
  if (!source || name === RECONNECTED_EVENT || listening.has(name)) return
  listening.add(name)
  source.addEventListener(name, (event) => dispatch(name, (event as MessageEvent<string>).data))
}

function open() {
  window.clearTimeout(retryTimer)
  retryTimer = undefined
  source = new EventSource('/api/events')
  listening = new Set()
  for (const name of handlers.keys()) listenTo(name)
  source.addEventListener('ready', () => {
    attempt = 0
    if (connectedBefore) dispatch(RECONNECTED_EVENT, '')
    connectedBefore = true
  })
  // The browser's own retry gives up on an HTTP error (a restart's 502, a 503): reconnect ourselves,
  // after SPEC.md section 9's delays.
  source.addEventListener('error', () => {
    source?.close()
    source = null
    if (handlers.size === 0) return
    retryTimer = window.setTimeout(open, reconnectDelay(attempt++))
  })
}

function close() {
  window.clearTimeout(retryTimer)
  retryTimer = undefined
  source?.close()
  source = null
  attempt = 0
}

function subscribe(name: string, handler: Handler) {
  window.clearTimeout(closeTimer)
  const set = handlers.get(name) ?? new Set()
  set.add(handler)
  handlers.set(name, set)
  if (!source && retryTimer === undefined) open()
  else listenTo(name)
  return () => {
    set.delete(handler)
    if (set.size === 0) handlers.delete(name)
    if (handlers.size === 0) closeTimer = window.setTimeout(close, CLOSE_GRACE_MS)
  }
}

/**
 * Calls `handler` on each `name` event of the tab's one realtime stream (GET /api/events): one
 * EventSource per tab, however many parts of the screen listen, since a browser allows only a few
 * connections per host.
 */
export function useRealtimeEvent(name: RealtimeEventName, handler: Handler) {
  const latest = useRef(handler)
  latest.current = handler
  useEffect(() => subscribe(name, (data) => latest.current(data)), [name])
}

/** Live changes arrive in bursts (a big sync or import is many statements): refresh at most once a second. */
const LIVE_REFRESH_MS = 1_000

/**
 * Refetches the given queries whenever `name` arrives, and after the stream reconnects (changes
 * may have been missed), at most once a second; the screen keeps its page, filters and scroll.
 */
export function useLiveQueries(name: RealtimeEventName, queryKeys: QueryKey[]) {
  const queryClient = useQueryClient()
  const timer = useRef<number | undefined>(undefined)
  const keys = useRef(queryKeys)
  keys.current = queryKeys
  useEffect(() => () => window.clearTimeout(timer.current), [])
  const refresh = () => {
    if (timer.current !== undefined) return
    timer.current = window.setTimeout(() => {
      timer.current = undefined
      for (const queryKey of keys.current) void queryClient.invalidateQueries({ queryKey })
    }, LIVE_REFRESH_MS)
  }
  useRealtimeEvent(name, refresh)
  useRealtimeEvent(RECONNECTED_EVENT, refresh)
}
