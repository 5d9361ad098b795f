import { messages } from '@skylog/contracts';
import { LogOut } from 'lucide-react';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';

/** A thin strip that expands on hover (or keyboard focus) into the Logout button (docs/product.md "The shell"). */
export function LogoutStrip() {
  const { logout, isLoggingOut } = useLogout();
  return (
    <div className="group mt-auto border-t border-white/10" data-testid="logout-strip">
      <p className="py-1 text-center text-[11px] uppercase tracking-wide text-slate-400 group-focus-within:hidden group-hover:hidden">{messages.hoverToLogOut}</p>
      <div className="hidden p-2 group-focus-within:block group-hover:block">
        <button
          type="button"
          onClick={() => void logout()}
          disabled={isLoggingOut}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-red-600 px-3 py-2 text-sm font-medium text-white hover:bg-red-700 disabled:bg-slate-500"
        >
          <LogOut size={16} aria-hidden />
          {isLoggingOut ? messages.loading : 'Logout'}
        </button>
      </div>
    </div>
  );
}
