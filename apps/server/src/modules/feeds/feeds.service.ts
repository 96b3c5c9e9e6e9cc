import { type AppError, invalidField, ProviderError } from '../../errors';
import type { FeedsAdapter, SourceType } from '../../integrations/feeds/feeds';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';

/** A refused address is the caller's error (400); a failing site is the provider's (502). */
export function feedErrorToHttp(error: FetchRefusedError, field = 'query.url'): AppError {
  return error.kind === 'refused' ? invalidField(field, error.message) : new ProviderError('Feed', error.message);
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
