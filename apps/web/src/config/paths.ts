/** The typed route table: components link through these, never through string URLs. */
export const paths = {
  home: { path: '/' },
  login: { path: '/login', getHref: (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login') },
  authConfirm: { path: '/auth/confirm' },
  userRegistration: { path: '/auth/user-registration' },
  resetPassword: { path: '/auth/reset-password' },
  unauthorized: { path: '/unauthorized' },
  accountSecurity: { path: '/account/security' },
  accountSubscription: { path: '/account/subscription' },
  paymentPreparing: { path: '/payment-preparing' },
  paymentCancel: { path: '/payment-cancel' },
  paymentSuccess: { path: '/payment-success' },
  record: { path: '/record' },
  dashboard: {
    overview: { path: '/dashboard/overview' },
    flights: { path: '/dashboard/flights' },
    flight: { path: '/dashboard/flights/:id', getHref: (id: string) => `/dashboard/flights/${encodeURIComponent(id)}` },
    flightLogbook: { path: '/dashboard/flights/:id/logbook', getHref: (id: string) => `/dashboard/flights/${encodeURIComponent(id)}/logbook` },
    logbook: { path: '/dashboard/logbook' },
    personLogbook: {
      path: '/dashboard/logbook/people/:skylog_id',
      getHref: (skylogId: string) => `/dashboard/logbook/people/${encodeURIComponent(skylogId)}`,
    },
    logbookEntry: { path: '/dashboard/logbook/entries/:id', getHref: (id: string) => `/dashboard/logbook/entries/${encodeURIComponent(id)}` },
    logbookSigning: { path: '/dashboard/logbook/signing' },
    // The training screens are below this one route: their paths are config/training-paths.ts's.
    training: { path: '/dashboard/training' },
    instructors: { path: '/dashboard/instructors' },
    instructor: { path: '/dashboard/instructors/:id', getHref: (id: string) => `/dashboard/instructors/${encodeURIComponent(id)}` },
    students: { path: '/dashboard/students' },
    student: { path: '/dashboard/students/:id', getHref: (id: string) => `/dashboard/students/${encodeURIComponent(id)}` },
    aircraft: { path: '/dashboard/aircraft' },
    aircraftDetail: { path: '/dashboard/aircraft/:id', getHref: (id: string) => `/dashboard/aircraft/${encodeURIComponent(id)}` },
    audioUpload: { path: '/dashboard/audio-upload' },
  },
  configuration: {
    subOrganization: { path: '/configuration/sub-organization' },
    subOrganizationDetail: {
      path: '/configuration/sub-organization/:id',
      getHref: (id: string) => `/configuration/sub-organization/${encodeURIComponent(id)}`,
    },
    admin: { path: '/configuration/admin' },
    rbac: { path: '/configuration/rbac' },
    billing: { path: '/configuration/billing' },
    cableCollection: { path: '/configuration/cable-collection' },
    markers: { path: '/configuration/markers' },
  },
} as const;

/** Where a signed-in person lands: the flights list, also when they open /login (docs/product.md "Who opens which screen"). */
export const landingPath = paths.dashboard.flights.path;
