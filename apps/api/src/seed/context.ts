import type { Database } from '../db/database';
import type { Clock } from './clock';
import type { EmailBook } from './email-book';
import type { Uploads } from './files/uploads';

/** What every domain seeder receives. */
export type SeedContext = {
  db: Database;
  clock: Clock;
  uploads: Uploads;
  /** Hands out e-mail addresses unique across every demo account. */
  emails: EmailBook;
  /** The admin who "decided" past requests and reviews, if one exists before seeding (the server creates it first). */
  adminId: number | null;
  /** One argon2 hash of a random, discarded password, shared by every demo account. */
  passwordHash: string;
};
