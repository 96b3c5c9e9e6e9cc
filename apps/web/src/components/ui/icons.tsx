import type { SVGProps } from 'react';

function Icon({ d, ...props }: SVGProps<SVGSVGElement> & { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-5 w-5 shrink-0"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

export const HomeIcon = () => <Icon d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />;
export const MoonIcon = () => <Icon d="M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10z" />;
export const SunIcon = () => (
  <Icon d="M12 4V2m0 20v-2m8-8h2M2 12h2m13.7-5.7 1.4-1.4M4.9 19.1l1.4-1.4m0-11.4L4.9 4.9m14.2 14.2-1.4-1.4M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8z" />
);
export const HelpIcon = () => (
  <Icon d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm-2.5-13a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3h.01" />
);
export const SignOutIcon = () => <Icon d="M15 17l5-5-5-5m5 5H9m4 9H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h8" />;
export const UserIcon = () => <Icon d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0" />;
export const SettingsIcon = () => <Icon d="M4 6h10m4 0h2M4 12h4m4 0h8M4 18h12m4 0h0M16 4v4M10 10v4M18 16v4" />;
export const MenuIcon = () => <Icon d="M4 6h16M4 12h16M4 18h16" />;
export const CloseIcon = () => <Icon d="M6 6l12 12M18 6L6 18" />;
export const PlusIcon = () => <Icon d="M12 5v14M5 12h14" />;
export const RerollIcon = () => (
  <Icon d="M20 11a8 8 0 0 0-14.9-4M4 4v4h4m-4 5a8 8 0 0 0 14.9 4M20 20v-4h-4" className="h-4 w-4 shrink-0" />
);
export const CalendarIcon = () => (
  <Icon d="M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
);
export const ChartIcon = () => <Icon d="M4 20h16M7 16v-5m5 5V7m5 9v-8" />;
export const ReviewIcon = () => (
  <Icon d="M9 11l2 2 4-4M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z" />
);
export const BellIcon = () => <Icon d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15zm4 4a2 2 0 0 0 4 0" />;
export const TagIcon = () => <Icon d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9zm5-4.5a1 1 0 1 0 0 .01" />;
export const CardIcon = () => (
  <Icon d="M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zm0 3h18M7 15h3" />
);
export const TeamIcon = () => (
  <Icon d="M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm-6 9a6 6 0 0 1 12 0m1-9a3 3 0 1 0 0-6m2 15h3a5 5 0 0 0-4-5" />
);
export const ChevronsIcon = () => <Icon d="M8 9l4-4 4 4M8 15l4 4 4-4" />;
export const CheckIcon = () => <Icon d="M5 12l5 5L20 7" />;
