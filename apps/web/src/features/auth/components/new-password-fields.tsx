import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextInput } from '../../../components/ui/text-input.tsx';

type PasswordPair = { password: string; confirmation: string };

/**
 * A new password typed twice, in a form of one of the contracts' `…FormSchema`s: its rule is checked while
 * typing, and the repeat again whenever the first changes once the repeat was typed.
 */
export function NewPasswordFields<Values extends FieldValues & PasswordPair, Output>({
  form,
  labels = { password: 'Password', confirmation: 'Repeat password' },
}: {
  form: UseFormReturn<Values, unknown, Output>;
  labels?: { password: string; confirmation: string };
}) {
  // Both names exist on every such form; TypeScript cannot see that through the generic.
  const passwordName = 'password' as Path<Values>;
  const confirmationName = 'confirmation' as Path<Values>;
  const errorOf = (name: Path<Values>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <>
      <TextInput
        label={labels.password}
        type="password"
        autoComplete="new-password"
        {...form.register(passwordName, {
          onChange: () => (form.getFieldState(confirmationName).isDirty ? form.trigger(confirmationName) : undefined),
        })}
        error={errorOf(passwordName)}
      />
      <TextInput
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        {...form.register(confirmationName)}
        error={errorOf(confirmationName)}
      />
    </>
  );
}
