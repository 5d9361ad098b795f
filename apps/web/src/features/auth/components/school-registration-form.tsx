import { zodResolver } from '@hookform/resolvers/zod';
import { messages, schoolRegistrationFormSchema } from '@skylog/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPrice, planProducts, useProducts } from '../../../lib/billing-plans.ts';
import { getCheckoutValues, storeCheckoutValues } from '../../../lib/checkout-storage.ts';
import { useRegisterSchool } from '../api/register-school.ts';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { getErrorMessage } from '../utils/field-errors.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type RegistrationValues = z.input<typeof schoolRegistrationFormSchema>;

/**
 * Self-service: a new school and its first administrator. The answer is the same whether or not the
 * address already has an account; the e-mail sent to it says what comes next.
 */
export function SchoolRegistrationForm() {
  const register = useRegisterSchool();
  const form = useForm<RegistrationValues, unknown, z.output<typeof schoolRegistrationFormSchema>>({
    resolver: zodResolver(schoolRegistrationFormSchema),
    mode: 'onChange',
    defaultValues: { school_name: '', name: '', email: '', password: '', confirmation: '' },
  });
  const { errors } = form.formState;
  // With billing on the school chooses its plan here (a pricing link may have chosen it); checkout follows the first sign-in.
  const products = useProducts();
  const planOptions = planProducts(products.data ?? []).flatMap((product) =>
    product.prices.map((price) => ({ value: price.id, label: `${product.name} — ${formatPrice(price)}` })),
  );
  // Until the person picks one, the plan a pricing link stored (read at render: the route stores it after mounting).
  const [planId, setPlanId] = useState<string | null>(null);
  const preferredPlan = planId ?? getCheckoutValues().priceId;
  const chosenPlan = planOptions.find((option) => option.value === preferredPlan)?.value ?? planOptions[0]?.value ?? '';

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

  // The plan travels with the registration: the server keeps it with the new school, so whoever signs in for it, from
  // any browser, is offered it; the browser also keeps it for the paid gate
  // (docs/product.md "Billing and the payment hold").
  const handleSubmit = form.handleSubmit(({ confirmation: _repeat, ...registration }) => {
    const { coupon, cablePrice } = getCheckoutValues();
    const plan = chosenPlan ? { price_id: chosenPlan, coupon, cable_price: cablePrice || null } : null;
    register.mutate(plan ? { ...registration, plan } : registration, {
      onSuccess: () => chosenPlan && storeCheckoutValues({ priceId: chosenPlan }),
      onError: (error) => showServerFieldErrors(form.setError, error, ['school_name', 'name', 'email', 'password']),
    });
  });

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
      {register.error ? <Alert tone="error">{getErrorMessage(register.error)}</Alert> : null}
      <TextInput label="School name" {...form.register('school_name')} error={errors.school_name?.message} />
      <TextInput label="Your name" autoComplete="name" {...form.register('name')} error={errors.name?.message} />
      <TextInput label="E-mail" type="email" autoComplete="username" {...form.register('email')} error={errors.email?.message} />
      <NewPasswordFields form={form} />
      {planOptions.length > 0 ? (
        <SelectInput
          label="Plan"
          name="plan"
          value={chosenPlan}
          options={planOptions}
          onChange={(event) => setPlanId(event.target.value)}
        />
      ) : null}
      <Button type="submit" isLoading={register.isPending}>
        Register school
      </Button>
      <Link to={paths.login.path} className="text-center text-sm text-brand-600 hover:underline">
        Already have an account? Sign in
      </Link>
    </form>
  );
}
