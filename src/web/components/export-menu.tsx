import { Download, FileSpreadsheet, FileText } from 'lucide-react'
import { Button } from './ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu'

type QueryInput = URLSearchParams | string | Record<string, string | number | boolean | string[] | null | undefined>

/** The list's filters as query-string pairs: empty values and the page left out (an export is every page). */
function filterParams(query: QueryInput | undefined): URLSearchParams {
  const params = new URLSearchParams()
  if (query === undefined) return params
  if (typeof query === 'string' || query instanceof URLSearchParams) {
    for (const [key, value] of new URLSearchParams(query)) if (key !== 'page' && value !== '') params.append(key, value)
    return params
  }
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || value === null || value === undefined || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item))
  }
  return params
}

/** The download address of a list's export: GET /api/exports/<list>?format=...&<its filters>. */
export function exportHref(list: string, format: 'csv' | 'xlsx', query?: QueryInput): string {
  const params = filterParams(query)
  params.set('format', format)
  return `/api/exports/${encodeURIComponent(list)}?${params}`
}

/**
 * 'Export' on a list: CSV or Excel of what its current filters select. Each is a plain download
 * link, so the browser streams the file to disk as the server writes it; nothing is held here.
 */
export function ExportMenu({
  list,
  query,
  title,
  className,
}: {
  list: string
  query?: QueryInput
  /** The list's name, for screen readers when a page has several ('Export Recovered this week'). */
  title?: string
  className?: string
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className={className}
          data-export-list={list}
          aria-label={title ? `Export ${title}` : undefined}
        >
          <Download aria-hidden />
          Export
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <a href={exportHref(list, 'csv', query)} download>
            <FileText aria-hidden />
            Export CSV
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={exportHref(list, 'xlsx', query)} download>
            <FileSpreadsheet aria-hidden />
            Export Excel
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
