import { notFound } from './app-error'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path id that must be a UUID: anything else is simply not found (never a database error). */
export function uuidParam(value: string, message = 'Not found.'): string {
  if (!UUID.test(value)) throw notFound(message)
  return value.toLowerCase()
}
