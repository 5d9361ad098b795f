import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'link';
  isLoading?: boolean;
};

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400',
  link: 'text-brand-600 underline-offset-2 hover:underline disabled:text-slate-400',
} as const;

export function Button({ variant = 'primary', isLoading = false, disabled, children, className = '', type = 'button', ...props }: ButtonProps) {
  const shape = variant === 'link' ? 'px-0 py-0' : 'rounded-md px-4 py-2 shadow-sm';
  return (
    <button
      type={type}
      disabled={disabled || isLoading}
      className={`inline-flex items-center justify-center text-sm font-medium transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed ${shape} ${variants[variant]} ${className}`}
      {...props}
    >
      {isLoading ? 'Loading...' : children}
    </button>
  );
}
