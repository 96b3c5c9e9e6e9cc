import { createRequire } from 'node:module';

/** The generated module of @atproto/api that holds the lexicon documents its clients are built with. */
type LexiconsModule = { schemas: unknown; lexicons: unknown };

const require = createRequire(import.meta.url);

/**
 * Every @atproto/api `Agent` builds a `Lexicons` of its own from all of the package's lexicon
 * documents in its constructor (bluesky-social/atproto#915): milliseconds of CPU per agent, and
 * Plume makes an agent per call on an account (each publish, each read of mentions or metrics).
 * At 10,000 posts a minute that was a third of a publishing worker's CPU. The client keeps a
 * `Lexicons` it is given as it is (`XrpcClient`: `lex instanceof Lexicons ? lex : new Lexicons(lex)`),
 * so the documents the agents are built from are pointed, once per process, at the package's own
 * shared instance of them (read-only: a client only looks definitions up). Answers whether every
 * agent made from now on shares it.
 */
export function shareAtprotoLexicons(): boolean {
  const generated = require('@atproto/api/dist/client/lexicons.js') as LexiconsModule;
  if (generated.schemas !== generated.lexicons && generated.lexicons) generated.schemas = generated.lexicons;
  return generated.schemas === generated.lexicons;
}
