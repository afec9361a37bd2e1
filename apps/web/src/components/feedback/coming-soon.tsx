import { useTranslation } from 'react-i18next';
import { PageHeader } from '../layout/page-header';

/**
 * Placeholder for a screen that is not built yet. Each route has its own tiny page file that
 * renders this, so building a screen replaces exactly one file.
 */
export function ComingSoon({ screen }: { screen: string }) {
  const { t } = useTranslation();
  const name = t(`screens:${screen}`);
  return (
    <section data-screen={screen}>
      <PageHeader title={name} />
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {t('comingSoon', { screen: name })}
      </p>
    </section>
  );
}
