import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminRole } from '@sehha/contract/status-codes';
import { specialityPaths } from '@sehha/contract/specialities';
import { licensePaths } from '@sehha/contract/licenses';
import { allowedEntries } from '../app/navigation';
import { meQuery, usePermissions } from './permissions';
import { useCanCall } from './can-call';

/** The hooks with /api/auth/me already answered for this role (or not yet answered). */
function hooksAs(adminRole: AdminRole | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  if (adminRole)
    client.setQueryData(meQuery.queryKey, { data: { id: 1, name: 'A', email: 'a@sehha.test', role: 'admin', admin_role: adminRole } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return {
    canCall: renderHook(() => useCanCall(), { wrapper }).result.current,
    can: renderHook(() => usePermissions(), { wrapper }).result.current,
  };
}

describe('what the dashboard offers a role', () => {
  it('reads the permission of a call from the contract table', () => {
    const viewer = hooksAs('viewer').canCall;
    expect(viewer('GET', specialityPaths.list)).toBe(true);
    expect(viewer('POST', specialityPaths.store)).toBe(false);
    expect(viewer('PATCH', licensePaths.status(':id'))).toBe(false);
    const reviewer = hooksAs('reviewer').canCall;
    expect(reviewer('PATCH', licensePaths.status(':id'))).toBe(true);
    expect(reviewer('DELETE', specialityPaths.destroy(':id'))).toBe(false);
    expect(hooksAs('super_admin').canCall('DELETE', specialityPaths.destroy(':id'))).toBe(true);
    // A call the table does not know is never offered.
    expect(hooksAs('super_admin').canCall('POST', '/api/admin/no-such-call')).toBe(false);
  });

  it('offers nothing before the role is known', () => {
    expect(hooksAs(undefined).canCall('GET', specialityPaths.list)).toBe(false);
  });

  it('lists the Admins entry for super admins only', () => {
    const keys = (role: AdminRole) => allowedEntries(hooksAs(role).can).map((entry) => entry.key);
    expect(keys('super_admin')).toContain('admins');
    expect(keys('reviewer')).not.toContain('admins');
    expect(keys('viewer')).not.toContain('admins');
    expect(keys('viewer')).toContain('auditLog');
  });

  it('lists the Data access entry for super admins only (privacy.manage)', () => {
    const keys = (role: AdminRole) => allowedEntries(hooksAs(role).can).map((entry) => entry.key);
    expect(keys('super_admin')).toContain('accessLog');
    expect(keys('reviewer')).not.toContain('accessLog');
    expect(keys('viewer')).not.toContain('accessLog');
  });
});
