import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/page-header';
import { useLanguage } from '../../lib/use-language';
import { CategoriesList } from './categories-list';

/** /{lng}/dashboard/categories */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section data-screen="categories">
      <PageHeader title={t('screens:categories')} breadcrumbs={[{ label: t('screens:home'), to: `/${lng}/dashboard/home` }, { label: t('screens:categories') }]} />
      <CategoriesList />
    </section>
  );
}
