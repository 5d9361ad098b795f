import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../api/get-me.ts';

/** Navigation gate only: the server authorizes every call. Logged-out people go to /login, keeping where they were. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <p className="p-6 text-sm text-slate-600">Loading...</p>;
  if (me.error) {
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
    }
    return (
      <div className="p-6">
        <Alert tone="error">{me.error.message}</Alert>
      </div>
    );
  }
  return children;
}
