import { X_NOT_CONFIGURED } from '@plume/core';
import { PlatformError } from '../../integrations/platform';
import { toXError, type XApi } from '../../integrations/x/x-api';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { XConnectService } from '../accounts/x-connect.service';
import type { PlatformPublisher } from './publisher';

/**
 * Posts to X as the persona's connected account: one post, or a thread as a reply chain. A
 * retry after a refreshed token goes on from the last part that went out, so no part is posted
 * twice; a failure reports the parts already posted.
 */
export function createXPublisher(deps: {
  xApi: XApi | undefined;
  xConnect: XConnectService;
  accounts: Pick<AccountsRepository, 'find'>;
}): PlatformPublisher {
  const { xApi, xConnect, accounts } = deps;
  return {
    async publish(personaId, parts, replyTo) {
      if (!xApi) throw new PlatformError(X_NOT_CONFIGURED, 'rejected');
      const posted: string[] = [];
      let sent = false;
      try {
        await xConnect.withXToken(personaId, async (accessToken) => {
          sent = true;
          try {
            const ids = await xApi.postThread(accessToken, parts.slice(posted.length), {
              inReplyTo: posted.at(-1) ?? replyTo?.parent.id,
            });
            posted.push(...ids);
          } catch (error) {
            posted.push(...(toXError(error).details.postedIds ?? []));
            throw error;
          }
        });
      } catch (error) {
        if (!(error instanceof PlatformError) && !sent) {
          // Failed on our side before anything went to X (the database, sealed tokens): nothing was posted.
          throw new PlatformError(error instanceof Error ? error.message : String(error), 'rejected', {
            postedIds: [],
          });
        }
        const failure = toXError(error);
        throw new PlatformError(failure.message, failure.kind, { ...failure.details, postedIds: [...posted] });
      }
      // Posted is posted: failing to read the username only leaves the link out.
      const account = await accounts.find(personaId, 'x').catch(() => undefined);
      const first = posted[0];
      return {
        externalIds: posted,
        url: account && first ? `https://x.com/${account.username}/status/${first}` : null,
      };
    },
  };
}
