import { Search } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useDebouncedValue } from '../lib/use-debounced-value'
import { Input } from './ui/input'

type UpdateSearch = (changes: { q: string | undefined }, options: { replace: boolean }) => void

/**
 * A list's search box text, kept in step with the `q` of its query string: typing moves the URL
 * (300 ms after the last key, replacing its own history step), Back and Forward move the box.
 */
export function useListSearchText(q: string | undefined, update: UpdateSearch) {
  const [text, setText] = useState(q ?? '')
  const debounced = useDebouncedValue(text.trim(), 300)
  // The last search this box and the URL agreed on: typing moves the URL, Back/Forward the box.
  const agreed = useRef(q ?? '')
  useEffect(() => {
    const fromUrl = q ?? ''
    if (fromUrl !== agreed.current) {
      agreed.current = fromUrl
      setText(fromUrl)
    }
  }, [q])
  useEffect(() => {
    if (debounced === agreed.current) return
    agreed.current = debounced
    update({ q: debounced || undefined }, { replace: true })
  }, [debounced, update])
  return [text, setText] as const
}

type Props = {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  className?: string
}

/** A list's search box: a search input with its magnifier. */
export function ListSearchInput({ label, placeholder, value, onChange, className }: Props) {
  return (
    <div className={`relative min-w-56 flex-1 ${className ?? ''}`}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
