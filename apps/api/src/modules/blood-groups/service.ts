import type { Database } from '../../db/database';
import { bloodGroupRepository } from './repository';

export const createBloodGroupDirectory = (db: Database) => ({
  listActive: () => bloodGroupRepository.listActive(db),
});
