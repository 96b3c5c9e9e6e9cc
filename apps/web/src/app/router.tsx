import { createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { AuthCompletePage } from '../features/auth/components/auth-complete-page';
import { SignInDialog } from '../features/auth/components/sign-in-dialog';
import { SignupPage } from '../features/auth/components/signup-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { PersonaDashboard } from '../features/personas/components/persona-dashboard';
import { AppShell } from './app-shell';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.login,
        element: (
          <>
            <LandingPage />
            <SignInDialog />
          </>
        ),
      },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.authComplete, element: <AuthCompletePage /> },
      {
        element: <RequireAuth />,
        children: [{ element: <AppShell />, children: [{ path: paths.dashboard, element: <PersonaDashboard /> }] }],
      },
      // The spec: any unknown path shows the landing page.
      { path: '*', element: <LandingPage /> },
    ],
  },
]);
