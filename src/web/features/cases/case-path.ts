/**
 * GET path of one case: the case page reads it, and a cold load of the page asks for it early
 * (router.tsx). Apart from the cases API module so the app's entry can name it without loading that.
 */
export const caseDetailPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`
