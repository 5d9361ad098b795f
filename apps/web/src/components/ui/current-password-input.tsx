import type { ComponentProps } from 'react';
import { TextInput } from './text-input.tsx';

/** "Current password", asked again before a change to how someone signs in (a password manager fills it). */
export function CurrentPasswordInput(props: Omit<ComponentProps<typeof TextInput>, 'label' | 'type' | 'autoComplete'>) {
  return <TextInput label="Current password" type="password" autoComplete="current-password" {...props} />;
}
