import type { createTestApp } from './harness'

type RouteTable = Awaited<ReturnType<typeof createTestApp>>['app']['routes']

/**
 * Every API route the app composes, once per method and path, from Hono's own table (middleware is
 * 'ALL' on a pattern). A stream that stays open (server-sent events) and better-auth's own
 * catch-all are left out.
 */
export function apiRoutesOf(routes: RouteTable) {
  return [
    ...new Map(
      routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
        .map((route) => [`${route.method} ${route.path}`, route] as const),
    ).values(),
  ].filter((route) => !route.path.startsWith('/api/events') && route.path !== '/api/auth/*')
}
