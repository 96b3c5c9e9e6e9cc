import { Component, type ReactNode, useEffect } from 'react';
import { LandingPage } from '../features/landing/components/landing-page';
import { useSessionSync } from '../lib/auth';
import { type AppNavigate, NavigateProvider } from '../lib/navigation';
import { takeOAuthError } from '../lib/oauth-error';
import { showToast } from '../lib/toasts';

/** What RootLayout's OAuth error toast does, for the landing's first load (no router yet). */
function useOAuthErrorToastOnce() {
  useEffect(() => {
    const error = takeOAuthError(window.location.search, window.location.hash);
    if (!error) return;
    showToast((toast) => toast.error(error.message));
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${error.search}`);
  }, []);
}

/** The spec's fallback screen, without the router's error hooks. */
class LandingErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="grid min-h-screen place-items-center p-6 text-center">
        <div>
          <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{this.state.error.message}</p>
          <a href="/" className="mt-6 inline-block text-violet-700 underline dark:text-violet-300">
            Back to Plume
          </a>
        </div>
      </main>
    );
  }
}

/**
 * The landing page as a first visit to / gets it: without React Router and the other screens, so
 * it loads and paints sooner (decision 016). Following a link starts the app (`navigate`), and
 * pointing at or focusing a link loads the app ahead of the click (`preload`).
 */
export function LandingRoot({ navigate, preload }: { navigate: AppNavigate; preload(): void }) {
  useSessionSync();
  useOAuthErrorToastOnce();
  useEffect(() => {
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="/"]')) preload();
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, [preload]);
  return (
    <LandingErrorBoundary>
      <NavigateProvider value={navigate}>
        <LandingPage />
      </NavigateProvider>
    </LandingErrorBoundary>
  );
}
