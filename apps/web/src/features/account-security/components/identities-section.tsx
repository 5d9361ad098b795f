import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useIdentities, useUnlinkIdentity } from '../api/account-security.ts';
import { PasswordConfirmForm } from './password-confirm-form.tsx';

/** Accounts at the configured sign-in providers (Google, Microsoft, the school's single sign-on) that sign this person in. */
export function IdentitiesSection() {
  const config = useClientConfig();
  const identities = useIdentities();
  const unlink = useUnlinkIdentity();
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const providers = config.data?.sign_in_providers ?? [];
  const items = identities.data?.items ?? [];
  if (providers.length === 0 && items.length === 0) return null;
  const names = providers.map((provider) => provider.name).join(', ');
  return (
    <SettingsSection
      id="identities-title"
      title="Connected sign-in"
      description={`Accounts that sign you in instead of your password. To connect ${names || 'one'}, sign in with it once from the login screen: it joins this account when its e-mail is yours and verified.`}
    >
      {identities.error ? <Alert tone="error">{identities.error.message}</Alert> : null}
      {identities.isSuccess && items.length === 0 ? <p className="text-sm text-slate-600">No connected accounts.</p> : null}
      <ul aria-label="Connected accounts" className="flex flex-col divide-y divide-slate-100">
        {items.map((identity) => (
          <li key={identity.id} className="flex flex-col gap-2 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium text-slate-900">
                {identity.provider_name}{' '}
                <span className="text-xs font-normal text-slate-600">
                  connected {new Date(identity.created_at).toLocaleDateString('en-GB')}
                </span>
              </p>
              <Button
                variant="link"
                aria-expanded={unlinking === identity.id}
                onClick={() => setUnlinking(unlinking === identity.id ? null : identity.id)}
              >
                Disconnect
              </Button>
            </div>
            {unlinking === identity.id ? (
              <PasswordConfirmForm
                label={`Disconnect ${identity.provider_name}`}
                submitLabel="Disconnect"
                error={unlink.error}
                isPending={unlink.isPending}
                onCancel={() => (unlink.reset(), setUnlinking(null))}
                onSubmit={(password) =>
                  unlink.mutate(
                    { id: identity.id, password },
                    { onSuccess: () => (notify.success(`${identity.provider_name} disconnected`), setUnlinking(null)) },
                  )
                }
              />
            ) : null}
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
