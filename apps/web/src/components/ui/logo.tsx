import { Link } from '../../lib/navigation';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Plume home">
      <img src="/favicon.svg" alt="" className="h-8 w-8 shrink-0" />
      {!compact && <span className="text-lg">Plume</span>}
    </Link>
  );
}
