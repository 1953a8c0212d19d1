import { z } from 'zod'

// The notification calls' input, kept apart from the display rules so the dashboard shell's bell
// does not load zod with them (issue 21).

/** GET /api/notifications: the page after `cursor` (the last notification id of the page before). */
export const notificationListQuerySchema = z.object({
  cursor: z.uuid('must be the id of a notification').optional(),
})

/** POST /api/notifications/read: the viewer's notifications to mark read (others' ids are ignored). */
export const notificationReadSchema = z.object({
  ids: z
    .array(z.uuid('must be a notification id'), 'must be a list of notification ids')
    .min(1, 'must name at least one notification')
    .max(200, 'at most 200 at once'),
})
