import type { CSSProperties } from 'react'
import { projectLngLat } from '../../../domain/map/web-mercator'

/**
 * Puts a mark on the screen at a place, through the map's CSS variables (--k, --tx, --ty: the
 * pan and zoom): a pan moves every mark without React drawing them again. `offset` centres a
 * mark of that half-size on the point; `shift` moves it that many screen pixels (pins sharing a place).
 */
export function placeStyle(lng: number, lat: number, offset = 0, shift: [number, number] = [0, 0]): CSSProperties {
  const [x, y] = projectLngLat(lng, lat)
  const dx = shift[0] - offset
  const dy = shift[1] - offset
  return {
    transform: `translate(calc(${x.toFixed(4)}px * var(--k) + var(--tx) + ${dx}px), calc(${y.toFixed(4)}px * var(--k) + var(--ty) + ${dy}px))`,
  }
}
