import { Plus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { ROLE_LABELS, ROLES, type Role } from '../../../domain/auth/roles'
import { displayName } from '../../../domain/profiles/display'
import { ActiveBadge } from '../../components/active-badge'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/native-select'
import { UserAvatar } from '../../components/ui/user-avatar'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { useMe } from '../auth/session'
import { CompanySettingsCard } from '../company/company-settings-card'
import { ApiKeysCard } from '../integrations/api-keys-card'
import { type UserRow, useUsers } from './api'
import { AuditLogTab } from './audit-log-tab'
import { type CreatedUser, CreatedUserDialog } from './created-user-dialog'
import { UserFormDialog } from './user-form-dialog'
import { AUDIT_TAB, UserManagementPanel, UserManagementTabs, useUserManagementTab } from './user-management-tabs'
import { UserRowActions } from './user-row-actions'

/** /dashboard/users: User Management, with the company's people and its audit log as two tabs (`?tab=audit`). */
export function UsersPage() {
  const current = useUserManagementTab()
  const tabs = <UserManagementTabs current={current} />
  if (current !== AUDIT_TAB) return <UsersTab tabs={tabs} />
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
        <p className="text-sm text-muted-foreground">Who did and who saw what, by case and by person.</p>
      </div>
      {tabs}
      <UserManagementPanel current={current}>
        <AuditLogTab />
      </UserManagementPanel>
    </section>
  )
}

function UsersTab({ tabs }: { tabs: ReactNode }) {
  const me = useMe()
  const [search, setSearch] = useState('')
  const [role, setRole] = useState('')
  const [market, setMarket] = useState('')
  const filters = { search: useDebouncedValue(search.trim(), 250), role, market }
  const users = useUsers(filters)
  const [editing, setEditing] = useState<UserRow | null>(null)
  const [formOpen, setFormOpen] = useState(false)
  const [created, setCreated] = useState<CreatedUser | null>(null)
  const viewerIsAdmin = me.data?.profile.role === 'admin'
  const assignableRoles = viewerIsAdmin ? ROLES : ROLES.filter((candidate) => candidate !== 'admin')

  function openForm(user: UserRow | null) {
    setEditing(user)
    setFormOpen(true)
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">User Management</h1>
          <p className="text-sm text-muted-foreground">The people of your company, their roles and markets.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu list="users" query={filters} title="users" />
          <Button onClick={() => openForm(null)}>
            <Plus aria-hidden />
            Add User
          </Button>
        </div>
      </div>
      {tabs}

      <UserManagementPanel current="users">
        <div className="grid gap-2 sm:grid-cols-[1fr_12rem_12rem]">
          <Input
            type="search"
            placeholder="Search by name or email..."
            aria-label="Search users"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <NativeSelect aria-label="Filter by role" value={role} onChange={(event) => setRole(event.target.value)}>
            <option value="">All roles</option>
            {ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {ROLE_LABELS[candidate]}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label="Filter by market"
            value={market}
            onChange={(event) => setMarket(event.target.value)}
          >
            <option value="">All markets</option>
            {(users.data?.markets ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </div>

        {/* relative: the screen-reader-only header text is positioned inside this box, not the page. */}
        <div className="relative overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th className="px-4 py-3 font-medium">Name</th>
                <th className="hidden px-4 py-3 font-medium sm:table-cell">Role</th>
                <th className="hidden px-4 py-3 font-medium md:table-cell">Market</th>
                <th className="hidden px-4 py-3 font-medium md:table-cell">RDN ID</th>
                <th className="hidden px-4 py-3 font-medium sm:table-cell">Status</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.isPending && (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                    Loading users...
                  </td>
                </tr>
              )}
              {users.isError && (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-destructive">
                    {`Failed to load users: ${users.error.message}`}
                  </td>
                </tr>
              )}
              {users.data?.users.length === 0 && (
                <tr>
                  <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                    No users match these filters.
                  </td>
                </tr>
              )}
              {users.data?.users.map((user) => (
                <tr key={user.id} className="border-t" data-testid="user-row">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <UserAvatar person={user} />
                      <div className="min-w-0 [overflow-wrap:anywhere]">
                        <p className="font-medium">{displayName(user)}</p>
                        <p className="text-xs text-muted-foreground">{user.email}</p>
                        {/* On a phone the row is a card: role, market and status under the name. */}
                        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs sm:hidden">
                          <span>{ROLE_LABELS[user.role as Role] ?? user.role}</span>
                          {user.market && <span className="text-muted-foreground">{user.market}</span>}
                          <ActiveBadge active={user.active} />
                        </div>
                      </div>
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">{ROLE_LABELS[user.role as Role] ?? user.role}</td>
                  <td className="hidden px-4 py-3 md:table-cell">{user.market ?? '-'}</td>
                  <td className="hidden px-4 py-3 md:table-cell">{user.rdn_id_number ?? '-'}</td>
                  <td className="hidden px-4 py-3 sm:table-cell">
                    <ActiveBadge active={user.active} />
                  </td>
                  <td className="px-2 py-3 text-right align-top sm:px-4 sm:align-middle">
                    <UserRowActions
                      user={user}
                      viewerIsAdmin={viewerIsAdmin}
                      isSelf={user.id === me.data?.profile.id}
                      onEdit={() => openForm(user)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </UserManagementPanel>

      <UserFormDialog
        user={editing}
        open={formOpen}
        onOpenChange={setFormOpen}
        assignableRoles={assignableRoles}
        marketChoices={users.data?.marketChoices ?? []}
        onCreated={setCreated}
      />
      <CreatedUserDialog created={created} onClose={() => setCreated(null)} />
      {viewerIsAdmin && <CompanySettingsCard />}
      {viewerIsAdmin && <ApiKeysCard />}
    </section>
  )
}
