import { describe, expect, it } from 'vitest';
import { accountRoles } from './status-codes';
import { changeRequestRoleLabels, labelsIn, roleLabels, roleLabelsPlural } from './role-labels';

describe('role labels', () => {
  it('names every account role, singular and plural', () => {
    expect(Object.keys(roleLabels).sort()).toEqual([...accountRoles].sort());
    expect(Object.keys(roleLabelsPlural).sort()).toEqual([...accountRoles].sort());
  });

  it("keeps the spec's wording in the change requests table: Medical Institute, the five roles, N/A for the rest", () => {
    expect(changeRequestRoleLabels.hospital.en).toBe('Medical Institute');
    expect(changeRequestRoleLabels.other.en).toBe('N/A');
    expect(Object.keys(changeRequestRoleLabels).sort()).toEqual(['company', 'doctor', 'hospital', 'other', 'pharmacy', 'user']);
    // Nothing else differs from the one label per role.
    for (const role of ['doctor', 'user', 'pharmacy', 'company'] as const) expect(changeRequestRoleLabels[role]).toEqual(roleLabels[role]);
    expect(roleLabels.hospital.en).toBe('Medical Institution');
  });

  it('gives one language of a catalog as an i18n namespace holds it', () => {
    expect(labelsIn(roleLabels, 'ar').medical_center).toBe('مركز طبي');
    expect(labelsIn(changeRequestRoleLabels, 'en')).toMatchObject({ hospital: 'Medical Institute', other: 'N/A' });
  });
});
