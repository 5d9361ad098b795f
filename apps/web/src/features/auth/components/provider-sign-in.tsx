import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useClientConfig } from '../../../lib/client-config.ts';
import { startProviderSignIn } from '../api/sign-in.ts';

/** "Sign in with …" for each provider the operator configured (none: nothing shows). */
export function ProviderSignIn({ callbackPath }: { callbackPath: string }) {
  const config = useClientConfig();
  const start = useMutation({ mutationFn: startProviderSignIn });
  const providers = config.data?.sign_in_providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-center text-xs text-slate-500">or</p>
      {start.error ? <Alert tone="error">{start.error.message}</Alert> : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="secondary"
          isLoading={start.isPending && start.variables.provider === provider.id}
          onClick={() => start.mutate({ provider: provider.id, callbackPath })}
        >
          Sign in with {provider.name}
        </Button>
      ))}
    </div>
  );
}
