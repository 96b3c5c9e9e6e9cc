/**
 * An Ollama server on this machine (decision 037): the models it has (`GET /api/tags`). Its
 * OpenAI-compatible API (`/v1`) is then used as any custom provider. The address is the server's
 * own configuration (OLLAMA_URL), never a user's.
 */
export type OllamaModel = { name: string; size: number | null; parameterSize: string | null };

/** Why no list came back: nothing answered, or something that is not Ollama did. */
export class OllamaUnavailableError extends Error {}

type Tags = { models?: { name?: unknown; model?: unknown; size?: unknown; details?: { parameter_size?: unknown } }[] };

export async function listOllamaModels(url: string, options: { timeoutMs: number }): Promise<OllamaModel[]> {
  let response: Response;
  try {
    response = await fetch(`${url}/api/tags`, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
  } catch {
    throw new OllamaUnavailableError(`No Ollama server answered at ${url}`);
  }
  if (!response.ok) throw new OllamaUnavailableError(`${url} answered HTTP ${response.status}, not a list of models`);
  let body: Tags;
  try {
    body = (await response.json()) as Tags;
  } catch {
    throw new OllamaUnavailableError(`${url} answered something that is not Ollama's list of models`);
  }
  if (!Array.isArray(body.models)) {
    throw new OllamaUnavailableError(`${url} answered something that is not Ollama's list of models`);
  }
  return body.models.flatMap((m) => {
    const name = typeof m.name === 'string' ? m.name : typeof m.model === 'string' ? m.model : '';
    if (!name) return [];
    return [
      {
        name,
        size: typeof m.size === 'number' ? m.size : null,
        parameterSize: typeof m.details?.parameter_size === 'string' ? m.details.parameter_size : null,
      },
    ];
  });
}
