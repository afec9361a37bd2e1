import type { Database } from '../../db/database';
import { childListOf } from '../providers/service';
import { medicineRepository as repository } from './repository';

/** A pharmacy's medicines; 404 when the id is not a pharmacy. */
export function createMedicineService(db: Database) {
  return { list: childListOf(db, ['pharmacy'], repository.page) };
}
