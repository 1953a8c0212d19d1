import { lazy, Suspense } from 'react'
import { PlaceholderScreen } from '../../app/screens/placeholder-screen'

// The accounting chart and the payroll forms load with this screen only, not with the app.
const PayrollPage = lazy(() => import('./payroll-page').then((module) => ({ default: module.PayrollPage })))

/** /dashboard/payroll, loaded when first opened; its title shows meanwhile. */
export function LazyPayrollPage() {
  return (
    <Suspense fallback={<PlaceholderScreen title="Payroll & Accounting" />}>
      <PayrollPage />
    </Suspense>
  )
}
