import { zodResolver } from '@hookform/resolvers/zod';
import { apiTokenCreateSchema } from '@skylog/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken, type CreatedAccessToken } from '../api/access-tokens.ts';

type NewTokenValues = z.input<typeof apiTokenCreateSchema>;

/** Personal access tokens for the recorder app: created here, shown once, revoked after a confirmation. */
export function AccessTokensPanel() {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  // The token whose revoking waits for a yes: the recorder using it stops at once.
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useForm<NewTokenValues, unknown, z.output<typeof apiTokenCreateSchema>>({
    resolver: zodResolver(apiTokenCreateSchema),
    defaultValues: { name: '' },
  });

  const handleCreate = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (token) => {
        setCreated(token);
        form.reset({ name: '' });
      },
      // Every refusal of a new token concerns its name (a limit reached included): said under it.
      onError: (error) => form.setError('name', { type: 'server', message: (error instanceof ApiError && error.body.fields?.name) || error.message }),
    }),
  );

  return (
    <section aria-labelledby="access-tokens-title" className="flex flex-col gap-3 border-t border-slate-200 px-6 py-4">
      <div>
        <h3 id="access-tokens-title" className="text-sm font-semibold text-slate-900">
          Recorder access tokens
        </h3>
        <p className="text-xs text-slate-600">The recorder app sends your flights with a token. A token can only send and read flights.</p>
      </div>
      {created ? (
        <Alert tone="success">
          <p className="mb-1">Copy this token now: it will not be shown again.</p>
          <code data-testid="new-access-token" className="block break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900">
            {created.token}
          </code>
        </Alert>
      ) : null}
      <form onSubmit={handleCreate} className="flex items-end gap-2" noValidate aria-label="New access token">
        <TextInput label="Token name" placeholder="e.g. iPad recorder" {...form.register('name')} error={form.formState.errors.name?.message} />
        <Button type="submit" isLoading={create.isPending}>
          Create token
        </Button>
      </form>
      {tokens.data && tokens.data.items.length > 0 ? (
        <ul className="divide-y divide-slate-100 text-sm" aria-label="Access tokens">
          {tokens.data.items.map((token) => (
            <li key={token.id} className="flex items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{token.name}</span> <code className="text-xs text-slate-500">{`${token.prefix}…`}</code>
                <span className="block text-xs text-slate-500">
                  {token.last_used_at ? `Last used ${new Date(token.last_used_at).toLocaleString()}` : 'Never used'}
                </span>
              </span>
              {confirming === token.id ? (
                <span className="flex items-center gap-2">
                  <span className="text-xs text-slate-700">The recorder using it stops at once.</span>
                  <Button
                    variant="primary"
                    isLoading={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(token.id, {
                        onSuccess: () => (notify.success(`${token.name} revoked`), setConfirming(null)),
                        onError: (error) => notify.error(error.message),
                      })
                    }
                  >
                    Yes, revoke
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(null)}>
                    Keep
                  </Button>
                </span>
              ) : (
                <Button variant="secondary" onClick={() => setConfirming(token.id)}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
