import { useEffect, useRef, useState } from 'react'
import type { Evidence } from './api'

export type DevicePosition = { latitude: number; longitude: number; accuracyM: number }
export type DevicePositionState = { status: 'asking' | 'shared' | 'unavailable'; position: DevicePosition | null }

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 60_000, timeout: 15_000 }

/** Where the device is now, or null when it cannot or will not say. */
export function currentPosition(): Promise<DevicePosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null)
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracyM: coords.accuracy }),
      () => resolve(null),
      POSITION_OPTIONS,
    ),
  )
}

/** Where the device is, as precisely as it can say, asked when a field act's dialog opens. */
export function useDevicePosition(): DevicePositionState {
  const [state, setState] = useState<DevicePositionState>({ status: 'asking', position: null })
  useEffect(() => {
    let live = true
    void currentPosition().then(
      (position) =>
        live && setState(position ? { status: 'shared', position } : { status: 'unavailable', position: null }),
    )
    return () => {
      live = false
    }
  }, [])
  return state
}

/** 'Location: ±12 m' and the like, for the dialog to say what goes with the act. */
export function positionText({ status, position }: DevicePositionState) {
  if (position) return `Your location goes with it (±${Math.round(position.accuracyM)} m).`
  if (status === 'asking') return 'Finding your location...'
  return 'Your location is not available: recorded without it.'
}

/**
 * The device's clock and position at the first tap of the submit, kept for a retry of the same
 * act (the same body is the same Idempotency-Key, so a retry after a lost answer records once).
 */
export function useDeviceEvidence(state: DevicePositionState) {
  const frozen = useRef<Evidence | null>(null)
  return (photoFileId: string | undefined): Evidence => {
    frozen.current ??= {
      deviceTime: new Date().toISOString(),
      ...(state.position ?? {}),
    }
    return { ...frozen.current, ...(photoFileId ? { photoFileId } : {}) }
  }
}
