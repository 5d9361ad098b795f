import { TextInput } from '../../../components/ui/text-input.tsx';
import { getPasswordErrors } from '../utils/password-rules.ts';

type NewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** The server's message for the password, shown when the typed rules pass. */
  serverError?: string | undefined;
  labels?: { password: string; confirmation: string };
};

/** A new password typed twice, checked against the server's rule while typing. */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  serverError,
  labels = { password: 'Password', confirmation: 'Repeat password' },
}: NewPasswordFieldsProps) {
  const errors = getPasswordErrors(password, confirmation);
  return (
    <>
      <TextInput
        label={labels.password}
        type="password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
        error={password ? (errors.password ?? serverError) : serverError}
      />
      <TextInput
        label={labels.confirmation}
        type="password"
        name="confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.target.value)}
        error={confirmation ? errors.confirmation : undefined}
      />
    </>
  );
}

export function isNewPasswordValid(password: string, confirmation: string): boolean {
  const errors = getPasswordErrors(password, confirmation);
  return !errors.password && !errors.confirmation;
}
