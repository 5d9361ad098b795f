import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { landingPath, paths } from '../config/paths.ts';

const loading = () => <p className="p-6 text-sm text-slate-600">Loading...</p>;

/** Every screen is its own chunk, loaded on demand (spec §1); 'Loading...' shows meanwhile. */
const router = createBrowserRouter([
  { path: paths.home.path, element: <Navigate to={paths.login.path} replace /> },
  { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/login.tsx')).LoginRoute }), HydrateFallback: loading },
  { path: paths.authConfirm.path, lazy: async () => ({ Component: (await import('./routes/auth-confirm.tsx')).AuthConfirmRoute }), HydrateFallback: loading },
  {
    path: paths.userRegistration.path,
    lazy: async () => ({ Component: (await import('./routes/user-registration.tsx')).UserRegistrationRoute }),
    HydrateFallback: loading,
  },
  {
    path: paths.resetPassword.path,
    lazy: async () => ({ Component: (await import('./routes/reset-password.tsx')).ResetPasswordRoute }),
    HydrateFallback: loading,
  },
  {
    path: '/dashboard/*',
    lazy: async () => ({ Component: (await import('./routes/signed-in-home.tsx')).SignedInHomeRoute }),
    HydrateFallback: loading,
  },
  {
    path: '/configuration/*',
    lazy: async () => ({ Component: (await import('./routes/signed-in-home.tsx')).SignedInHomeRoute }),
    HydrateFallback: loading,
  },
  { path: '*', element: <Navigate to={landingPath} replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
