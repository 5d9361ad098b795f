import { limits } from '@skylog/contracts';
import type { ComponentProps } from 'react';
import { TextInput } from './text-input.tsx';

/** A one-time code (authenticator app, text message): a digits keyboard, and phones offer the texted code. */
export function CodeInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput inputMode="numeric" autoComplete="one-time-code" maxLength={limits.totpDigits} {...props} />;
}
