import { Navigate, useSearchParams } from 'react-router'
import { LoadingScreen } from '../../app/screens/loading-screen'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { BrandLogo } from './brand'
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
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <BrandLogo />
        </div>
        <Card>
          <CardHeader className="text-center">
            <CardTitle>Security Required</CardTitle>
            <CardDescription>
              For security reasons, you must set a new password before accessing your account.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ResetPasswordForm token={token} />
          </CardContent>
        </Card>
      </div>
    </main>
  )
}
