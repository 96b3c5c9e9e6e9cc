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
  /** Where the account deletion e-mail's link leads (public: the token is the proof). */
  deleteAccount: '/account/delete',
  calendar: '/calendar',
  review: '/review',
  usage: '/usage',
  advanced: '/advanced',
  analytics: '/analytics',
  notifications: '/notifications',
  /** Members, roles and invitations of the open workspace. */
  team: '/team',
  /** Where an invitation e-mail's link leads (`/join/:token`; the server's joinPath). */
  join: '/join',
  xCallback: '/x/callback',
  bskyCallback: '/bsky/callback',
  // The spec's footer links, with their trailing slashes.
  privacyPolicy: '/privacy-policy/',
  termsOfService: '/terms-of-service/',
} as const;
