import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken, type CreatedAccessToken } from '../api/access-tokens.ts';

/** Personal access tokens for the recorder app: created here, shown once, revoked at once. */
export function AccessTokensPanel() {
  const tokens = useAccessTokens();
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);

  function handleCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated(token);
        setName('');
      },
    });
  }

  const fieldError = create.error instanceof ApiError ? (create.error.body.fields?.name ?? create.error.message) : undefined;
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
      <form onSubmit={handleCreate} className="flex items-end gap-2" noValidate>
        <TextInput label="Token name" value={name} onChange={(event) => setName(event.target.value)} placeholder="e.g. iPad recorder" error={fieldError} />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Loading...' : 'Create token'}
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
              <Button
                variant="secondary"
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(token.id, {
                    onSuccess: () => notify.success(`${token.name} revoked`),
                    onError: (error) => notify.error(error.message),
                  })
                }
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
