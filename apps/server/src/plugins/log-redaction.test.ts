import { describe, expect, it } from 'vitest';
import { errorLogFields, redactUrl } from './log-redaction';

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

describe('errors in log lines', () => {
  it("show a failed query's SQL and codes but never its parameters", async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(ann@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['ann@example.com'], cause);
    const logged = errorLogFields(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email") values ($1)',
      cause: { code: '23505', message: 'duplicate key value violates unique constraint "users_email"' },
    });
    expect(JSON.stringify(logged)).not.toContain('ann@example.com');
  });
});
