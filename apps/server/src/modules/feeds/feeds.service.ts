import { BadRequestError, ProviderError } from '../../errors';
import type { FeedsAdapter, SourceType } from '../../integrations/feeds/feeds';
import { FetchRefusedError } from '../../integrations/feeds/safe-fetch';

export function createFeedsService(feeds: FeedsAdapter) {
  return {
    /** The latest titles of a source; a refused address is the caller's error, a failing site is the provider's. */
    async titles(source: { type: SourceType; url: string }): Promise<string[]> {
      try {
        return (await feeds.latest(source)).map((item) => item.title);
      } catch (error) {
        if (!(error instanceof FetchRefusedError)) throw error;
        if (error.kind === 'refused') throw new BadRequestError(`query.url: ${error.message}`);
        throw new ProviderError('Feed', error.message);
      }
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
