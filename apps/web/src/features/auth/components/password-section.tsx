import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** The Password part of Account security. */
export function PasswordSection() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SettingsSection
      id="password-title"
      title="Password"
      description="Changing it asks for the current one and signs you out everywhere else."
      actions={
        <Button variant="link" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          Change password
        </Button>
      }
    >
      {isOpen ? <ChangePasswordForm onClose={() => setIsOpen(false)} /> : null}
    </SettingsSection>
  );
}
