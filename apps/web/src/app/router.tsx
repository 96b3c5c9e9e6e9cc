import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { LandingPage } from '../features/landing/components/landing-page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// A first visit to / renders the landing without this module (app/landing-root.tsx, decision 016);
// every other screen loads when it is first visited.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded screen arrives on the first page load.
    hydrateFallbackElement: (
      <p role="status" className="p-8 text-center text-slate-600 dark:text-slate-300">
        Loading...
      </p>
    ),
    children: [
      { path: paths.home, element: <LandingPage /> },
      {
        path: paths.login,
        lazy: async () => {
          const { SignInDialog } = await import('../features/auth/components/sign-in-dialog');
          return {
            Component: () => (
              <>
                <LandingPage />
                <SignInDialog />
              </>
            ),
          };
        },
      },
      {
        path: paths.signup,
        lazy: async () => ({ Component: (await import('../features/auth/components/signup-page')).SignupPage }),
      },
      {
        path: paths.authComplete,
        lazy: async () => ({
          Component: (await import('../features/auth/components/auth-complete-page')).AuthCompletePage,
        }),
      },
      // The connection popups' return pages: public, since the popup may not share the session's state yet.
      {
        path: paths.xCallback,
        lazy: async () => ({
          Component: (await import('../features/accounts/components/x-callback-page')).XCallbackPage,
        }),
      },
      {
        path: paths.bskyCallback,
        lazy: async () => ({
          Component: (await import('../features/accounts/components/bsky-callback-page')).BskyCallbackPage,
        }),
      },
      // The account deletion e-mail's link: public, it may be opened on another device.
      {
        path: paths.deleteAccount,
        lazy: async () => ({
          Component: (await import('../features/account/components/delete-account-page')).DeleteAccountPage,
        }),
      },
      // An invitation e-mail's link: it handles signed-out visitors itself (sign in, then back here).
      {
        path: `${paths.join}/:token`,
        lazy: async () => ({
          Component: (await import('../features/workspaces/components/join-page')).JoinPage,
        }),
      },
      // The footer's policies: public pages of their own.
      {
        path: paths.privacyPolicy,
        lazy: async () => ({
          Component: (await import('../features/landing/components/legal-pages')).PrivacyPolicyPage,
        }),
      },
      {
        path: paths.termsOfService,
        lazy: async () => ({
          Component: (await import('../features/landing/components/legal-pages')).TermsOfServicePage,
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
            children: [
              {
                path: paths.dashboard,
                lazy: async () => ({ Component: (await import('./dashboard-route')).DashboardRoute }),
              },
              ...[paths.editor, `${paths.editor}/:id`].map((path) => ({
                path,
                lazy: async () => ({ Component: (await import('./persona-editor-route')).PersonaEditorRoute }),
              })),
              {
                path: paths.settings,
                lazy: async () => ({
                  Component: (await import('../features/settings/components/global-settings-page')).GlobalSettingsPage,
                }),
              },
              {
                path: paths.accountSettings,
                lazy: async () => ({
                  Component: (await import('./account-settings-route')).AccountSettingsRoute,
                }),
              },
              {
                path: paths.calendar,
                lazy: async () => ({
                  Component: (await import('../features/scheduling/components/calendar-page')).CalendarPage,
                }),
              },
              {
                path: paths.review,
                lazy: async () => ({
                  Component: (await import('../features/scheduling/components/review-page')).ReviewPage,
                }),
              },
              {
                path: paths.usage,
                lazy: async () => ({ Component: (await import('../features/usage/components/usage-page')).UsagePage }),
              },
              {
                path: paths.notifications,
                lazy: async () => ({
                  Component: (await import('../features/notifications/components/notifications-page'))
                    .NotificationsPage,
                }),
              },
              {
                path: paths.team,
                lazy: async () => ({
                  Component: (await import('../features/workspaces/components/team-page')).TeamPage,
                }),
              },
              {
                path: `${paths.advanced}/:id`,
                lazy: async () => ({ Component: (await import('./advanced-generator-route')).AdvancedGeneratorRoute }),
              },
              {
                path: `${paths.analytics}/:id`,
                lazy: async () => ({
                  Component: (await import('../features/analytics/components/analytics-page')).AnalyticsPage,
                }),
              },
            ],
          },
        ],
      },
      // The spec: any unknown path shows the landing page.
      { path: '*', element: <LandingPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
