export const DATABASE_UNREACHABLE_MESSAGE = 'The database is not reachable; try again in a moment'

// Socket errors of the connection itself (the server is down, restarting or out of the network).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
])
// PostgreSQL: the server is shutting down or starting up (57P01-57P03); class 08 is a connection exception.
const SERVER_CODES = new Set(['57P01', '57P02', '57P03'])
const MESSAGES = [
  /^Connection terminated/, // pg: the socket closed under a query
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within its wait
  /^Client has encountered a connection error and is not queryable$/,
  /^PGlite is clos(ed|ing)$/, // the embedded database after close (shutting down)
  /^driver has already been destroyed$/, // Kysely after close (shutting down)
]

/**
 * Whether `error` says the database cannot be reached at all (as opposed to refusing one query),
 * looking through causes and aggregated errors (a refused connect to each of a host's addresses).
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true
  }
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true
  return isDatabaseUnreachable(cause, depth + 1)
}
