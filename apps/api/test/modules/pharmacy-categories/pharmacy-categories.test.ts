import { users } from '../../../src/db/schema/accounts';
import { medicines, providers } from '../../../src/db/schema/providers';
import { describeNamedCatalog } from '../../support/named-catalog-suite';

describeNamedCatalog({
  title: 'pharmacy categories',
  base: '/api/admin/categories',
  messages: {
    added: 'Category added successfully!',
    updated: 'Category Updated successfully!',
    deleted: 'Category Deleted',
    notFound: 'Category not found.',
  },
  useIt: async (t, id) => {
    const [account] = await t.db
      .insert(users)
      .values({ name: 'Pharmacy', email: `pharmacy-${id}@sehha.test`, password_hash: 'x', role: 'pharmacy' })
      .returning();
    const [pharmacy] = await t.db
      .insert(providers)
      .values({ kind: 'pharmacy', user_id: account!.id, name_ar: 'صيدلية', name_en: 'Pharmacy' })
      .returning();
    await t.db.insert(medicines).values([
      { pharmacy_id: pharmacy!.id, category_id: id, name_ar: 'دواء', name_en: 'Medicine', price: 10 },
      { pharmacy_id: pharmacy!.id, category_id: id, name_ar: 'دواء ٢', name_en: 'Medicine 2', price: 12 },
    ]);
    return /used by 2 medicines/;
  },
});
