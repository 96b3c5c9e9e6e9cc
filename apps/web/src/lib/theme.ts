import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'theme';
const listeners = new Set<() => void>();

function readTheme(): Theme {
  return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
}

function apply(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) {
      apply(readTheme());
      for (const listener of listeners) listener();
    }
  });
}

/** 'light' or 'dark', stored under `theme`, default dark; dark puts the `dark` class on the page. */
export function useTheme(): { theme: Theme; setTheme(theme: Theme): void; toggle(): void } {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readTheme,
    () => 'dark' as Theme,
  );
  const setTheme = useCallback((next: Theme) => {
    localStorage.setItem(THEME_KEY, next);
    apply(next);
    for (const listener of listeners) listener();
  }, []);
  return { theme, setTheme, toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
