import { Agent, AtpAgent } from '@atproto/api';
import { describe, expect, it } from 'vitest';
import { shareAtprotoLexicons } from './shared-lexicons';

describe('shareAtprotoLexicons', () => {
  it('makes every agent share one Lexicons instead of building its own, and they still know every method', () => {
    expect(shareAtprotoLexicons()).toBe(true);
    const one = new AtpAgent({ service: 'http://127.0.0.1:9' });
    const two = new Agent({ did: 'did:plc:abc', fetchHandler: () => Promise.resolve(new Response('{}')) });
    expect(one.lex).toBe(two.lex);
    expect(one.lex.getDefOrThrow('com.atproto.repo.createRecord').type).toBe('procedure');
    expect(two.lex.getDefOrThrow('app.bsky.feed.post').type).toBe('record');
    // Called again (every Bluesky client calls it), it changes nothing.
    expect(shareAtprotoLexicons()).toBe(true);
    expect(new AtpAgent({ service: 'http://127.0.0.1:9' }).lex).toBe(one.lex);
  });
});
