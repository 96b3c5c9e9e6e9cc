import { overLimitProblems, type Platform, type PostPart, type PublishRequest } from '@plume/core';

/**
 * What a Post button would send: to the chosen platforms that have a connected account, the
 * non-blank parts (more than one is a thread). `missing` are chosen platforms with no account;
 * `problems` say which part is too long where. `body` is null when there is nothing to send.
 */
export function planPost({
  parts,
  chosen,
  connected,
}: {
  parts: PostPart[];
  chosen: Platform[];
  /** Null while the accounts are not known yet: nothing is said to be missing. */
  connected: Platform[] | null;
}): { targets: Platform[]; missing: Platform[]; problems: string[]; body: PublishRequest | null } {
  const cleaned = parts.map((p) => ({ ...p, text: p.text.trim() })).filter((p) => p.text !== '');
  const targets = connected ? chosen.filter((p) => connected.includes(p)) : [];
  const missing = connected ? chosen.filter((p) => !connected.includes(p)) : [];
  const problems = overLimitProblems(cleaned, targets);
  const [first] = cleaned;
  const body =
    first && targets.length > 0 && problems.length === 0
      ? {
          platform: targets.length === 1 ? (targets[0] as Platform) : targets,
          content: first.text,
          // The parts even for one: a part carries more than its text (languages, images, a link card).
          parts: cleaned,
        }
      : null;
  return { targets, missing, problems, body };
}
