import { messages, type Me } from '@skylog/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { RequireAuth } from '../../features/auth/components/require-auth.tsx';
import { useSessionRefresh } from '../../features/auth/hooks/use-session-refresh.ts';
import { UpdateProfileModal } from '../../features/profile/components/update-profile-modal.tsx';
import { paths } from '../../config/paths.ts';
import { useHasRestoredSettings } from '../../lib/settings-store.ts';
import { BreadcrumbProvider } from './breadcrumbs.tsx';
import { paymentHoldPath, RoleGate, usePaidGate } from './gates.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSidebar } from './use-sidebar.ts';

// The profile's sign-in settings and access tokens show only in the open Update Profile modal: their
// forms load then, not with every screen.
const SignInSettings = lazy(async () => ({ default: (await import('../../features/auth/components/sign-in-settings.tsx')).SignInSettings }));
const AccessTokensPanel = lazy(async () => ({ default: (await import('../../features/access-tokens/components/access-tokens-panel.tsx')).AccessTokensPanel }));

/** Every protected screen: login gate, paid gate, role gate, then the shell around the screen. */
export function DashboardLayout() {
  const hasRestoredSettings = useHasRestoredSettings();
  return <RequireAuth>{hasRestoredSettings ? <SignedInShell /> : <p className="p-6 text-sm text-slate-600">{messages.loading}</p>}</RequireAuth>;
}

function SignedInShell() {
  const me = useMe();
  return me.data ? <Shell me={me.data} /> : null;
}

function Shell({ me }: { me: Me }) {
  usePaidGate(me);
  useSessionRefresh();
  const sidebar = useSidebar();
  const { closeOverlay } = sidebar;
  const { key: locationKey, pathname } = useLocation();
  // Opened from the avatar; an incomplete profile is also opened by itself (isProfileForced).
  const [isProfileOpen, setIsProfileOpen] = useState(false);
  // Screens load on demand: 'Loading...' shows while the next one's code arrives.
  const isLoadingScreen = useNavigation().state === 'loading';
  const orgName = me.org?.name ?? null;

  // An incomplete profile opens the Update Profile modal by itself and keeps it open (docs/product.md "Profile"), but
  // never on the payment screens, which are outside this shell. Nor does it stand between a school and paying: not on
  // Billing, nor while the person is held for payment. A super admin sets up their authenticator app first: until then
  // the profile could not be saved.
  const isProfileForced =
    !me.is_profile_complete && !me.two_factor_setup_required && paymentHoldPath(me) === null && pathname !== paths.configuration.billing.path;

  // The overlay sidebar of a narrow window closes once a menu item (or anything else) navigates.
  useEffect(() => closeOverlay(), [locationKey, closeOverlay]);
  // Leaving through the profile's Account security link closes the profile (an incomplete one stays open: docs/product.md "Profile").
  useEffect(() => setIsProfileOpen(false), [locationKey]);

  return (
    <BreadcrumbProvider>
      <div className="flex min-h-screen bg-slate-50">
        <Sidebar me={me} isOpen={sidebar.isOpen} isOverlay={sidebar.isOverlay} onClose={closeOverlay} />
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar me={me} isSidebarOpen={sidebar.isOpen} onToggleSidebar={sidebar.toggle} onOpenProfile={() => setIsProfileOpen(true)} />
          <main className="min-w-0 flex-1 p-4 sm:p-6">
            <RoleGate me={me}>{isLoadingScreen ? <p className="text-sm text-slate-600">{messages.loading}</p> : <Outlet />}</RoleGate>
          </main>
        </div>
      </div>
      <UpdateProfileModal me={me} orgName={orgName} isOpen={isProfileOpen || isProfileForced} isForced={isProfileForced} onClose={() => setIsProfileOpen(false)}>
        <Suspense fallback={null}>
          <SignInSettings />
          <AccessTokensPanel />
        </Suspense>
      </UpdateProfileModal>
    </BreadcrumbProvider>
  );
}
