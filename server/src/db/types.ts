import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** A store function runs on the database or inside a caller's transaction alike. */
export type Executor = Kysely<DB> | Transaction<DB>;
