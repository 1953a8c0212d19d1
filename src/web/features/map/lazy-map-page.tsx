import { lazy, Suspense } from 'react'
import { PlaceholderScreen } from '../../app/screens/placeholder-screen'

// d3 and the map's outlines load with this screen only, not with the app.
const MapPage = lazy(() => import('./map-page').then((module) => ({ default: module.MapPage })))

/** /dashboard/maps, loaded when first opened; its title shows meanwhile. */
export function LazyMapPage() {
  return (
    <Suspense fallback={<PlaceholderScreen title="Case Location Map" />}>
      <MapPage />
    </Suspense>
  )
}
