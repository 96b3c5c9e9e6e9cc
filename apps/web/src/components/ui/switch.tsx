import { Switch as RadixSwitch } from 'radix-ui';

export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled,
  describedBy,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  label: string;
  disabled?: boolean;
  /** The id of a hint that says more about the setting. */
  describedBy?: string;
}) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      aria-describedby={describedBy}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-transparent bg-slate-400 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:opacity-60 data-[state=checked]:bg-emerald-600 dark:bg-slate-600 dark:data-[state=checked]:bg-emerald-600"
    >
      <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
    </RadixSwitch.Root>
  );
}
