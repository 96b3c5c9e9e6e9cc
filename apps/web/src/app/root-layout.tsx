import { oauthErrorFromUrl } from '@plume/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../config/paths';
import { useSessionSync } from '../lib/auth';

/** The connection popups' pages show an OAuth error themselves, as their Connection Failed screen. */
const OWN_ERROR_PAGES: string[] = [paths.xCallback, paths.bskyCallback];

/** Shows 'Authentication failed: {description}' when an OAuth error comes back in the URL. */
function useOAuthErrorToast() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (OWN_ERROR_PAGES.includes(location.pathname)) return;
    const message = oauthErrorFromUrl(location.search, location.hash);
    if (!message) return;
    toast.error(message);
    const params = new URLSearchParams(location.search);
    for (const key of ['error', 'error_description', 'error_uri', 'state']) params.delete(key);
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: '' }, { replace: true });
  }, [location, navigate]);
}

export function RootLayout() {
  useSessionSync();
  useOAuthErrorToast();
  return <Outlet />;
}
