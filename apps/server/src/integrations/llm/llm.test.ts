import { describe, expect, it } from 'vitest';
import { createLlmClient } from './llm';

const call = { system: 's', prompt: 'p', temperature: 0.5, maxOutputTokens: 10 };

describe('a model at a user-entered base URL', () => {
  it('is never reached on a private or loopback address, by literal or by name', async () => {
    for (const baseUrl of ['http://127.0.0.1:11434/v1', 'http://localhost:11434/v1', 'http://[::1]:11434/v1']) {
      const client = createLlmClient(
        { provider: 'custom', baseUrl, model: 'm', apiKey: undefined },
        { timeoutMs: 5000, reach: 'public' },
      );
      await expect(client.generate(call), baseUrl).rejects.toThrow(/private or local network/);
      const pieces = async () => {
        for await (const _ of client.stream(call)) {
          // nothing arrives
        }
      };
      await expect(pieces(), baseUrl).rejects.toThrow(/private or local network/);
    }
  });
});
