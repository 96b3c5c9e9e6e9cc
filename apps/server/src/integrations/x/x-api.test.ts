import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { ApiPartialResponseError, ApiRequestError, ApiResponseError, type TwitterApiErrorData } from 'twitter-api-v2';
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../platform';
import { retryAfterSeconds, toXError, xMessage } from './x-api';

const request = {} as ClientRequest;

function responseError(code: number, data: unknown, headers: IncomingHttpHeaders = {}) {
  return new ApiResponseError(`Request failed with code ${code}`, {
    code,
    data: data as TwitterApiErrorData,
    headers,
    request,
    response: { statusCode: code, headers } as IncomingMessage,
  });
}

/** What twitter-api-v2 1.29.1 actually builds for a network failure (`error`, not `requestError`). */
function requestError(cause: Error) {
  return new ApiRequestError('Request failed.', { request, error: cause });
}

const errno = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

describe('retryAfterSeconds', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const epoch = (ms: number) => String(Math.floor(ms / 1000));

  it('prefers Retry-After, in seconds or as a date', () => {
    expect(retryAfterSeconds({ 'retry-after': '30', 'x-rate-limit-reset': epoch(now + 900_000) }, now)).toBe(30);
    expect(retryAfterSeconds({ 'retry-after': new Date(now + 90_000).toUTCString() }, now)).toBe(90);
  });

  it("reads the window's reset, and a used-up 24-hour limit when it is later", () => {
    expect(retryAfterSeconds({ 'x-rate-limit-reset': epoch(now + 120_000) }, now)).toBe(120);
    const daily = {
      'x-rate-limit-remaining': '5',
      'x-rate-limit-reset': epoch(now + 120_000),
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': epoch(now + 3_600_000),
    };
    expect(retryAfterSeconds(daily, now)).toBe(3600);
    // A 24-hour limit that is not used up does not count.
    expect(retryAfterSeconds({ ...daily, 'x-user-limit-24hour-remaining': '12' }, now)).toBe(120);
  });

  it('is at least a second, and undefined when X says nothing', () => {
    expect(retryAfterSeconds({ 'x-rate-limit-reset': epoch(now - 5000) }, now)).toBe(1);
    expect(retryAfterSeconds({ 'retry-after': '0' }, now)).toBe(1);
    expect(retryAfterSeconds({}, now)).toBeUndefined();
    expect(retryAfterSeconds(undefined, now)).toBeUndefined();
  });
});

describe('xMessage', () => {
  it("finds X's words in each of its error shapes", () => {
    const duplicate = 'You are not allowed to create a Tweet with duplicate content.';
    expect(xMessage({ title: 'Forbidden', detail: duplicate, type: 'about:blank', status: 403 }, 403)).toBe(duplicate);
    expect(
      xMessage({ error: 'invalid_request', error_description: 'Value passed for the token was invalid.' }, 400),
    ).toBe('Value passed for the token was invalid.');
    expect(xMessage({ errors: [{ message: 'Bad thing', code: 1 }] }, 400)).toBe('Bad thing');
    expect(xMessage({ title: 'Unauthorized' }, 401)).toBe('Unauthorized');
    expect(xMessage(undefined, 503)).toBe('Service Unavailable');
    expect(xMessage('<html>…</html>'.repeat(50), 502)).toBe('Bad Gateway');
  });
});

describe('toXError', () => {
  it('maps answers: 401 auth, 429 rate limited with the wait, 5xx unknown, other 4xx rejected', () => {
    expect(toXError(responseError(401, { title: 'Unauthorized', detail: 'Unauthorized' }))).toMatchObject({
      kind: 'auth',
      details: { status: 401 },
    });
    const limited = toXError(responseError(429, { title: 'Too Many Requests' }, { 'retry-after': '42' }));
    expect(limited).toMatchObject({ kind: 'rate_limited', details: { status: 429, retryAfterSeconds: 42 } });
    expect(toXError(responseError(503, { title: 'Service Unavailable' }))).toMatchObject({ kind: 'unknown' });
    const duplicate = toXError(
      responseError(403, {
        title: 'Forbidden',
        detail: 'You are not allowed to create a Tweet with duplicate content.',
      }),
    );
    expect(duplicate).toMatchObject({ kind: 'rejected', details: { status: 403 } });
    expect(duplicate.message).toBe('You are not allowed to create a Tweet with duplicate content.');
    expect(
      toXError(
        responseError(400, { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' }),
      ),
    ).toMatchObject({ kind: 'rejected', details: { status: 400, oauthError: 'invalid_request' } });
  });

  it('maps network failures: refused or unknown host never left, a timeout or a reset may have posted', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      expect(toXError(requestError(errno(code)))).toMatchObject({ kind: 'rejected' });
    }
    expect(toXError(requestError(new Error('Request timeout.')))).toMatchObject({
      kind: 'unknown',
      message: 'X did not answer in time',
    });
    expect(toXError(requestError(errno('ECONNRESET')))).toMatchObject({ kind: 'unknown' });
    expect(toXError(requestError(new Error('Socket closed without any information.')))).toMatchObject({
      kind: 'unknown',
    });
    const partial = new ApiPartialResponseError('partial', {
      request,
      response: { statusCode: 201 } as IncomingMessage,
      responseError: new Error('aborted'),
      rawContent: '{"data":',
    });
    expect(toXError(partial)).toMatchObject({ kind: 'unknown', details: { status: 201 } });
    expect(toXError(new Error('anything else'))).toMatchObject({ kind: 'unknown' });
  });

  it('passes an PlatformError through', () => {
    const error = new PlatformError('x', 'auth');
    expect(toXError(error)).toBe(error);
  });
});
