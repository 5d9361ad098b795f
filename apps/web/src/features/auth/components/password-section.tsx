import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** The Password part of Account security. */
export function PasswordSection() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <section aria-labelledby="password-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="password-title" className="text-lg font-semibold text-slate-900">
            Password
          </h2>
          <p className="text-sm text-slate-600">Changing it asks for the current one and signs you out everywhere else.</p>
        </div>
        <Button variant="link" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          Change password
        </Button>
      </div>
      {isOpen ? <ChangePasswordForm onClose={() => setIsOpen(false)} /> : null}
    </section>
  );
}
