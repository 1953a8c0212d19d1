import { Bell, PanelLeft } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { GlobalSearch } from '../../../features/search/global-search'
import { useSidebar } from '../sidebar/sidebar-state'
import { ThemeMenu } from './theme-menu'
import { UserMenu } from './user-menu'

/** The fixed notification count of SPEC.md section 9. */
const NOTIFICATION_BADGE = '3'

export function AppHeader() {
  const { toggle } = useSidebar()
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:gap-4 md:px-4">
      <Button variant="ghost" size="icon" onClick={toggle} aria-label="Toggle sidebar" title="Toggle sidebar (Ctrl+B)">
        <PanelLeft aria-hidden />
      </Button>
      <GlobalSearch />
      <div className="ml-auto flex items-center gap-1">
        <Button variant="ghost" size="icon" className="relative" aria-label={`Notifications: ${NOTIFICATION_BADGE}`}>
          <Bell aria-hidden />
          <span className="absolute right-1 top-1 flex size-4 items-center justify-center rounded-full bg-destructive text-[10px] font-semibold text-destructive-foreground">
            {NOTIFICATION_BADGE}
          </span>
        </Button>
        <ThemeMenu />
        <UserMenu />
      </div>
    </header>
  )
}
