import { messages } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice, useProducts } from '../../../lib/billing-plans.ts';
import { getCheckoutValues, storeCheckoutValues } from '../../../lib/checkout-storage.ts';
import { useRegisterSchool } from '../api/register-school.ts';
import { getErrorMessage, getFieldErrors } from '../utils/field-errors.ts';
import { isNewPasswordValid, NewPasswordFields } from './new-password-fields.tsx';

/**
 * Self-service: a new school and its first administrator. The answer is the same whether or not the
 * address already has an account; the e-mail sent to it says what comes next.
 */
export function SchoolRegistrationForm() {
  const [values, setValues] = useState({ school_name: '', name: '', email: '', password: '', confirmation: '' });
  const register = useRegisterSchool();
  const fieldErrors = getFieldErrors(register.error);
  // With billing on the school chooses its plan here (a pricing link may have chosen it); checkout follows the first sign-in.
  const products = useProducts();
  const planOptions = (products.data ?? []).flatMap((product) => product.prices.map((price) => ({ value: price.id, label: `${product.name} — ${formatPrice(price)}` })));
  // Until the person picks one, the plan a pricing link stored (read at render: the route stores it after mounting).
  const [planId, setPlanId] = useState<string | null>(null);
  const preferredPlan = planId ?? getCheckoutValues().priceId;
  const chosenPlan = planOptions.find((option) => option.value === preferredPlan)?.value ?? planOptions[0]?.value ?? '';
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  if (register.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="success">
          <p>{messages.schoolRegistrationAccepted}</p>
          {chosenPlan ? <p>After you confirm your e-mail and sign in, you will pay for your plan with Stripe.</p> : null}
          <p className="font-medium" data-testid="registration-email">
            {register.data.email}
          </p>
        </Alert>
        <Link to={paths.login.path} className="text-brand-600 hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { school_name: values.school_name.trim(), name: values.name.trim(), email: values.email.trim(), password: values.password },
      { onSuccess: () => chosenPlan && storeCheckoutValues({ priceId: chosenPlan }) },
    );
  };

  const isInvalid =
    !values.school_name.trim() || !values.name.trim() || !values.email.trim() || !isNewPasswordValid(values.password, values.confirmation);
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {register.error ? <Alert tone="error">{getErrorMessage(register.error)}</Alert> : null}
      <TextInput label="School name" name="school_name" value={values.school_name} onChange={set('school_name')} error={fieldErrors.school_name} />
      <TextInput label="Your name" name="name" autoComplete="name" value={values.name} onChange={set('name')} error={fieldErrors.name} />
      <TextInput label="E-mail" type="email" name="email" autoComplete="username" value={values.email} onChange={set('email')} error={fieldErrors.email} />
      <NewPasswordFields
        password={values.password}
        confirmation={values.confirmation}
        onPasswordChange={(password) => setValues({ ...values, password })}
        onConfirmationChange={(confirmation) => setValues({ ...values, confirmation })}
        serverError={fieldErrors.password}
      />
      {planOptions.length > 0 ? (
        <SelectInput label="Plan" name="plan" value={chosenPlan} options={planOptions} onChange={(event) => setPlanId(event.target.value)} />
      ) : null}
      <Button type="submit" isLoading={register.isPending} disabled={isInvalid}>
        Register school
      </Button>
      <Link to={paths.login.path} className="text-center text-sm text-brand-600 hover:underline">
        Already have an account? Sign in
      </Link>
    </form>
  );
}
