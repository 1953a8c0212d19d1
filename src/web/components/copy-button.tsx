import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from './ui/button'

/** SPEC.md section 9: the copy confirmation shows for 2 s. */
const CONFIRM_MS = 2_000

/** Copies a value; the icon turns into a check, labelled 'Copied', for 2 seconds. */
export function CopyButton({ value, label }: { value: string | null | undefined; label: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), CONFIRM_MS)
    return () => window.clearTimeout(timer)
  }, [copied])
  if (!value) return null
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={copied ? 'Copied' : `Copy ${label}`}
      onClick={async () => {
        await navigator.clipboard.writeText(value)
        setCopied(true)
      }}
    >
      {copied ? <Check className="text-green-600" aria-hidden /> : <Copy aria-hidden />}
    </Button>
  )
}
