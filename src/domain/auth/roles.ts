export const ROLES = [
  'admin',
  'manager',
  'recovery_agent',
  'camera_driver',
  'field_manager',
  'lot_manager',
  'key_manager',
  'transport_manager',
  'locksmith',
  'compliance_manager',
  'post_recovery_manager',
] as const

export type Role = (typeof ROLES)[number]

/** How each role is named on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  manager: 'Manager',
  recovery_agent: 'Recovery Agent',
  camera_driver: 'Camera Car Driver',
  field_manager: 'Field Manager',
  lot_manager: 'Lot Manager',
  key_manager: 'Key Manager',
  transport_manager: 'Transport Manager',
  locksmith: 'Locksmith',
  compliance_manager: 'Compliance Manager',
  post_recovery_manager: 'Post Recovery Manager',
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

/** An unknown or missing role acts as recovery_agent (SPEC.md section 6). */
export function normalizeRole(value: unknown): Role {
  return isRole(value) ? value : 'recovery_agent'
}

/** Management access: admin and manager. */
export function hasManagementAccess(role: unknown): boolean {
  const effective = normalizeRole(role)
  return effective === 'admin' || effective === 'manager'
}

/** Field access: admin, manager, field_manager. */
export function hasFieldAccess(role: unknown): boolean {
  return hasManagementAccess(role) || normalizeRole(role) === 'field_manager'
}
