import { avatarOf } from '@plume/core';
import { cn } from './cn';

/** A persona's emoji, or the first letter of its name, in a circle. Decorative: the name is always beside it. */
export function PersonaAvatar({
  persona,
  className,
}: {
  persona: { name: string; avatar: string };
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-violet-100 text-lg font-semibold text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
        className,
      )}
    >
      {avatarOf(persona)}
    </span>
  );
}
