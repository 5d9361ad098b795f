import { getRoleLabel, messages, type Me } from '@skylog/contracts';
import { PanelLeft } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

type TopBarProps = { me: Me | undefined; isSidebarOpen: boolean; onToggleSidebar: () => void; onOpenProfile: () => void };

/** Sidebar toggle, breadcrumbs, role badge, avatar (opens Update Profile) and the user's name. */
export function TopBar({ me, isSidebarOpen, onToggleSidebar, onOpenProfile }: TopBarProps) {
  const roleLabel = getRoleLabel(me?.user_type);
  const avatarValue = me?.name || me?.email || '?';
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        aria-label="Toggle sidebar"
        aria-expanded={isSidebarOpen}
        onClick={onToggleSidebar}
        className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <PanelLeft size={20} aria-hidden />
      </button>
      <Breadcrumbs />
      <div className="ml-auto flex min-w-0 items-center gap-3">
        <span data-testid="role-badge" className={roleLabel ? 'shrink-0 rounded-full bg-brand-100 px-3 py-0.5 text-xs font-medium text-brand-700' : 'hidden'}>
          {roleLabel}
        </span>
        <Tooltip content="Update Profile">
          {/* Named by its content, not an aria-label: the initials it shows are not its name (WCAG 2.5.3). */}
          <button type="button" onClick={onOpenProfile} className="relative rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
            <span className="sr-only">Update Profile</span>
            <Avatar value={avatarValue} isDecorative />
            {me && !me.is_profile_complete ? (
              <span data-testid="profile-incomplete-dot" className="absolute -right-0.5 -top-0.5 flex h-3 w-3">
                <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-400 opacity-75" />
                <span className="relative inline-flex h-3 w-3 rounded-full bg-red-500" />
              </span>
            ) : null}
          </button>
        </Tooltip>
        <span data-testid="user-name" className="min-w-0 max-w-48 truncate text-sm font-medium text-slate-800">
          {me?.name || (me ? me.email : messages.loading)}
        </span>
      </div>
    </header>
  );
}
