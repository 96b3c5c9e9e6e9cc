/** Typed route paths; screens are added here when they exist. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  authComplete: '/auth/complete',
  dashboard: '/dashboard',
  editor: '/editor',
  settings: '/settings',
  accountSettings: '/account-settings',
  calendar: '/calendar',
  advanced: '/advanced',
  xCallback: '/x/callback',
  bskyCallback: '/bsky/callback',
} as const;
