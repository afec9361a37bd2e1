import { globalSearchKinds, type GlobalSearchGroups } from '@sehha/contract/search';
import type { Database } from '../../db/database';
import { globalSearchRepository } from './repository';

export function createGlobalSearchService(db: Database) {
  return {
    /** The hits grouped by kind in the palette's order, each group by name (a stable order for the few hits). */
    async search(term: string): Promise<GlobalSearchGroups> {
      const hits = await globalSearchRepository.search(db, term);
      return globalSearchKinds
        .map((kind) => ({
          kind,
          hits: hits.filter((hit) => hit.kind === kind).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
        }))
        .filter((group) => group.hits.length > 0);
    },
  };
}
