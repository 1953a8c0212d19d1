import { Camera, Check, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/files/file-rules'
import { useFieldProblem } from '../../components/ui/form-problems'
import { cn } from '../../lib/utils'
import { type ReportPhoto, uploadPhoto } from './api'

type PhotoTileProps = {
  id: string
  label: string
  file: ReportPhoto | null
  onUploaded: (file: ReportPhoto) => void
  className?: string
  /** The name the server gives this photo in a refusal of the form ('damages.0.fileId'). */
  field?: string
}

/**
 * One photo of the report: the whole tile opens the phone's camera; the photo is sent at once
 * (with how much is sent so far), and the server's reason for refusing it shows on the tile.
 */
export function PhotoTile({ id, label, file, onUploaded, className, field }: PhotoTileProps) {
  const [progress, setProgress] = useState<number | null>(null)
  const [failure, setError] = useState<string | null>(null)
  // The upload's own failure, or the server's reason about this photo when the form is refused.
  const refused = useFieldProblem(field, id)
  const error = failure ?? refused
  const busy = progress !== null
  const errorId = `${id}-error`

  async function choose(chosen: File | undefined) {
    if (!chosen) return
    setError(null)
    // The server checks again by content; this spares a long upload bound to fail.
    if (chosen.size > MAX_FILE_BYTES) return setError(FILE_MESSAGES.tooLarge)
    setProgress(0)
    try {
      onUploaded(await uploadPhoto(chosen, setProgress))
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The photo could not be sent. Try again.')
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className={cn('space-y-1', className)} data-testid="photo-tile">
      <label
        htmlFor={id}
        className={cn(
          'relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 overflow-hidden rounded-md border-2 text-center has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
          file ? 'border-transparent bg-muted' : 'border-dashed border-input bg-background hover:bg-accent',
          error && 'border-destructive',
        )}
      >
        {file ? (
          <img src={file.thumbnailUrl ?? file.url} alt={label} className="absolute inset-0 size-full object-cover" />
        ) : (
          <Camera className="size-6 text-muted-foreground" aria-hidden />
        )}
        <span
          className={cn(
            'relative z-10 flex max-w-full items-center gap-1 px-2 text-sm font-medium',
            file && 'absolute inset-x-0 bottom-0 justify-center bg-black/65 py-1 text-white',
          )}
        >
          {file && <Check className="size-4 shrink-0" aria-hidden />}
          <span className="truncate">{label}</span>
        </span>
        {!file && !busy && <span className="text-xs text-muted-foreground">Tap to take</span>}
        {busy && (
          <span className="absolute inset-0 z-20 flex flex-col items-center justify-center gap-1 bg-background/85 text-sm font-medium">
            <Loader2 className="size-5 animate-spin" aria-hidden />
            <span role="status">Uploading {Math.round((progress ?? 0) * 100)}%</span>
          </span>
        )}
        <input
          id={id}
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          aria-label={`Photo: ${label}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          disabled={busy}
          onChange={(event) => {
            const chosen = event.target.files?.[0]
            // Cleared, so the same photo chosen again after a failure is sent again.
            event.target.value = ''
            void choose(chosen)
          }}
        />
      </label>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
