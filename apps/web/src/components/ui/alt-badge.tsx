import { cn } from './cn';

/** The ALT mark the networks put on an image that has alt text; decorative (the image's alt says it). */
export function AltBadge({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'rounded bg-slate-950/80 px-1 py-px text-[10px] leading-tight font-bold tracking-wide text-white',
        className,
      )}
    >
      ALT
    </span>
  );
}
