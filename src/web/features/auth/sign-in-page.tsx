import { useState } from 'react'
import { AuthCard } from './auth-card'
import { PRODUCT_NAME } from './brand'
import { ForgotPasswordForm } from './forgot-password-form'
import { SignInForm } from './sign-in-form'

export function SignInPage() {
  const [mode, setMode] = useState<'sign-in' | 'forgot'>('sign-in')
  return (
    <AuthCard
      title={`Welcome to ${PRODUCT_NAME}`}
      description="Sign in with your authorized account to access the recovery management dashboard"
    >
      {mode === 'sign-in' ? (
        <SignInForm onForgotPassword={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('sign-in')} />
      )}
      <p className="text-center text-sm text-muted-foreground">
        Accounts are created by your administrator. Contact your administrator if you need access.
      </p>
    </AuthCard>
  )
}
