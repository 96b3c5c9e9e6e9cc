import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast } from 'sonner';
import { useMe } from './auth';
import { useTheme } from './theme';

/**
 * Toasts (sonner) load when first wanted, not with the landing page: once the app starts, someone
 * signs in, or code asks for one through `showToast`. sonner replays toasts made before its
 * Toaster mounted, so nothing is lost while it loads.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For code on the landing's path, which must not import sonner itself. */
export function showToast(show: (api: typeof toast) => void): void {
  wantToasts();
  void import('sonner').then((sonner) => show(sonner.toast));
}

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

export function Toasts() {
  const isWanted = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
  const { data: user } = useMe();
  const { theme } = useTheme();
  if (!isWanted && !user) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors duration={3000} theme={theme} closeButton />
    </Suspense>
  );
}
