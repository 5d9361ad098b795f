import { messages } from '@skylog/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { prefetchFlight } from '../features/flight-review/api/prefetch-flight.ts';
import { api } from '../lib/api.ts';
import { Toaster } from '../components/ui/toast.tsx';
import { landingPath, paths } from '../config/paths.ts';

const Loading = () => <p className="p-6 text-sm text-slate-600">{messages.loading}</p>;

/** Every screen is its own chunk, loaded on demand (docs/product.md "Who opens which screen"); a loading placeholder shows meanwhile. */
const screen = (path: string, load: () => Promise<{ Component: () => ReactNode }>): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await load()).Component }),
  HydrateFallback: Loading,
});

/**
 * The routes. Loaders only start the data a screen will read (never awaited, so navigation does not
 * wait): the requests run while the screen's code loads instead of after it.
 */
const createAppRouter = (queryClient: QueryClient) => createBrowserRouter([
  { path: paths.home.path, element: <Navigate to={paths.login.path} replace /> },
  screen(paths.login.path, () => import('./routes/login.tsx')),
  screen(paths.authConfirm.path, () => import('./routes/auth-confirm.tsx')),
  screen(paths.userRegistration.path, () => import('./routes/user-registration.tsx')),
  screen(paths.resetPassword.path, () => import('./routes/reset-password.tsx')),
  screen(paths.unauthorized.path, () => import('./routes/unauthorized.tsx')),
  screen(paths.paymentPreparing.path, () => import('./routes/payment-preparing.tsx')),
  screen(paths.paymentCancel.path, () => import('./routes/payment-cancel.tsx')),
  screen(paths.paymentSuccess.path, () => import('./routes/payment-success.tsx')),
  // The phone recorder is full screen, outside the shell, and opens with no network (docs/product.md "Recording on a phone").
  screen(paths.record.path, () => import('./routes/record.tsx')),
  {
    lazy: async () => ({ Component: (await import('./shell/dashboard-layout.tsx')).DashboardLayout }),
    loader: () => {
      void queryClient.prefetchQuery(api.users.me.query());
      return null;
    },
    HydrateFallback: Loading,
    children: [
      screen(paths.dashboard.overview.path, () => import('./routes/dashboard/overview.tsx')),
      screen(paths.dashboard.flights.path, () => import('./routes/dashboard/flights.tsx')),
      {
        ...screen(paths.dashboard.flight.path, () => import('./routes/dashboard/flight-details.tsx')),
        loader: ({ params }) => {
          if (params.id) prefetchFlight(queryClient, params.id);
          return null;
        },
      },
      screen(paths.dashboard.flightLogbook.path, () => import('./routes/dashboard/flight-logbook.tsx')),
      screen(paths.dashboard.logbook.path, () => import('./routes/dashboard/logbook.tsx')),
      screen(paths.dashboard.logbookSigning.path, () => import('./routes/dashboard/logbook-signing.tsx')),
      screen(paths.dashboard.logbookEntry.path, () => import('./routes/dashboard/logbook-entry.tsx')),
      screen(paths.dashboard.personLogbook.path, () => import('./routes/dashboard/person-logbook.tsx')),
      screen(`${paths.dashboard.training.path}/*`, () => import('./routes/dashboard/training.tsx')),
      screen(paths.dashboard.instructors.path, () => import('./routes/dashboard/instructors.tsx')),
      screen(paths.dashboard.instructor.path, () => import('./routes/dashboard/instructor-details.tsx')),
      screen(paths.dashboard.students.path, () => import('./routes/dashboard/students.tsx')),
      screen(paths.dashboard.student.path, () => import('./routes/dashboard/student-details.tsx')),
      screen(paths.dashboard.aircraft.path, () => import('./routes/dashboard/aircraft.tsx')),
      screen(paths.dashboard.aircraftDetail.path, () => import('./routes/dashboard/aircraft-details.tsx')),
      screen(paths.dashboard.audioUpload.path, () => import('./routes/dashboard/audio-upload.tsx')),
      screen(paths.configuration.subOrganization.path, () => import('./routes/configuration/sub-organization.tsx')),
      screen(paths.configuration.subOrganizationDetail.path, () => import('./routes/configuration/sub-organization-details.tsx')),
      screen(paths.configuration.admin.path, () => import('./routes/configuration/admin.tsx')),
      screen(paths.configuration.rbac.path, () => import('./routes/configuration/rbac.tsx')),
      screen(paths.configuration.billing.path, () => import('./routes/configuration/billing.tsx')),
      screen(paths.configuration.cableCollection.path, () => import('./routes/configuration/cable-collection.tsx')),
      screen(paths.configuration.markers.path, () => import('./routes/configuration/markers.tsx')),
      screen(paths.accountSecurity.path, () => import('./routes/account/security.tsx')),
      screen(paths.accountSubscription.path, () => import('./routes/account/subscription.tsx')),
    ],
  },
  // Any unknown path goes to the flights list (docs/product.md "Who opens which screen").
  { path: '*', element: <Navigate to={landingPath} replace /> },
]);

export function AppRouter() {
  const queryClient = useQueryClient();
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
