import { Navigate, useSearchParams } from 'react-router'
import { LoadingScreen } from '../../app/screens/loading-screen'
import { AuthCard } from './auth-card'
import { ResetPasswordForm } from './reset-password-form'
import { useMe } from './session'

/**
 * The forced new-password screen: reached from a reset e-mail's link (with its token) or by an
 * account that must choose a new password. Anyone else has nothing to do here.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')
  const me = useMe()
  if (!token) {
    if (me.isPending) return <LoadingScreen />
    if (!me.data) return <Navigate to="/auth" replace />
    if (!me.data.mustChangePassword) return <Navigate to="/dashboard" replace />
  }
  return (
    <AuthCard
      title="Security Required"
      description="For security reasons, you must set a new password before accessing your account."
    >
      <ResetPasswordForm token={token} />
    </AuthCard>
  )
}
