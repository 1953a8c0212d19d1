import { useEffect, useState } from 'react'
import type { Coordinates } from '../../../domain/geo/coordinates'

export type PositionState = { status: 'asking' | 'shared' | 'unavailable'; position: Coordinates | null }

/** Where the browser says the person is, if they share it; asked once when the page opens. */
export function useBrowserPosition(): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'asking', position: null })
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable', position: null })
      return
    }
    let live = true
    navigator.geolocation.getCurrentPosition(
      (found) =>
        live && setState({ status: 'shared', position: { lat: found.coords.latitude, lng: found.coords.longitude } }),
      () => live && setState({ status: 'unavailable', position: null }),
      { maximumAge: 300_000, timeout: 10_000 },
    )
    return () => {
      live = false
    }
  }, [])
  return state
}
