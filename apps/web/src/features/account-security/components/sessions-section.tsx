import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useSettingsStore } from '../../../lib/settings-store.ts';
import { useSessions, useSignOutEverywhereElse, useSignOutSession } from '../api/account-security.ts';

/** Where this person is signed in; they end any other session, or all of them but this one. */
export function SessionsSection() {
  const sessions = useSessions();
  const timezone = useSettingsStore((state) => state.timezone);
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutEverywhereElse();
  const { dialog, ask } = useConfirmDialog();
  const others = sessions.data?.items.filter((session) => !session.is_current) ?? [];

  const endOthers = async () => {
    const isConfirmed = await ask({
      title: 'Sign out everywhere else?',
      message: `Your ${others.length} other ${others.length === 1 ? 'session ends' : 'sessions end'} at once; this one stays signed in.`,
      confirmLabel: 'Sign out everywhere else',
    });
    if (isConfirmed) signOutOthers.mutate(undefined, { onSuccess: () => notify.success('Signed out everywhere else') });
  };

  return (
    <SettingsSection
      id="sessions-title"
      title="Sessions"
      description="Where you are signed in. Sign out any device you do not recognise."
      actions={
        others.length > 0 ? (
          <Button variant="secondary" isLoading={signOutOthers.isPending} onClick={() => void endOthers()}>
            Sign out everywhere else
          </Button>
        ) : null
      }
    >
      {sessions.error ? <Alert tone="error">{sessions.error.message}</Alert> : null}
      {signOut.error ? <Alert tone="error">{signOut.error.message}</Alert> : null}
      {sessions.isPending ? <p className="text-sm text-slate-600">Loading...</p> : null}
      <ul aria-label="Your sessions" className="flex flex-col divide-y divide-slate-100">
        {sessions.data?.items.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {session.device}
                {session.is_current ? (
                  <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-800">This device</span>
                ) : null}
              </p>
              <p className="text-xs text-slate-600">
                {session.ip_address ?? 'Address unknown'} · signed in {formatDateTime(session.created_at, timezone)} · last active{' '}
                {formatDateTime(session.last_seen_at, timezone)}
              </p>
            </div>
            {session.is_current ? null : (
              <Button
                variant="link"
                aria-label={`Sign out ${session.device} (${session.ip_address ?? 'address unknown'})`}
                isLoading={signOut.isPending && signOut.variables === session.id}
                onClick={() => signOut.mutate(session.id, { onSuccess: () => notify.success('Session signed out') })}
              >
                Sign out this session
              </Button>
            )}
          </li>
        ))}
      </ul>
      {dialog}
    </SettingsSection>
  );
}
