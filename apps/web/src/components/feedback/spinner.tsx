import { useTranslation } from 'react-i18next';

type SpinnerProps = { label?: string; size?: 'sm' | 'md' | 'lg'; className?: string };

const sizes = { sm: 'size-4 border-2', md: 'size-8 border-4', lg: 'size-12 border-4' };

export function Spinner({ label, size = 'md', className = '' }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 p-4 ${className}`}>
      <span aria-hidden className={`${sizes[size]} animate-spin rounded-full border-teal-600 border-t-transparent`} />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
