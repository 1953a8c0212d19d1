import { NavLink } from 'react-router'
import { sidebarFor } from '../../../../domain/auth/sidebar'
import { DialogDescription, DialogTitle, Dialog as Drawer, SheetContent } from '../../../components/ui/dialog'
import { BrandLogo } from '../../../features/auth/brand'
import { useMe } from '../../../features/auth/session'
import { cn } from '../../../lib/utils'
import { SCREEN_ICONS } from './screen-icons'
import { useSidebar } from './sidebar-state'

/** The two groups of SPEC.md section 2, with only the items the role may open. */
function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const me = useMe()
  const groups = sidebarFor(me.data?.profile.role)
  return (
    <nav aria-label="Main" className="flex-1 space-y-4 overflow-y-auto px-3 py-4">
      {groups.map((group) => (
        <div key={group.label} className="space-y-1">
          <p
            className={cn(
              'px-3 text-xs font-medium uppercase tracking-wide text-muted-foreground',
              collapsed && 'sr-only',
            )}
          >
            {group.label}
          </p>
          <ul className="space-y-1">
            {group.items.map((item) => {
              const Icon = SCREEN_ICONS[item.screen]
              return (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    onClick={onNavigate}
                    title={collapsed ? item.screen : undefined}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground',
                        collapsed && 'justify-center px-0',
                        isActive && 'bg-primary/10 text-primary hover:bg-primary/15 hover:text-primary',
                      )
                    }
                  >
                    {Icon && <Icon className="size-5 shrink-0" aria-hidden />}
                    <span className={cn('truncate', collapsed && 'sr-only')}>{item.screen}</span>
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/** 16rem wide, 6rem as icons; an 18rem drawer under 768 px (SPEC.md section 9). */
export function AppSidebar() {
  const { open, openMobile, isMobile, setOpenMobile } = useSidebar()
  if (isMobile) {
    return (
      <Drawer open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent className="flex w-[18rem] flex-col" data-testid="sidebar-drawer">
          <DialogTitle className="sr-only">Navigation</DialogTitle>
          <DialogDescription className="sr-only">The screens you can open</DialogDescription>
          <div className="flex h-16 items-center border-b px-4">
            <BrandLogo />
          </div>
          <SidebarNav collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Drawer>
    )
  }
  return (
    <aside
      data-testid="sidebar"
      data-state={open ? 'expanded' : 'collapsed'}
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r bg-card transition-[width] duration-200',
        open ? 'w-[16rem]' : 'w-[6rem]',
      )}
    >
      <div className={cn('flex h-16 items-center border-b px-4', !open && 'justify-center px-0')}>
        {open ? <BrandLogo /> : <BrandLogo compact />}
      </div>
      <SidebarNav collapsed={!open} />
    </aside>
  )
}
