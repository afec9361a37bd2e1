import { describe, expect, it } from 'vitest';
import core from '../i18n/bundles/en';
import dashboard from '../i18n/bundles/en-dashboard';
import screens from '../i18n/bundles/en-screens';
import type { Messages } from '../i18n/namespaces';
import { textKeys } from '../components/resource/resource';
import { catalogs, registry } from './registry';

const en = { ...core, ...dashboard, ...screens };

/** Whether the English bundles hold `ns:path.key` (plural keys count by their base). */
function exists(key: string): boolean {
  const [namespace, path] = key.split(':') as [string, string];
  let node: Messages | string | undefined = en[namespace];
  const parts = path.split('.');
  for (const [index, part] of parts.entries()) {
    if (typeof node !== 'object') return false;
    node = index === parts.length - 1 ? (node[part] ?? node[`${part}_other`]) : node[part];
  }
  return typeof node === 'string';
}

describe('resource registry', () => {
  it('gives every resource its own name, query key and routes', () => {
    const names = Object.values(registry).map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
    const forms = Object.values(registry).map((resource) => resource.routes.form);
    expect(new Set(forms).size).toBe(forms.length);
  });

  it.each(Object.entries(catalogs))('%s has the texts its list and form show', (_name, resource) => {
    const needed = [
      'listTitle',
      'addTitle',
      'editTitle',
      'submitAdd',
      'submitUpdate',
      'empty',
      'fetchError',
      'added',
      'updated',
      'deleted',
      'addButton',
    ];
    if (resource.list.search !== false) needed.push('searchPlaceholder');
    if (resource.paths.show) needed.push('loadOneError');
    if (resource.actions.includes('toggle')) needed.push('status', 'toggleStatus', 'statusUpdated');
    const missing = needed.filter((key) => !textKeys(resource.texts, key).some(exists));
    expect(missing).toEqual([]);
  });
});
