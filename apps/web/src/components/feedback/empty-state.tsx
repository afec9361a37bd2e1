import type { ReactNode } from 'react';

type EmptyStateProps = { message: string; action?: ReactNode; tone?: 'neutral' | 'error' };

export function EmptyState({ message, action, tone = 'neutral' }: EmptyStateProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={`flex flex-col items-center gap-3 px-4 py-10 text-center ${tone === 'error' ? 'text-red-700' : 'text-slate-500'}`}
    >
      <p>{message}</p>
      {action}
    </div>
  );
}
