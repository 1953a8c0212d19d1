import { FormField } from './ui/form-field'

type Props = {
  idPrefix: string
  password: string
  confirmation: string
  onPasswordChange: (value: string) => void
  onConfirmationChange: (value: string) => void
  passwordError?: string
}

/**
 * New Password and Confirm Password, as both the reset screen and Profile Settings ask them; inside
 * <FormProblems>, the server's reason about `newPassword` shows below New Password.
 */
export function NewPasswordFields({
  idPrefix,
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  passwordError,
}: Props) {
  return (
    <>
      <FormField
        id={`${idPrefix}-new-password`}
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={passwordError}
        field="newPassword"
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <FormField
        id={`${idPrefix}-confirm-password`}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
      />
    </>
  )
}
