import { ChevronDown } from 'lucide-react'
import { Button } from './ui/button'
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuTrigger } from './ui/dropdown-menu'

export type FilterOption = { value: string; label: string }

type Props = {
  label: string
  options: readonly FilterOption[]
  selected: string[]
  onChange: (selected: string[]) => void
}

/** A filter of several choices shown by label and kept by value; the button says how many are on. */
export function OptionFilter({ label, options, selected, onChange }: Props) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="justify-between" aria-label={`${label} filter`}>
          {selected.length ? `${label} (${selected.length})` : label}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto">
        {options.map((option) => (
          <DropdownMenuCheckboxItem
            key={option.value}
            checked={selected.includes(option.value)}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) =>
              onChange(checked ? [...selected, option.value] : selected.filter((value) => value !== option.value))
            }
          >
            {option.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** The same value as its own label. */
export const asOptions = (values: readonly string[]): FilterOption[] => values.map((value) => ({ value, label: value }))
