import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { fieldErrorsOf } from './errors';

describe("the server's field errors", () => {
  it('land on the date and content fields', () => {
    const error = new ApiRequestError(400, 'bad_request', 'runAt: Date must be in the future', [
      { field: 'runAt', message: 'Date must be in the future' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      fields: { runAt: 'Date must be in the future' },
      message: 'runAt: Date must be in the future',
    });
  });

  it("read the schema's body paths, a thread's parts included", () => {
    const error = new ApiRequestError(400, 'validation_error', 'x', [
      { field: 'body.content', message: 'Content is required' },
      { field: 'body.parts.1', message: 'A thread part is empty' },
      { field: 'body.personaId', message: 'must be a persona id' },
    ]);
    expect(fieldErrorsOf(error).fields).toEqual({ content: 'Content is required; A thread part is empty' });
  });

  it('leave other failures to the form', () => {
    expect(fieldErrorsOf(new ApiRequestError(409, 'conflict', 'No Bluesky account is connected'))).toEqual({
      fields: {},
      message: 'No Bluesky account is connected',
    });
  });
});
