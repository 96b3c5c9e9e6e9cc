import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../../../lib/auth';
import { takeReturnTo } from '../../../lib/persisted-session';

/** Once a session exists (here, in a popup, or in another tab), go where the visitor was going. */
export function useRedirectWhenSignedIn(): void {
  const { data: user } = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) navigate(takeReturnTo('/dashboard'), { replace: true });
  }, [user, navigate]);
}
