import { PanelLeft } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { NotificationBell } from '../../../features/notifications/notification-bell'
import { GlobalSearch } from '../../../features/search/global-search'
import { useSidebar } from '../sidebar/sidebar-state'
import { ThemeMenu } from './theme-menu'
import { UserMenu } from './user-menu'

export function AppHeader() {
  const { toggle } = useSidebar()
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur md:gap-4 md:px-4">
      <Button variant="ghost" size="icon" onClick={toggle} aria-label="Toggle sidebar" title="Toggle sidebar (Ctrl+B)">
        <PanelLeft aria-hidden />
      </Button>
      <GlobalSearch />
      <div className="ml-auto flex items-center gap-1">
        <NotificationBell />
        <ThemeMenu />
        <UserMenu />
      </div>
    </header>
  )
}
