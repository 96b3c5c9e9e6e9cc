import { oauthErrorFromUrl } from '@plume/core';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useSessionSync } from '../lib/auth';

/** Shows 'Authentication failed: {description}' when an OAuth error comes back in the URL. */
function useOAuthErrorToast() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
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
