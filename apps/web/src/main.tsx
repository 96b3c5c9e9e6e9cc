import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingRoot } from './app/landing-root';
import { Providers } from './app/providers';
import { paths } from './config/paths';
import type { AppNavigate } from './lib/navigation';
import { wantToasts } from './lib/toasts';
import './index.css';

const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from index.html');
const root = createRoot(element);
const render = (app: ReactNode) =>
  root.render(
    <StrictMode>
      <Providers>{app}</Providers>
    </StrictMode>,
  );

// The router and every screen but the landing, as one import (decision 016).
let app: Promise<typeof import('./app/router')> | undefined;
const loadApp = () => {
  app ??= import('./app/router');
  return app;
};

/** Renders the app's router; with `to`, once the router has arrived there (no blank screen between). */
async function startApp(to?: string, options?: { replace?: boolean }) {
  const { router, AppRouter } = await loadApp();
  wantToasts();
  if (to !== undefined) await router.navigate(to, options);
  render(<AppRouter />);
}

const isLanding = (to: string) => new URL(to, window.location.href).pathname === paths.home;

/** Navigation on the router-less landing: to / stays on it; anywhere else starts the app. */
let leaving = false;
const navigateFromLanding: AppNavigate = (to, options) => {
  if (leaving) return;
  if (isLanding(to)) {
    // The logo on / itself: no second history entry for the same page.
    const same = new URL(to, window.location.href).href === window.location.href;
    window.history[options?.replace || same ? 'replaceState' : 'pushState'](null, '', to);
    window.scrollTo(0, 0);
    return;
  }
  leaving = true;
  // Should the app fail to load (offline, a new deploy), the browser loads the page itself.
  startApp(to, options).catch(() => window.location.assign(to));
};

if (isLanding(window.location.pathname)) {
  render(<LandingRoot navigate={navigateFromLanding} preload={() => void loadApp().catch(() => {})} />);
} else {
  void startApp();
}
