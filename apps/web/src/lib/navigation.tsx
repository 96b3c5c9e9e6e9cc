import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/**
 * Navigation that works with and without the router. The landing page loads without React Router
 * (decision 016): there, navigating starts the app; inside the app, RootLayout hands in the router's
 * navigate. Without either (tests), a full page load.
 */
export type AppNavigate = (to: string, options?: { replace?: boolean }) => void;

const NavigateContext = createContext<AppNavigate>((to, options) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to),
);

export const NavigateProvider = NavigateContext.Provider;

export function useAppNavigate(): AppNavigate {
  return useContext(NavigateContext);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An in-app link: a real `<a href>`, followed without a page load on a plain click. */
export function Link({ to, replace, onClick, ...props }: LinkProps) {
  const navigate = useAppNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const elsewhere = props.target !== undefined && props.target !== '_self';
    if (event.defaultPrevented || event.button !== 0 || modified || elsewhere || props.download !== undefined) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} {...props} onClick={follow} />;
}
