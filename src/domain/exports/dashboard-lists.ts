import { z } from 'zod'

/** The post-recovery manager's three case lists, each exported on its own. */
export const POST_RECOVERY_SECTIONS = ['repossessed', 'pending-close', 'redemptions'] as const

export const postRecoveryExportQuerySchema = z.object({
  section: z.enum(POST_RECOVERY_SECTIONS, 'must be repossessed, pending-close or redemptions'),
})
