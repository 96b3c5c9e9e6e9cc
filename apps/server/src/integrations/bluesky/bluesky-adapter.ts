import type { Agent } from '@atproto/api';
import {
  AuthorizationError,
  type CredentialStore,
  type PlatformAccount,
  type PlatformAdapter,
  PlatformError,
} from '../platform';
import { type BlueskyClient, toBlueskyError } from './bluesky';

/** How many posts above a mention a reply reads for its context. */
const THREAD_HEIGHT = 5;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Bluesky as a platform (integrations/platform.ts), over its client (bluesky.ts): every call on a
 * connection gets an agent for it (an OAuth session, or the app-password session resumed under
 * the credential store's lock), and fails as a PlatformError; an expired or revoked connection is
 * marked for a reconnect by the credential store, as on every network.
 */
export function createBlueskyAdapter(deps: { client: BlueskyClient; credentials: CredentialStore }): PlatformAdapter {
  const { client, credentials } = deps;

  /** One call on the account with an agent for it. */
  const call = <T>(account: PlatformAccount, work: (agent: Agent) => Promise<T>): Promise<T> =>
    credentials.guard(account, () =>
      client.withAgent(account, work).catch((error: unknown) => Promise.reject(toBlueskyError(error))),
    );

  return {
    platform: 'bluesky',

    connect: {
      unavailable: null,
      callbackHasSession: !client.loopback,
      clientMetadata: client.clientMetadata,

      async authorize({ appState, handle }) {
        if (!handle) throw new PlatformError('A Bluesky handle is needed to find its server', 'rejected');
        return (await client.authorizeUrl(handle, appState)).toString();
      },

      pendingAppState: (state) => client.peekAppState(state),

      async finishAuthorization(params) {
        let done: { did: string; appState: string | null };
        try {
          done = await client.completeAuthorization(params);
        } catch (error) {
          // The OAuth client's callback errors carry our state, even when the user said no at the server.
          const state = (error as { state?: unknown }).state;
          throw new AuthorizationError(messageOf(error), typeof state === 'string' ? state : null);
        }
        const did = done.did;
        return {
          appState: done.appState,
          grant: {
            // The OAuth client keeps the session (by DID); the connection holds nothing of it.
            seal: () => null,
            profile: () =>
              client
                .withAgent({ id: '', externalId: did, authMethod: 'oauth' }, (agent) => client.readProfile(agent, did))
                .catch((error: unknown) => Promise.reject(toBlueskyError(error))),
          },
        };
      },

      async signIn({ identifier, password, service }) {
        let signedIn: Awaited<ReturnType<BlueskyClient['loginWithAppPassword']>>;
        try {
          signedIn = await client.loginWithAppPassword(identifier, password, service);
        } catch (error) {
          // The server's own words and status: a refused password is the user's to fix.
          const given = (error as { status?: unknown }).status;
          const status = typeof given === 'number' && given >= 100 ? given : undefined;
          const kind = status === 429 ? 'rate_limited' : status && status < 500 ? 'rejected' : 'unknown';
          throw new PlatformError(messageOf(error), kind, status ? { status } : {});
        }
        return {
          externalId: signedIn.session.did,
          username: signedIn.session.handle,
          seal: () => client.sealAppPassword(signedIn),
        };
      },

      profile: (account) => call(account, (agent) => client.readProfile(agent, account.externalId)),
    },

    /**
     * An OAuth session no other persona shares is revoked at its server; an app-password session
     * Plume holds is ended there (deleteSession); the app password itself is the user's to revoke.
     */
    async revoke(account) {
      if (account.authMethod !== 'oauth') {
        if (account.credentials) await client.endAppPasswordSession(account.credentials);
        return;
      }
      if ((await client.connectionsTo(account.externalId)) > 0) return;
      await client.revokeOAuth(account.externalId);
    },

    publish: (account, parts, replyTo, options) =>
      call(account, (agent) => client.postThread(agent, account.username, parts, replyTo, options)),

    setAutomatedLabel: (account, on) =>
      call(account, (agent) => client.setAutomatedLabel(agent, account.externalId, on)),

    findRecentPost: (account, text, since) =>
      call(account, (agent) => client.findRecentPost(agent, account.externalId, account.username, text, since)),

    readMetrics: (account, options) =>
      call(account, (agent) => client.readMetrics(agent, account.externalId, account.username, options)),

    readPosts: (account, ids) => call(account, (agent) => client.readPosts(agent, ids, account.username)),

    readMentions: (account, options) => call(account, (agent) => client.readMentions(agent, options)),

    threadAbove: (account, postId) => call(account, (agent) => client.readThreadAbove(agent, postId, THREAD_HEIGHT)),

    engagement: {
      authorPosts: (account, actor, limit) => call(account, (agent) => client.authorPosts(agent, actor, limit)),
      posts: (account, ids) => call(account, (agent) => client.candidatePosts(agent, ids)),
      followers: (account, limit) => call(account, (agent) => client.followers(agent, account.externalId, limit)),
      profiles: (account, ids) => call(account, (agent) => client.profiles(agent, ids)),
      like: (account, post) => call(account, (agent) => client.like(agent, post)),
      repost: (account, post) => call(account, (agent) => client.repost(agent, post)),
      follow: (account, id) => call(account, (agent) => client.follow(agent, id)),
      undo: (account, recordId) => call(account, (agent) => client.deleteRecord(agent, recordId)),
    },
  };
}
