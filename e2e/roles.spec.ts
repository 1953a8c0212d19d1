import { expect, test } from '@playwright/test'
import { signInAndLand } from './fixtures/sign-in'
import { E2E_ROLE_PASSWORD, roleEmail } from './seed-data'

const MANAGEMENT_ITEMS = [
  'Order Management',
  'Agent Assignment',
  'User Management',
  'Market Configuration',
  'Case Location Map',
  'Fee Schedules',
  'Data Import',
  'Client Management',
  'Vendor Management',
  'Agent Mapping',
]

// SPEC.md sections 2 and 6, written out: where each role lands, what its sidebar lists (in order),
// and one screen it may not open.
const ROLE_CASES: Array<{ role: string; lands: string; sidebar: string[]; denied: string | null }> = [
  {
    role: 'admin',
    lands: '/dashboard/management',
    sidebar: [
      'Management Dashboard',
      'Payroll & Accounting',
      'Invoice',
      'Field Manager',
      'Recovery Agent',
      'Camera Car Driver',
      'Lot Manager',
      'Key Manager',
      'Locksmith',
      'Transport Manager',
      'Compliance Manager',
      'Post Recovery Manager',
      ...MANAGEMENT_ITEMS,
    ],
    denied: null, // an administrator may open every screen
  },
  {
    role: 'manager',
    lands: '/dashboard/management',
    sidebar: ['Management Dashboard', 'Payroll & Accounting', 'Invoice', 'Post Recovery Manager', ...MANAGEMENT_ITEMS],
    denied: '/dashboard/recovery-agent',
  },
  {
    role: 'recovery_agent',
    lands: '/dashboard/recovery-agent',
    sidebar: ['Recovery Agent', 'Case Location Map'],
    denied: '/dashboard/users',
  },
  {
    role: 'camera_driver',
    lands: '/dashboard/camera-driver',
    sidebar: ['Camera Car Driver'],
    denied: '/dashboard/orders',
  },
  {
    role: 'field_manager',
    lands: '/dashboard/field-manager',
    sidebar: ['Field Manager', 'Order Management', 'Agent Assignment', 'Case Location Map'],
    denied: '/dashboard/import',
  },
  { role: 'lot_manager', lands: '/dashboard/lot-manager', sidebar: ['Lot Manager'], denied: '/dashboard/key-manager' },
  { role: 'key_manager', lands: '/dashboard/key-manager', sidebar: ['Key Manager'], denied: '/dashboard/lot-manager' },
  {
    role: 'transport_manager',
    lands: '/dashboard/transport-manager',
    sidebar: ['Transport Manager'],
    denied: '/dashboard/management',
  },
  { role: 'locksmith', lands: '/dashboard/locksmith', sidebar: ['Locksmith'], denied: '/dashboard/markets' },
  {
    role: 'compliance_manager',
    lands: '/dashboard/compliance-manager',
    sidebar: ['Compliance Manager'],
    denied: '/dashboard/users',
  },
  {
    role: 'post_recovery_manager',
    lands: '/dashboard/post-recovery-manager',
    sidebar: ['Key Manager', 'Transport Manager', 'Post Recovery Manager', 'Order Management'],
    denied: '/dashboard/payroll',
  },
]

for (const { role, lands, sidebar, denied } of ROLE_CASES) {
  test(`${role}: lands on ${lands}, sees its sidebar, is denied a forbidden screen`, async ({ page }) => {
    await signInAndLand(page, roleEmail(role), E2E_ROLE_PASSWORD)
    await expect(page).toHaveURL(new RegExp(`${lands}$`))
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link')
    await expect(links).toHaveText(sidebar)
    const active = page.getByRole('navigation', { name: 'Main' }).locator('a[aria-current="page"]')
    await expect(active).toHaveCount(1)
    await expect(active).toHaveAttribute('href', lands)
    if (denied) {
      await page.goto(denied)
      await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
      await page.getByRole('link', { name: 'Go to your dashboard' }).click()
      await expect(page).toHaveURL(new RegExp(`${lands}$`))
    }
  })
}
