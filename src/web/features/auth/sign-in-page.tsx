import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { BrandLogo, PRODUCT_NAME } from './brand'
import { ForgotPasswordForm } from './forgot-password-form'
import { SignInForm } from './sign-in-form'

export function SignInPage() {
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in')
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <BrandLogo />
        </div>
        <Card>
          <CardHeader className="text-center">
            <CardTitle>{`Welcome to ${PRODUCT_NAME}`}</CardTitle>
            <CardDescription>
              Sign in with your authorized account to access the recovery management dashboard
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            {mode === 'sign-in' ? (
              <SignInForm onForgotPassword={() => setMode('forgot')} />
            ) : (
              <ForgotPasswordForm onBack={() => setMode('sign-in')} />
            )}
            <p className="text-center text-sm text-muted-foreground">
              Accounts are created by your administrator. Contact your administrator if you need access.
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  )
}
