import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';

/** The signed-in placeholder until the full shell lands: who you are, and a way out. */
export function SignedInHomeRoute() {
  return (
    <RequireAuth>
      <SignedInHome />
    </RequireAuth>
  );
}

function SignedInHome() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!me.data) return null;
  const { name, email, role_label: roleLabel, org } = me.data;
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col gap-6 px-6 py-10">
      <header className="flex items-center justify-between">
        <div className="flex items-center gap-3">
          <img src="/logo.svg" alt="" className="h-9 w-9" />
          <span className="text-xl font-semibold text-brand-700">Skylog</span>
        </div>
        <Button variant="secondary" isLoading={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate(paths.login.path, { replace: true }) })}>
          Sign out
        </Button>
      </header>
      {signOut.error ? <Alert tone="error">{signOut.error.message}</Alert> : null}
      <section className="rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm text-slate-500">Signed in as</p>
        <h1 className="mt-1 text-2xl font-semibold" data-testid="user-name">
          {name ?? email}
        </h1>
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <span data-testid="role-label" className="rounded-full bg-brand-100 px-3 py-1 font-medium text-brand-700">
            {roleLabel}
          </span>
          <span>{org ? org.name : 'NOT AVAILABLE'}</span>
        </p>
        <p className="mt-6 text-sm text-slate-600">The flight list, the school's people and its aircraft come in the next release.</p>
      </section>
    </main>
  );
}
