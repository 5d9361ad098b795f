import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useSignIn } from '../api/sign-in.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { ProviderSignIn } from './provider-sign-in.tsx';
import { SecondStepForm } from './second-step-form.tsx';

/**
 * Signing in refreshes the account; the screen around it decides where to go next. `notice` says why an
 * earlier sign-in (with a provider) came back refused; `isSecondStepDue`: a provider's sign-in needs the code.
 */
export function LoginForm({
  onSubmit,
  notice = null,
  isSecondStepDue = false,
  afterProviderSignIn,
}: {
  onSubmit: () => void;
  notice?: string | null;
  isSecondStepDue?: boolean;
  /** Where a provider's sign-in returns to. */
  afterProviderSignIn: string;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isResetting, setIsResetting] = useState(false);
  // Why the second step ended and sign-in starts over (it expired, or too many wrong codes), or why a provider's did.
  const [restartMessage, setRestartMessage] = useState<string | null>(notice);
  const [isProviderStepDue, setIsProviderStepDue] = useState(isSecondStepDue);
  const signIn = useSignIn();
  const fieldErrors = getFieldErrors(signIn.error);

  if (isResetting) return <ForgotPasswordForm initialEmail={email} onBack={() => setIsResetting(false)} />;
  if (signIn.data?.twoFactorRedirect || isProviderStepDue) {
    return (
      <SecondStepForm
        onSubmit={onSubmit}
        onRestart={(message) => {
          setRestartMessage(message ?? null);
          setPassword('');
          setIsProviderStepDue(false);
          signIn.reset();
        }}
      />
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
    setRestartMessage(null);
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {signIn.error ? <Alert tone="error">{getErrorMessage(signIn.error)}</Alert> : null}
      {restartMessage ? <Alert tone="error">{restartMessage}</Alert> : null}
      <TextInput
        label="E-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldErrors.email}
      />
      <TextInput
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldErrors.password}
      />
      <Button type="submit" isLoading={signIn.isPending} disabled={!email.trim() || !password}>
        Sign in
      </Button>
      <ProviderSignIn callbackPath={afterProviderSignIn} />
      <div className="flex items-center justify-between text-sm">
        <Button variant="link" onClick={() => setIsResetting(true)}>
          Forgot password?
        </Button>
        <Link to={paths.userRegistration.path} className="text-brand-600 hover:underline">
          Register your school
        </Link>
      </div>
    </form>
  );
}
