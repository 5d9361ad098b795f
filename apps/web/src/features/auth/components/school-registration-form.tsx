import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { useRegisterSchool } from '../api/register-school.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { getPasswordErrors } from '../utils/password-rules.ts';

/** Self-service: a new school and its first administrator, who confirms the e-mail next. */
export function SchoolRegistrationForm() {
  const [values, setValues] = useState({ school_name: '', name: '', email: '', password: '', confirmation: '' });
  const register = useRegisterSchool();
  const fieldErrors = getFieldErrors(register.error);
  const passwordErrors = getPasswordErrors(values.password, values.confirmation);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  if (register.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">
          Your school is registered. We sent a confirmation link to {register.data.email}: open it, then sign in.
        </Alert>
        <Link to={paths.login.path} className="text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ school_name: values.school_name.trim(), name: values.name.trim(), email: values.email.trim(), password: values.password });
  };

  const isInvalid =
    !values.school_name.trim() || !values.name.trim() || !values.email.trim() || Boolean(passwordErrors.password || passwordErrors.confirmation);
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {register.error ? <Alert tone="error">{getErrorMessage(register.error)}</Alert> : null}
      <TextInput label="School name" name="school_name" value={values.school_name} onChange={set('school_name')} error={fieldErrors.school_name} />
      <TextInput label="Your name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={fieldErrors.name} />
      <TextInput label="E-mail" type="email" name="email" autoComplete="username" value={values.email} onChange={set('email')} error={fieldErrors.email} />
      <TextInput
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={values.password ? (passwordErrors.password ?? fieldErrors.password) : fieldErrors.password}
      />
      <TextInput
        label="Repeat password"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        value={values.confirmation}
        onChange={set('confirmation')}
        error={values.confirmation ? passwordErrors.confirmation : undefined}
      />
      <Button type="submit" isLoading={register.isPending} disabled={isInvalid}>
        Register school
      </Button>
      <Link to={paths.login.path} className="text-center text-sm text-brand-600 hover:underline">
        Already have an account? Sign in
      </Link>
    </form>
  );
}
