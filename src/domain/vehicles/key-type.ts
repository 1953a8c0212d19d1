/**
 * The key a vehicle most likely takes, from its model year (docs/decisions/004-key-type.md):
 * NHTSA's offline VIN data carries no key or ignition facts, so this is an estimate by era.
 * Immobilizer transponders were near-universal by the 1998 model year; proximity (smart) keys
 * spread from about 2013, often as an option beside a transponder blade.
 */
export const KEY_TYPES = {
  mechanical: 'Mechanical key',
  transponder: 'Transponder key',
  transponderOrSmart: 'Transponder or smart key',
} as const

export type KeyType = (typeof KEY_TYPES)[keyof typeof KEY_TYPES]

export function estimateKeyType(modelYear: number | null, bodyClass: string | null): KeyType | null {
  if (bodyClass === 'Trailer') return null
  if (modelYear === null || !Number.isInteger(modelYear) || modelYear < 1900) return null
  if (modelYear >= 2013) return KEY_TYPES.transponderOrSmart
  if (modelYear >= 1998) return KEY_TYPES.transponder
  return KEY_TYPES.mechanical
}
