import { notFound } from './app-error'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path id that must be a UUID: anything else is simply not found (never a database error). */
export function uuidParam(value: string, message = 'Not found.'): string {
  if (!UUID.test(value)) throw notFound(message)
  return value.toLowerCase()
}

const CASE_ID = /^\d{1,15}$/

/** A path's RDN case id (the number the Case detail opens): anything else is simply not found. */
export function caseIdParam(value: string, message = 'The requested case could not be found.'): number {
  if (!CASE_ID.test(value)) throw notFound(message)
  return Number(value)
}
