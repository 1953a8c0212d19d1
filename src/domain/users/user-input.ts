import { z } from 'zod'
import { ROLES } from '../auth/roles'

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullish()

/**
 * One of the company's markets, exactly as Market Configuration names it (checked by the server,
 * which knows them): not trimmed, so 'Mobile ' is refused rather than stored. Empty means none.
 */
const marketChoice = z
  .string()
  .max(100)
  .transform((value) => value || null)
  .nullish()

/** A new account, as User Management's create form sends it (validated on both sides). */
export const createUserSchema = z.object({
  email: z.email('Enter a valid email address.').max(320),
  firstName: z.string().trim().min(1, 'First name is required.').max(100),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100),
  role: z.enum(ROLES, 'Choose a role.'),
  market: marketChoice,
  rdnIdNumber: optionalText(50),
  /** 'email': a set-password link by e-mail; 'temporary_password': shown once, changed at first sign-in. */
  delivery: z.enum(['email', 'temporary_password']),
})
export type CreateUserInput = z.infer<typeof createUserSchema>

export const updateUserSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required.').max(100),
    lastName: z.string().trim().min(1, 'Last name is required.').max(100),
    role: z.enum(ROLES, 'Choose a role.'),
    market: marketChoice,
    rdnIdNumber: optionalText(50),
  })
  .partial()
export type UpdateUserInput = z.infer<typeof updateUserSchema>

export const listUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  market: z.string().trim().max(100).optional(),
})

export const profileNamesSchema = z.object({
  firstName: z.string().trim().min(1, 'First name is required.').max(100),
  lastName: z.string().trim().min(1, 'Last name is required.').max(100),
})

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required.').max(1024),
  newPassword: z.string().min(1, 'New password is required.').max(1024),
})
