import { select } from 'd3-selection'
import { type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom'
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import {
  fitTransform,
  LOWER_48,
  scaleOfZoom,
  tweenTransform,
  VIEW_MAX_ZOOM,
  VIEW_MIN_ZOOM,
  type ViewTransform,
} from '../../../domain/map/web-mercator'

type Size = { width: number; height: number }

const ANIMATION_MS = 250

/** Writes a transform where the map's layers read it: the base group's attribute and CSS variables for the marks. */
function paint(container: HTMLElement, base: SVGGElement | null, t: ViewTransform) {
  container.style.setProperty('--k', String(t.k))
  container.style.setProperty('--tx', `${t.x}px`)
  container.style.setProperty('--ty', `${t.y}px`)
  base?.setAttribute('transform', `translate(${t.x},${t.y}) scale(${t.k})`)
}

/**
 * Pan and zoom with d3-zoom (mouse, wheel, touch pinch, keyboard buttons). Each frame goes
 * straight to the DOM; React hears the transform when a gesture ends, so a zoom does not render
 * hundreds of pins per frame. Starts fitted to the lower 48 states.
 */
export function useMapZoom(
  containerRef: RefObject<HTMLDivElement | null>,
  baseRef: RefObject<SVGGElement | null>,
  options: { panning: boolean },
) {
  const [size, setSize] = useState<Size | null>(null)
  const [transform, setTransform] = useState<ViewTransform | null>(null)
  const behaviorRef = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null)
  const current = useRef<ViewTransform | null>(null)
  const animation = useRef<number | undefined>(undefined)
  const animating = useRef(false)
  const panning = useRef(options.panning)
  panning.current = options.panning

  useEffect(() => {
    const element = containerRef.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [containerRef])

  useEffect(() => {
    const element = containerRef.current
    if (!element) return
    const behavior = zoom<HTMLDivElement, unknown>()
      .scaleExtent([scaleOfZoom(VIEW_MIN_ZOOM), scaleOfZoom(VIEW_MAX_ZOOM)])
      .filter((event: Event & { button?: number; ctrlKey?: boolean }) => {
        const target = event.target as Element | null
        // The controls, the card and the legend are not the map.
        if (target?.closest('[data-map-ui]')) return false
        if (event.type === 'dblclick' && target?.closest('button')) return false
        // Drawing an area: a drag draws, only the wheel zooms.
        if (!panning.current && event.type !== 'wheel') return false
        return (!event.ctrlKey || event.type === 'wheel') && !event.button
      })
      .on('start', (event: { sourceEvent: Event | null }) => {
        // A person's gesture stops a glide under way.
        if (!event.sourceEvent) return
        window.cancelAnimationFrame(animation.current ?? 0)
        animating.current = false
      })
      .on('zoom', (event: { transform: ViewTransform }) => {
        const { k, x, y } = event.transform
        current.current = { k, x, y }
        paint(element, baseRef.current, current.current)
      })
      .on('end', () => {
        // A glide ends once, not at each of its frames.
        if (current.current && !animating.current) setTransform(current.current)
      })
    behaviorRef.current = behavior
    select(element).call(behavior)
    return () => {
      select(element).on('.zoom', null)
      window.cancelAnimationFrame(animation.current ?? 0)
    }
  }, [containerRef, baseRef])

  /** Jumps to a view, or glides there over a quarter second. */
  const moveTo = useCallback(
    (target: ViewTransform, animate = true) => {
      const element = containerRef.current
      const behavior = behaviorRef.current
      if (!element || !behavior || !size) return
      window.cancelAnimationFrame(animation.current ?? 0)
      animating.current = false
      const apply = (t: ViewTransform) =>
        behavior.transform(select(element), zoomIdentity.translate(t.x, t.y).scale(t.k))
      const from = current.current
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      if (!animate || !from || reduced) {
        apply(target)
        setTransform(target)
        return
      }
      const start = performance.now()
      animating.current = true
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / ANIMATION_MS)
        const eased = t * (2 - t)
        apply(tweenTransform(from, target, eased, size.width, size.height))
        if (t < 1) animation.current = window.requestAnimationFrame(step)
        else {
          animating.current = false
          setTransform(target)
        }
      }
      animation.current = window.requestAnimationFrame(step)
    },
    [containerRef, size],
  )

  const fitted = useCallback(() => (size ? fitTransform(LOWER_48, size.width, size.height) : null), [size])

  // The first view: the lower 48 states, once the map has a size.
  useEffect(() => {
    if (!size || current.current) return
    const first = fitted()
    if (first) moveTo(first, false)
  }, [size, fitted, moveTo])

  const zoomBy = (factor: number) => {
    const t = current.current
    if (!t || !size) return
    const k = Math.min(scaleOfZoom(VIEW_MAX_ZOOM), Math.max(scaleOfZoom(VIEW_MIN_ZOOM), t.k * factor))
    // About the screen's centre.
    const cx = (size.width / 2 - t.x) / t.k
    const cy = (size.height / 2 - t.y) / t.k
    moveTo({ k, x: size.width / 2 - cx * k, y: size.height / 2 - cy * k })
  }
  const reset = () => {
    const first = fitted()
    if (first) moveTo(first)
  }
  return { size, transform, moveTo, zoomBy, reset }
}
