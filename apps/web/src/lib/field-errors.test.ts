import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api } from './api-client';
import { fieldErrorsOf } from './field-errors';

const SCHEDULE = { content: ['content', 'parts'], runAt: ['runAt'] } as const;

describe("the server's field errors", () => {
  it('land on the form field named after their body field', () => {
    const error = new ApiRequestError(409, 'conflict', 'body.username: That username is taken', [
      { field: 'body.username', message: 'That username is taken' },
    ]);
    expect(fieldErrorsOf(error, ['username', 'fullName'] as const)).toEqual({ username: 'That username is taken' });
  });

  it('land on the date, named with or without its location', () => {
    for (const field of ['body.runAt', 'runAt']) {
      const error = new ApiRequestError(400, 'bad_request', `${field}: Date must be in the future`, [
        { field, message: 'Date must be in the future' },
      ]);
      expect(fieldErrorsOf(error, SCHEDULE)).toEqual({ runAt: 'Date must be in the future' });
    }
  });

  it("put a thread's parts and the content on one field, each message once", () => {
    const error = new ApiRequestError(400, 'validation_error', 'x', [
      { field: 'body.content', message: 'Content is required' },
      { field: 'body.parts.1', message: 'A thread part is empty' },
      { field: 'body.parts.2', message: 'A thread part is empty' },
    ]);
    expect(fieldErrorsOf(error, SCHEDULE)).toEqual({ content: 'Content is required; A thread part is empty' });
  });

  it('that no input shows go to the form, named', () => {
    const error = new ApiRequestError(400, 'validation_error', 'x', [
      { field: 'body.content', message: 'Content is required' },
      { field: 'body.personaId', message: 'must be a persona id' },
      { field: 'query.persona', message: 'is not a persona' },
      { field: 'body', message: 'must be an object' },
    ]);
    expect(fieldErrorsOf(error, SCHEDULE)).toEqual({
      content: 'Content is required',
      form: 'Persona ID: must be a persona id; Persona: is not a persona; Request: must be an object',
    });
  });

  it("don't cover a field that only starts the same way", () => {
    const error = new ApiRequestError(400, 'validation_error', 'x', [{ field: 'body.contentWarning', message: 'bad' }]);
    expect(fieldErrorsOf(error, SCHEDULE)).toEqual({ form: 'Content warning: bad' });
  });
});

describe('an error without field errors', () => {
  it("is the form's, in its own words", () => {
    expect(fieldErrorsOf(new ApiRequestError(409, 'conflict', 'No Bluesky account is connected'), SCHEDULE)).toEqual({
      form: 'No Bluesky account is connected',
    });
    expect(fieldErrorsOf(new TypeError('Failed to fetch'), ['name'] as const)).toEqual({ form: 'Failed to fetch' });
  });
});

describe("a failed request's message", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names its fields in words, never by their request path', async () => {
    const body = {
      error: {
        code: 'validation_error',
        message: 'body.username: Username must be at least 3 characters; query.persona: must be JSON',
        details: [
          { field: 'body.username', message: 'Username must be at least 3 characters' },
          { field: 'query.persona', message: 'must be JSON' },
        ],
      },
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const error = await api('/api/me/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(
      'Username: Username must be at least 3 characters; Persona: must be JSON',
    );
    expect((error as ApiRequestError).details).toEqual(body.error.details);
  });

  it("without field errors, is the server's own", async () => {
    const body = { error: { code: 'conflict', message: 'No Bluesky account is connected' } };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 409 }));
    const error = await api('/api/schedule').catch((e: unknown) => e);
    expect((error as ApiRequestError).message).toBe('No Bluesky account is connected');
  });
});
