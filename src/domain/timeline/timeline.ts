/** RDN's update limit: a note longer than this would not fit the case network. */
export const NOTE_MAX_LENGTH = 1500

/** Who a note is written for (issue 16). */
export const NOTE_TYPES = ['Agent Update', 'Office Note', 'Lender Update'] as const
export type NoteType = (typeof NOTE_TYPES)[number]

/**
 * How a change reached a case: a person on a screen, a dashboard action, a CSV import, the RDN
 * sync, or the system (no person named).
 */
export const CHANGE_SOURCES = ['person', 'dashboard', 'import', 'sync', 'system'] as const
export type ChangeSource = (typeof CHANGE_SOURCES)[number]

/** What one timeline entry records. */
export const TIMELINE_KINDS = ['created', 'change', 'note'] as const
export type TimelineKind = (typeof TIMELINE_KINDS)[number]

/** The newest entries a timeline shows at once; older ones come page by page. */
export const TIMELINE_PAGE_SIZE = 50
