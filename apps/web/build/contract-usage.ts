/**
 * Which of the dashboard's contract modules (`packages/contract/src/<name>.ts?web`) a list can share without zod: those
 * whose exports the dashboard uses declare no schema. Read from the module graph once the build has parsed every
 * module (vite.config.ts, moduleGroups): a module's exports that nobody imports are left out of the bundle
 * (sehha:pure-contract), so only the used ones count.
 */

/** What the build's plugin context gives: the transformed code and imports of a module, and a parser. */
export type ModuleGraph = {
  ids: Iterable<string>;
  info: (id: string) => { code: string | null; importedIds: readonly string[] } | null;
  parse: (code: string) => { body: unknown[] };
};

type Node = { type: string; [key: string]: unknown };
type Binding = { module: string; name: string };
type Module = { declarations: Map<string, Node>; imports: Map<string, Binding>; reexports: Map<string, Binding> };

const contractInstance = /\/packages\/contract\/src\/([\w-]+)\.ts\?web$/;
const zod = 'zod';

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'type' in value;

/** The identifiers a declaration refers to: property names (`a.b`, `{ b: 1 }`) are not references. */
function references(node: Node, into = new Set<string>()): Set<string> {
  if (node.type === 'Identifier') into.add(node['name'] as string);
  for (const [key, value] of Object.entries(node)) {
    if (
      (node.type === 'MemberExpression' && key === 'property' && !node['computed']) ||
      (node.type === 'Property' && key === 'key' && !node['computed'])
    )
      continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) references(child, into);
  }
  return into;
}

/**
 * The dashboard's contract modules (by id) whose exports in use run no zod, and whose imports are such modules too: a
 * chunk that takes one takes its imports with it. The forms and the dialogs that run one import the forms' instance
 * (`?form`), so their schemas do not count here.
 */
export function zodFreeContractModules(graph: ModuleGraph): Set<string> {
  const ids = [...graph.ids];
  const resolve = (importer: string, source: string): string | undefined => {
    const name = source.startsWith('@sehha/contract/')
      ? source.slice('@sehha/contract/'.length)
      : source.startsWith('./')
        ? source.slice(2)
        : undefined;
    if (source === zod) return zod;
    return name === undefined ? undefined : graph.info(importer)?.importedIds.find((id) => contractInstance.exec(id)?.[1] === name);
  };
  const modules = new Map<string, Module>();
  const read = (id: string): Module => {
    const known = modules.get(id);
    if (known) return known;
    const module: Module = { declarations: new Map(), imports: new Map(), reexports: new Map() };
    modules.set(id, module);
    const code = graph.info(id)?.code;
    for (const statement of code ? (graph.parse(code).body as Node[]) : []) {
      if (statement.type === 'ImportDeclaration') {
        const target = resolve(id, (statement['source'] as { value: string }).value);
        if (!target) continue;
        for (const specifier of statement['specifiers'] as Node[]) {
          const local = (specifier['local'] as { name: string }).name;
          const imported = specifier.type === 'ImportSpecifier' ? (specifier['imported'] as { name: string }).name : '*';
          module.imports.set(local, { module: target, name: imported });
        }
        continue;
      }
      if (statement.type === 'ExportNamedDeclaration' && (statement['specifiers'] as Node[]).length) {
        // `export { a as b } from './x'`, or `export { a as b }` of the module's own `a`.
        const target = statement['source'] ? resolve(id, (statement['source'] as { value: string }).value) : id;
        if (!target) continue;
        for (const specifier of statement['specifiers'] as Node[])
          module.reexports.set((specifier['exported'] as { name: string }).name, {
            module: target,
            name: (specifier['local'] as { name: string }).name,
          });
        continue;
      }
      const declaration = statement.type === 'ExportNamedDeclaration' ? (statement['declaration'] as Node | null) : statement;
      if (declaration?.type === 'VariableDeclaration')
        for (const declarator of declaration['declarations'] as Node[])
          module.declarations.set((declarator['id'] as { name: string }).name, declarator);
      else if (declaration?.type === 'FunctionDeclaration')
        module.declarations.set((declaration['id'] as { name: string }).name, declaration);
    }
    return module;
  };

  // A name runs zod when its declaration refers to zod or to a name that does (its own module's or an imported one).
  const runsZod = new Map<string, boolean>();
  const usesZod = ({ module: id, name }: Binding): boolean => {
    if (id === zod) return true;
    const key = `${id}#${name}`;
    const known = runsZod.get(key);
    if (known !== undefined) return known;
    runsZod.set(key, false); // a cycle adds nothing
    const module = read(id);
    const reexport = module.reexports.get(name);
    const declaration = module.declarations.get(name);
    let result = false;
    if (reexport) result = usesZod(reexport);
    // A namespace, or a name the analysis cannot follow (`export default`): assumed to run zod.
    else if (!declaration) result = true;
    else
      for (const reference of references(declaration)) {
        if (reference === name) continue;
        const imported = module.imports.get(reference);
        if (imported ? usesZod(imported) : module.declarations.has(reference) && usesZod({ module: id, name: reference })) {
          result = true;
          break;
        }
      }
    runsZod.set(key, result);
    return result;
  };

  // The names the dashboard uses, and through them the names they take from other contract modules.
  const used = new Map<string, Set<string>>();
  const pending: Binding[] = [];
  const use = (binding: Binding) => {
    if (binding.module === zod) return;
    const names = used.get(binding.module) ?? new Set<string>();
    used.set(binding.module, names);
    if (names.has(binding.name)) return;
    names.add(binding.name);
    pending.push(binding);
  };
  for (const id of ids) {
    if (!id.includes('/apps/web/src/')) continue;
    for (const binding of read(id).imports.values()) if (contractInstance.test(binding.module)) use(binding);
  }
  while (pending.length) {
    const { module: id, name } = pending.pop()!;
    const module = read(id);
    // A namespace import may use any export: each counts.
    if (name === '*')
      for (const exported of [...module.declarations.keys(), ...module.reexports.keys()]) use({ module: id, name: exported });
    const reexport = module.reexports.get(name);
    if (reexport) use(reexport);
    const declaration = module.declarations.get(name);
    if (!declaration) continue;
    for (const reference of references(declaration)) {
      const imported = module.imports.get(reference);
      if (imported) use(imported);
      else if (module.declarations.has(reference)) use({ module: id, name: reference });
    }
  }

  const free = new Set<string>();
  const verdict = new Map<string, boolean>();
  const zodFree = (id: string): boolean => {
    const known = verdict.get(id);
    if (known !== undefined) return known;
    verdict.set(id, true);
    const result =
      [...(used.get(id) ?? [])].every((name) => !usesZod({ module: id, name })) &&
      (graph.info(id)?.importedIds ?? []).filter((target) => contractInstance.test(target)).every(zodFree);
    verdict.set(id, result);
    if (result) free.add(id);
    return result;
  };
  for (const id of ids) if (contractInstance.test(id)) zodFree(id);
  return free;
}
