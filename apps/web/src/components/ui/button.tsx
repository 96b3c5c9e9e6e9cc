import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export const buttonClasses: Record<Variant, string> = {
  primary:
    'bg-violet-700 text-white hover:bg-violet-600 focus-visible:outline-violet-500 disabled:opacity-60 disabled:hover:bg-violet-700',
  // Off looks off: a disabled secondary, ghost or danger button was drawn as if it worked.
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:opacity-60 disabled:hover:bg-white dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:disabled:hover:bg-slate-900',
  ghost:
    'text-slate-700 hover:bg-slate-200/70 disabled:opacity-60 disabled:hover:bg-transparent dark:text-slate-200 dark:hover:bg-slate-800 dark:disabled:hover:bg-transparent',
  danger: 'bg-red-700 text-white hover:bg-red-600 disabled:opacity-60 disabled:hover:bg-red-700',
};

export const buttonBase =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed';

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={cn(buttonBase, buttonClasses[variant], className)} {...props} />;
}
