/**
 * Recovered cases waiting for their draft are counted up to this (issue 42: an exact count read a
 * whole import's queue on every view); an answer of one more means 'more than this'.
 */
export const WAITING_DRAFT_COUNT_CAP = 10_000
