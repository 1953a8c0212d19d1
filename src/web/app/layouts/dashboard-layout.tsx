import { Outlet } from 'react-router'
import { AppHeader } from './header/app-header'
import { ImpersonationBanner } from './impersonation-banner'
import { AppSidebar } from './sidebar/app-sidebar'
import { SidebarProvider } from './sidebar/sidebar-state'

/** SPEC.md section 2's shell: the sidebar and a sticky header around every /dashboard screen. */
export function DashboardLayout() {
  return (
    <SidebarProvider>
      <div className="flex min-h-screen">
        {/* A printed page (an invoice's print view) is the screen's content alone. */}
        <div className="contents print:hidden">
          <AppSidebar />
        </div>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="contents print:hidden">
            <ImpersonationBanner />
            <AppHeader />
          </div>
          <main className="flex-1 p-4 md:p-6 print:p-0">
            <Outlet />
          </main>
        </div>
      </div>
    </SidebarProvider>
  )
}
