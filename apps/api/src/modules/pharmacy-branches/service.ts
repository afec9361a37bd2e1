import type { Database } from '../../db/database';
import { childListOf } from '../providers/service';
import { pharmacyBranchRepository as repository } from './repository';

/** A pharmacy's branches; 404 when the id is not a pharmacy. */
export function createPharmacyBranchService(db: Database) {
  return { list: childListOf(db, ['pharmacy'], repository.page) };
}
