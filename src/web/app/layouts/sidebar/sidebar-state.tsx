import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'

/** SPEC.md section 9's sidebar constants. */
export const SIDEBAR_COOKIE = 'sidebar_state'
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7
const MOBILE_QUERY = '(max-width: 767px)'
const SHORTCUT_KEY = 'b'

type SidebarState = {
  open: boolean
  openMobile: boolean
  isMobile: boolean
  setOpenMobile: (open: boolean) => void
  toggle: () => void
}

const SidebarContext = createContext<SidebarState | null>(null)

function readOpenCookie(): boolean {
  const match = document.cookie.split('; ').find((pair) => pair.startsWith(`${SIDEBAR_COOKIE}=`))
  return match ? match.split('=')[1] !== 'false' : true
}

function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches)
  useEffect(() => {
    const media = window.matchMedia(MOBILE_QUERY)
    const follow = () => setIsMobile(media.matches)
    media.addEventListener('change', follow)
    return () => media.removeEventListener('change', follow)
  }, [])
  return isMobile
}

/**
 * The sidebar's open state: kept in a cookie for 7 days on wide screens, a drawer under 768 px,
 * toggled by Ctrl or Cmd + B anywhere.
 */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile()
  const [open, setOpen] = useState(readOpenCookie)
  const [openMobile, setOpenMobile] = useState(false)

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((value) => !value)
      return
    }
    setOpen((value) => {
      // biome-ignore lint/suspicious/noDocumentCookie: SPEC.md keeps the sidebar state in a 7-day cookie
      document.cookie = `${SIDEBAR_COOKIE}=${!value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`
      return !value
    })
  }, [isMobile])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SHORTCUT_KEY && (event.metaKey || event.ctrlKey)) {
        event.preventDefault()
        toggle()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [toggle])

  const value = useMemo(
    () => ({ open, openMobile, isMobile, setOpenMobile, toggle }),
    [open, openMobile, isMobile, toggle],
  )
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>
}

export function useSidebar(): SidebarState {
  const context = useContext(SidebarContext)
  if (!context) throw new Error('useSidebar needs a SidebarProvider')
  return context
}
