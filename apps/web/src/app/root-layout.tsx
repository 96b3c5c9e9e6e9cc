import { useCallback, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PartMediaProvider } from '../components/part-media';
import { paths } from '../config/paths';
import { PartImages } from '../features/media/components/part-images';
import { useSessionSync } from '../lib/auth';
import { type AppNavigate, NavigateProvider } from '../lib/navigation';
import { takeOAuthError } from '../lib/oauth-error';
import { showToast } from '../lib/toasts';

/** The connection popups' pages show an OAuth error themselves, as their Connection Failed screen. */
const OWN_ERROR_PAGES: string[] = [paths.xCallback, paths.bskyCallback];

/** Shows 'Authentication failed: {description}' when an OAuth error comes back in the URL. */
function useOAuthErrorToast() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (OWN_ERROR_PAGES.includes(location.pathname)) return;
    const error = takeOAuthError(location.search, location.hash);
    if (!error) return;
    showToast((toast) => toast.error(error.message));
    navigate({ pathname: location.pathname, search: error.search, hash: '' }, { replace: true });
  }, [location, navigate]);
}

export function RootLayout() {
  useSessionSync();
  useOAuthErrorToast();
  const navigate = useNavigate();
  // Links and hooks from lib/navigation (shared with the router-less landing) go through the router.
  const appNavigate = useCallback<AppNavigate>((to, options) => void navigate(to, options), [navigate]);
  return (
    <NavigateProvider value={appNavigate}>
      {/* A post's images are the media feature's, wherever the parts editor shows a part. */}
      <PartMediaProvider value={PartImages}>
        <Outlet />
      </PartMediaProvider>
    </NavigateProvider>
  );
}
