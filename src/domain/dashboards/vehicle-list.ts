/**
 * Vehicles a long dashboard list sends at first, and adds with each 'Show more'. Apart from the
 * request schemas (inputs.ts) so the pages read it without building them (issue 21).
 */
export const VEHICLE_LIST_PAGE = 100
