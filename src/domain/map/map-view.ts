// What the Case Location Map's view is, for the clusters, the projection and the query alike.

/** The zooms the map knows: the world at 0, streets at 18. */
export const MIN_ZOOM = 0
export const MAX_ZOOM = 18

/** A view's box in degrees; a view whose west is east of its east crosses the antimeridian. */
export type Bounds = { west: number; south: number; east: number; north: number }
