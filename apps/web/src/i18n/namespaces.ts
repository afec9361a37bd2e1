export type Messages = { [key: string]: string | Messages };

/**
 * Every file `i18n/<lng>/<namespace>.ts` is a namespace, found automatically by the language's bundle
 * (bundles/<lng>.ts): a new area adds `en/<area>.ts` and `ar/<area>.ts` and touches nothing else.
 */
export function collectNamespaces(files: Record<string, { default: Messages }>): Record<string, Messages> {
  const namespaces: Record<string, Messages> = {};
  for (const [file, module] of Object.entries(files)) {
    const name = /\/([\w-]+)\.ts$/.exec(file)?.[1];
    if (name) namespaces[name] = module.default;
  }
  return namespaces;
}
