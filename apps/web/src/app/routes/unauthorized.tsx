import { messages } from '@skylog/contracts';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';
import { landingPath } from '../../config/paths.ts';

type UnauthorizedState = { message?: string; from?: string } | null;

/** Where the role gate sends a refused page: the message, the path that was refused, a way back. */
export function Component() {
  const state = useLocation().state as UnauthorizedState;
  return (
    <AuthCard title="Access denied">
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm font-medium text-red-700">
          {state?.message ?? messages.permissionDenied}
        </p>
        {state?.from ? (
          <p className="text-sm text-slate-600">
            Page: <code data-testid="unauthorized-origin" className="rounded bg-slate-100 px-1.5 py-0.5">{state.from}</code>
          </p>
        ) : null}
        <Link to={landingPath} className="text-brand-600 hover:underline">
          Back to your flights
        </Link>
      </div>
    </AuthCard>
  );
}
