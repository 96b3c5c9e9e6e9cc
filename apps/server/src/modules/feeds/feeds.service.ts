import { AppError, invalidField } from '../../errors';
import type { FeedsAdapter, SourceType } from '../../integrations/feeds/feeds';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';

/**
 * A refused address is a bad request (400); an address that could not be read as a source (the
 * site answered an error, it is not a feed, its host is unknown) is the user's to fix too: 422
 * naming the field, so it is logged as a client error without a stack, not as a server failure.
 */
export function feedErrorToHttp(error: FetchRefusedError, field = 'query.url'): AppError {
  if (error.kind === 'refused') return invalidField(field, error.message);
  return new AppError(422, 'feed_unreadable', error.message, { details: [{ field, message: error.message }] });
}

export function createFeedsService(feeds: FeedsAdapter) {
  return {
    /** The latest titles of a source. */
    async titles(source: { type: SourceType; url: string }): Promise<string[]> {
      try {
        return (await feeds.latest(source)).map((item) => item.title);
      } catch (error) {
        if (error instanceof FetchRefusedError) throw feedErrorToHttp(error);
        throw error;
      }
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
