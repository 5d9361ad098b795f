/** The typed route table: components link through these, never through string URLs. */
export const paths = {
  home: { path: '/' },
  login: { path: '/login', getHref: (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login') },
  authConfirm: { path: '/auth/confirm' },
  userRegistration: { path: '/auth/user-registration' },
  resetPassword: { path: '/auth/reset-password' },
  unauthorized: { path: '/unauthorized' },
  dashboard: {
    flights: { path: '/dashboard/flights' },
  },
} as const;

/** Where a signed-in person lands (spec §4: a logged-in user on /login goes to /dashboard/flights). */
export const landingPath = paths.dashboard.flights.path;
