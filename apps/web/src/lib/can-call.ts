import { useCallback } from 'react';
import { routePermission } from '@sehha/contract/route-permissions';
import { usePermissions } from './permissions';

// Apart from lib/permissions.ts so that the route table is downloaded by the screens that act, not by the shell.

/**
 * Whether the admin's role may make a call, by the permission the API's route declares (method and path
 * with `:params`, e.g. `('POST', userPaths.deactivate(':id'))`): one table decides both sides.
 */
export function useCanCall(): (method: string, pathTemplate: string) => boolean {
  const can = usePermissions();
  return useCallback(
    (method, pathTemplate) => {
      const permission = routePermission(`${method} ${pathTemplate}`);
      return permission !== undefined && can(permission);
    },
    [can],
  );
}
