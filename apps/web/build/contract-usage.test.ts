import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { zodFreeContractModules } from './contract-usage';

const contract = (name: string) => `/repo/packages/contract/src/${name}.ts?web`;
const zodId = '/repo/node_modules/zod/index.js';

/** Two contract modules (the dashboard's instance) as the build sees them after TypeScript: types gone. */
const contractModules: Record<string, { code: string; importedIds: string[] }> = {
  [contract('status')]: {
    code: `import { z } from 'zod';
export const statuses = ['pending', 'approved'];
export const statusSchema = z.enum(statuses);
export const statusPaths = { list: '/api/statuses' };`,
    importedIds: [zodId],
  },
  [contract('users')]: {
    code: `import { z } from 'zod';
import { statusSchema, statuses } from './status';
export const userPaths = { list: '/api/users', statuses, deactivate: (id) => '/api/users/' + id };
export const userSchema = z.object({ status: statusSchema });
export const userRow = userSchema.extend({});
const check = () => statusSchema;
export const userChecks = { check };
const paths = userPaths;
export { paths as allPaths };
export { statusSchema as userStatus } from './status';`,
    importedIds: [zodId, contract('status')],
  },
};

/** The contract modules found zod-free when the dashboard's one module imports `names` from users.ts. */
function freeWhenUsing(importLine: string): string[] {
  const modules: Record<string, { code: string; importedIds: string[] }> = {
    ...contractModules,
    '/repo/apps/web/src/list.tsx': { code: `${importLine}\nexport const used = 1;`, importedIds: [contract('users')] },
  };
  const free = zodFreeContractModules({
    ids: Object.keys(modules),
    info: (id) => modules[id] ?? null,
    parse: (code) => parseAst(code) as unknown as { body: unknown[] },
  });
  return [...free].map((id) => /src\/([\w-]+)\.ts/.exec(id)![1]!).sort();
}

describe('zodFreeContractModules', () => {
  it('finds a module zod-free when the exports in use are constants and paths, through the modules they refer to', () => {
    expect(freeWhenUsing(`import { userPaths } from '@sehha/contract/users';`)).toEqual(['status', 'users']);
    expect(freeWhenUsing(`import { allPaths } from '@sehha/contract/users';`)).toEqual(['status', 'users']);
  });

  it('keeps out a module whose export in use is a schema, and the module whose schema it is built from', () => {
    expect(freeWhenUsing(`import { userSchema } from '@sehha/contract/users';`)).toEqual([]);
    // Built from a schema of the same module, not from zod directly.
    expect(freeWhenUsing(`import { userRow } from '@sehha/contract/users';`)).toEqual([]);
  });

  it('follows a local helper, a re-export and a namespace import to the schema behind them', () => {
    expect(freeWhenUsing(`import { userChecks } from '@sehha/contract/users';`)).toEqual([]);
    expect(freeWhenUsing(`import { userStatus } from '@sehha/contract/users';`)).toEqual([]);
    expect(freeWhenUsing(`import * as users from '@sehha/contract/users';`)).toEqual([]);
  });

  it('a module that imports one holding a schema in use stays out too (a chunk takes its imports with it)', () => {
    const modules: Record<string, { code: string; importedIds: string[] }> = {
      ...contractModules,
      '/repo/apps/web/src/list.tsx': { code: `import { userPaths } from '@sehha/contract/users';`, importedIds: [contract('users')] },
      '/repo/apps/web/src/dialog.tsx': {
        code: `import { statusSchema } from '@sehha/contract/status';`,
        importedIds: [contract('status')],
      },
    };
    const free = zodFreeContractModules({
      ids: Object.keys(modules),
      info: (id) => modules[id] ?? null,
      parse: (code) => parseAst(code) as unknown as { body: unknown[] },
    });
    expect([...free]).toEqual([]);
  });
});
