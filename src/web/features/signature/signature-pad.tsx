import { Eraser } from 'lucide-react'
import { forwardRef, type PointerEvent, useImperativeHandle, useRef, useState } from 'react'
import { SIGNATURE_CANVAS } from '../../../domain/compliance/signature'
import { Button } from '../../components/ui/button'
import { cn } from '../../lib/utils'

const MIN_INK = 30

export type SignaturePadHandle = { isEmpty: () => boolean; toDataUrl: () => string }

/**
 * SPEC.md section 9's 800 x 200 canvas, black pen on white, drawn with a mouse, a pen or a finger
 * (the page does not scroll while drawing on it); it shrinks to narrow screens, always 4:1, and
 * keeps its drawing resolution.
 */
/** `id` and the aria-* props reach the canvas, for a field's label and reason (it takes the focus of a refusal). */
type PadProps = {
  disabled?: boolean
  className?: string
  id?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

export const SignaturePad = forwardRef<SignaturePadHandle, PadProps>(function SignaturePad(
  { disabled, className, id, ...aria },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawing = useRef(false)
  const last = useRef({ x: 0, y: 0 })
  // Ink drawn, in canvas pixels: a tap or a dot is not a signature.
  const [inked, setInked] = useState(0)
  const empty = inked < MIN_INK

  const context = () => {
    const ctx = canvas.current?.getContext('2d')
    if (ctx) {
      ctx.strokeStyle = SIGNATURE_CANVAS.pen
      ctx.lineWidth = 2.5
      ctx.lineCap = 'round'
      ctx.lineJoin = 'round'
    }
    return ctx
  }
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    return {
      x: ((event.clientX - box.left) / box.width) * SIGNATURE_CANVAS.width,
      y: ((event.clientY - box.top) / box.height) * SIGNATURE_CANVAS.height,
    }
  }
  const clear = () => {
    const ctx = canvas.current?.getContext('2d')
    if (!ctx) return
    ctx.fillStyle = SIGNATURE_CANVAS.background
    ctx.fillRect(0, 0, SIGNATURE_CANVAS.width, SIGNATURE_CANVAS.height)
    setInked(0)
  }

  useImperativeHandle(ref, () => ({
    isEmpty: () => empty,
    toDataUrl: () => canvas.current?.toDataURL('image/png') ?? '',
  }))

  return (
    <div className="space-y-2">
      <canvas
        ref={(node) => {
          canvas.current = node
          if (node && !node.dataset.ready) {
            node.dataset.ready = 'true'
            const ctx = node.getContext('2d')
            if (ctx) {
              ctx.fillStyle = SIGNATURE_CANVAS.background
              ctx.fillRect(0, 0, SIGNATURE_CANVAS.width, SIGNATURE_CANVAS.height)
            }
          }
        }}
        width={SIGNATURE_CANVAS.width}
        height={SIGNATURE_CANVAS.height}
        id={id}
        tabIndex={id ? -1 : undefined}
        aria-label="Signature pad: draw your signature"
        {...aria}
        className={cn('block w-full max-w-[800px] touch-none rounded-md border bg-white', className)}
        style={{ aspectRatio: `${SIGNATURE_CANVAS.width} / ${SIGNATURE_CANVAS.height}` }}
        onPointerDown={(event) => {
          if (disabled) return
          event.currentTarget.setPointerCapture(event.pointerId)
          drawing.current = true
          const ctx = context()
          const { x, y } = point(event)
          ctx?.beginPath()
          ctx?.moveTo(x, y)
          ctx?.lineTo(x + 0.1, y + 0.1)
          ctx?.stroke()
          last.current = { x, y }
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return
          const ctx = context()
          const { x, y } = point(event)
          ctx?.lineTo(x, y)
          ctx?.stroke()
          const moved = Math.hypot(x - last.current.x, y - last.current.y)
          last.current = { x, y }
          setInked((total) => total + moved)
        }}
        onPointerUp={() => {
          drawing.current = false
        }}
        onPointerCancel={() => {
          drawing.current = false
        }}
      />
      <Button type="button" variant="outline" size="sm" onClick={clear} disabled={disabled}>
        <Eraser aria-hidden />
        Clear
      </Button>
    </div>
  )
})
