import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Keeps the docs true to the tree: a short README, links that lead somewhere, every setting documented.
// Reads files only: no server, no database.
const root = resolve(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const markdownFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => join('docs', path)),
];

/** Markdown without fenced blocks and code spans, where `[x](y)` is text, not a link. */
const prose = (markdown: string) => markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');

/** Relative link targets of a markdown file (images included); external and mail links are left out. */
function relativeLinks(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsOf = (markdown: string) =>
  new Set([...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => headingAnchor(match[1]!)));

/** Names the configuration schema reads: the upper-case keys of its object, e.g. `PORT:`. */
function configVariables(source: string): string[] {
  return [...new Set([...source.matchAll(/^\s+([A-Z][A-Z0-9_]*)\s*:/gm)].map((match) => match[1]!))];
}

describe('the docs', () => {
  it('keep the README within 250 lines', () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it('link only to files (and headings) that exist', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const target of relativeLinks(read(file))) {
        const [path = '', anchor] = target.split('#');
        const resolved = path === '' ? join(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
        const where = `${file} → ${target}`;
        if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (
          anchor &&
          statSync(resolved).isFile() &&
          resolved.endsWith('.md') &&
          !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
        )
          broken.push(`${where} (no heading #${anchor} in ${relative(root, resolved)})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('document every variable the configuration reads', () => {
    const variables = configVariables(read('apps/api/src/config.ts'));
    expect(variables).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'APP_KEY', 'METRICS_TOKEN']));
    const documented = read('docs/configuration.md');
    expect(variables.filter((name) => !documented.includes(`\`${name}\``))).toEqual([]);
  });

  it('name in the README only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...read('README.md').matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect([...new Set(named)].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('the docs checks themselves', () => {
  it('find relative links outside code, and only those', () => {
    const markdown = '[a](docs/a.md) ![s](s.png) [w](https://x.y) [m](mailto:a@b.c) `[c](code.md)`\n```\n[f](fenced.md)\n```\n[h](#top)';
    expect(relativeLinks(markdown)).toEqual(['docs/a.md', 's.png', '#top']);
  });

  it('derive heading anchors as GitHub does', () => {
    expect(headingAnchor('Rotating `APP_KEY`')).toBe('rotating-app_key');
    expect(headingAnchor('Add an app route (planned: the design the next issue implements)')).toBe(
      'add-an-app-route-planned-the-design-the-next-issue-implements',
    );
  });

  it('read the configuration schema’s variables', () => {
    expect(configVariables('  .object({\n    PORT: z.coerce.number(),\n    S3_BUCKET: z.string(),\n    lower: 1,\n')).toEqual([
      'PORT',
      'S3_BUCKET',
    ]);
  });
});
