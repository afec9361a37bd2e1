import { users } from '../../../src/db/schema/accounts';
import { providers } from '../../../src/db/schema/providers';
import { describeNamedCatalog } from '../../support/named-catalog-suite';

describeNamedCatalog({
  title: 'specialities',
  base: '/api/admin/specialities',
  messages: {
    added: 'Speciality added successfully!',
    updated: 'Speciality updated successfully!',
    deleted: 'Speciality Deleted',
    notFound: 'Speciality not found.',
  },
  useIt: async (t, id) => {
    const [account] = await t.db
      .insert(users)
      .values({ name: 'Doctor', email: `doctor-${id}@sehha.test`, password_hash: 'x', role: 'doctor' })
      .returning();
    await t.db.insert(providers).values({ kind: 'doctor', user_id: account!.id, name_ar: 'طبيب', name_en: 'Doctor', speciality_id: id });
    return /used by 1 doctor, department or clinic/;
  },
});
