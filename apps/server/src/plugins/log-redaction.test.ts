import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('request URLs in log lines', () => {
  it('hide OAuth codes and states and magic-link tokens, and keep the rest', () => {
    expect(redactUrl('/x/callback?code=abc123&state=p1~xyz')).toBe(
      '/x/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
    );
    expect(redactUrl('/api/auth/magic-link/verify?token=t0k&callbackURL=%2Fdashboard')).toBe(
      '/api/auth/magic-link/verify?token=%5Bredacted%5D&callbackURL=%2Fdashboard',
    );
    expect(redactUrl('/api/oauth/bluesky/callback?iss=https%3A%2F%2Fpds&Code=a&code=b')).not.toMatch(/=a|=b/);
  });

  it('leave URLs without secrets as they are', () => {
    expect(redactUrl('/api/schedule?from=2026-11-01&personaId=p')).toBe('/api/schedule?from=2026-11-01&personaId=p');
    expect(redactUrl('/dashboard')).toBe('/dashboard');
  });
});
