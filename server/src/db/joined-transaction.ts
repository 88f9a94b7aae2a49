import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * A view of an open transaction that service functions can take as their database: its
 * `transaction().execute(fn)` runs `fn` inside the outer transaction instead of opening another.
 * So one request (a WFS-T Transaction of many writes) reuses the services' own checks and writes,
 * and all of them commit or roll back together.
 */
export function joinedTransaction(trx: Transaction<DB>): Kysely<DB> {
  const builder = { execute: <T>(fn: (t: Transaction<DB>) => Promise<T>) => fn(trx), setIsolationLevel: () => builder };
  return new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => builder;
      const value = Reflect.get(target, prop, target);
      // Kysely keeps its state in private fields: methods must run on the real object.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as unknown as Kysely<DB>;
}
