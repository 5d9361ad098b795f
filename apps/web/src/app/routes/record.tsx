import { recorderMessages, type Me } from '@skylog/contracts';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { landingPath, paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useRecorderIdentity } from '../../features/recorder/api/recorder-identity.ts';
import { RecorderScreen } from '../../features/recorder/components/recorder-screen.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { canOpen } from '../../lib/can-open.ts';
import { RoleGate } from '../shell/gates.tsx';

/** The browser's own word on the network (TanStack Query's starts as "online" whatever the page opened with). */
function useIsOffline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => !navigator.onLine,
  );
}

/**
 * The phone recorder, full screen without the sidebar (docs/product.md "Recording on a phone"). Signed in, it is gated
 * as every screen is; with no network it still opens (after a first visit, from the service worker) for the person who
 * last recorded here: the server decides again when the flight is sent.
 */
export function Component() {
  // The service worker that keeps the app's files is installed from here (see apps/web/vite.config.ts): once it runs,
  // this screen opens with no network.
  useEffect(() => {
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  }, []);
  const me = useMe();
  const location = useLocation();
  const isUnreachable = me.error instanceof ApiError && me.error.status === 0;
  const isBrowserOffline = useIsOffline();
  const isOffline = isBrowserOffline || isUnreachable;
  const { refetch } = me;
  // Opened without a network, the account could not be read: it is read again when the network comes back, and then
  // what waited on the phone is sent.
  useEffect(() => {
    if (!isBrowserOffline && isUnreachable) void refetch();
  }, [isBrowserOffline, isUnreachable, refetch]);
  const identity = useRecorderIdentity(me.data, isOffline);
  // No way off the screen while recording: leaving it stops the microphone.
  const [isRecording, setIsRecording] = useState(false);

  if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to={paths.login.getHref(location.pathname)} replace />;
  if (me.error && !isUnreachable) return <Frame me={undefined}>{<Alert tone="error">{me.error.message}</Alert>}</Frame>;
  if (identity === undefined) return <p className="p-6 text-sm text-slate-600">Loading...</p>;
  if (identity === null) return <Frame me={undefined}>{<Alert tone="warning">{recorderMessages.firstVisitOnline}</Alert>}</Frame>;
  const screen = <RecorderScreen identity={identity} isSignedIn={Boolean(me.data) && !isOffline} getFlightHref={canOpen(me.data, paths.dashboard.flight.path) ? paths.dashboard.flight.getHref : null}
      onRecordingChange={setIsRecording}
    />;
  return <Frame me={isRecording ? undefined : me.data}>{me.data ? <RoleGate me={me.data}>{screen}</RoleGate> : screen}</Frame>;
}

function Frame({ me, children }: { me: Me | undefined; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2">
        <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <img src="/logo.svg" alt="" className="h-6 w-6" />
          Skylog
        </span>
        {me && canOpen(me, landingPath) ? (
          <Link to={landingPath} className="text-sm text-brand-600 hover:underline">
            Flights
          </Link>
        ) : null}
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-3 p-3 sm:p-6">
        <h1 className="text-xl font-semibold text-slate-900">{recorderMessages.title}</h1>
        {children}
      </main>
    </div>
  );
}
