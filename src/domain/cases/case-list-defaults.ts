// Read by the list's schema (case-list-query.ts, with zod) and by its query string
// (case-list-search.ts, without zod: the first page paints before zod loads, decision 028).

/** The sort and page the list opens on; the query string leaves them out. */
export const CASE_LIST_DEFAULTS = { page: 1, sort: 'order_date', dir: 'desc' } as const
