/** Texts of the sign-in dialog and its outcomes (app spec: Sign-in dialog; Error catalogue). */
export type AuthMode = 'signin' | 'signup';

export const authTexts = {
  title: { signup: 'Join', signin: 'Welcome Back' },
  subtitle: {
    signup: 'Create your account using a magic link',
    signin: 'Enter your credentials to access your flight deck',
  },
  emailButton: { signup: 'Sign Up', signin: 'Sign In' },
  emailBusy: { signup: 'Signing Up...', signin: 'Signing In...' },
  emailSent: {
    signup: 'Check your email to confirm your account',
    signin: 'Check your email for the magic link',
  },
  xButton: { signup: 'Sign Up with X', signin: 'Continue with X' },
  xBusy: 'Connecting...',
  toSignIn: 'Already have an account? Sign In',
  toSignUp: 'New to the product? Create your account →',
  googleUnavailable: 'Please use email or X to authenticate instead',
  goToEmail: 'Go to Email Sign In',
} as const;

/** What a failed magic link or sign-in redirect (`?error=CODE`) tells the user. */
export function signInErrorFromCode(code: string | null): string | null {
  if (!code) return null;
  if (code === 'INVALID_TOKEN' || code === 'EXPIRED_TOKEN') {
    return 'This sign-in link has expired or was already used. Enter your email to get a new one.';
  }
  return `Sign-in failed: ${code.toLowerCase().replaceAll('_', ' ')}`;
}

/** 'Authentication failed: {description}' from an OAuth error in the query or hash, else null. */
export function oauthErrorFromUrl(search: string, hash: string): string | null {
  for (const part of [search, hash.replace(/^#/, '?')]) {
    const params = new URLSearchParams(part);
    const description = params.get('error_description');
    if (description) return `Authentication failed: ${description}`;
  }
  return null;
}
