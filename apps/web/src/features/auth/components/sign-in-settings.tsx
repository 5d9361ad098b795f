import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

/** The signed-in person's own sign-in e-mail and password: only they change them (docs/product.md "Sign-in e-mail and password"). */
export function SignInSettings() {
  const [openForm, setOpenForm] = useState<'email' | 'password' | null>(null);
  const close = () => setOpenForm(null);
  return (
    <section aria-labelledby="sign-in-settings-title" className="flex flex-col gap-3 border-t border-slate-200 px-6 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="sign-in-settings-title" className="text-sm font-semibold text-slate-900">
            Sign-in
          </h3>
          <p className="text-xs text-slate-600">Changing your e-mail or password signs you out everywhere else.</p>
          <Link to={paths.accountSecurity.path} className="text-xs text-brand-600 hover:underline">
            Account security: two-step sign-in and sessions
          </Link>
        </div>
        <div className="flex gap-4 text-sm">
          <Button variant="link" aria-expanded={openForm === 'email'} onClick={() => setOpenForm(openForm === 'email' ? null : 'email')}>
            Change e-mail
          </Button>
          <Button
            variant="link"
            aria-expanded={openForm === 'password'}
            onClick={() => setOpenForm(openForm === 'password' ? null : 'password')}
          >
            Change password
          </Button>
        </div>
      </div>
      {openForm === 'email' ? <ChangeEmailForm onClose={close} /> : null}
      {openForm === 'password' ? <ChangePasswordForm onClose={close} /> : null}
    </section>
  );
}
