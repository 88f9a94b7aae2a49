import { sql } from 'kysely';
import { searchWords } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';

/** One word of a free-text search, ready to match: its prefix query and the systems and components it names. */
export interface PreparedWord {
  /** A tsquery text: each lexeme PostgreSQL's parser finds in the word, as a prefix; null when it finds none. */
  tsquery: string | null;
  systemIds: string[];
  componentIds: string[];
}

export interface PreparedText {
  words: PreparedWord[];
}

export const NO_TEXT: PreparedText = { words: [] };

/** The text search configuration of the features' search words (migration 021: 'simple' folding accents). */
export const SEARCH_CONFIG = sql`'fieldbook_search'::regconfig`;

/**
 * Free text as the conditions match it: every word must be in the feature. A word is parsed by the same
 * parser that made the features' search words (lower case, accents folded, no stemming), and each of its
 * lexemes matches as a prefix, so "hydr" finds "Hydrant" and "WM-12" finds "WM-1234". A word also
 * matches the features of the systems and components (of the searched dictionaries) whose name holds it:
 * those names live in their own small tables.
 */
export async function prepareText(
  db: Executor,
  search: string | undefined,
  dictionaryIds: readonly string[],
): Promise<PreparedText> {
  const words = searchWords(search);
  if (!words.length) return NO_TEXT;
  const queries = await sql<{ ord: string; q: string | null }>`
    SELECT w.ord, (SELECT string_agg(quote_literal(t.lexeme) || ':*', ' & ' ORDER BY t.lexeme)
                   FROM unnest(to_tsvector(${SEARCH_CONFIG}, w.word)) t) AS q
    FROM unnest(${words}::text[]) WITH ORDINALITY AS w(word, ord)`.execute(db);
  const byOrder = new Map(queries.rows.map((r) => [Number(r.ord), r.q]));
  return {
    words: await Promise.all(
      words.map(async (_, i) => {
        const tsquery = byOrder.get(i + 1) ?? null;
        if (!tsquery || !dictionaryIds.length) return { tsquery, systemIds: [], componentIds: [] };
        const named = await sql<{ kind: 'system' | 'component'; id: string }>`
          SELECT 'system' AS kind, s.id FROM systems s
          WHERE s.dictionary_id = ANY(${dictionaryIds}::uuid[]) AND to_tsvector(${SEARCH_CONFIG}, s.name) @@ ${tsquery}::tsquery
          UNION ALL
          SELECT 'component', c.id FROM components c JOIN systems s ON s.id = c.system_id
          WHERE s.dictionary_id = ANY(${dictionaryIds}::uuid[]) AND to_tsvector(${SEARCH_CONFIG}, c.alias) @@ ${tsquery}::tsquery`.execute(
          db,
        );
        const ids = (kind: string) => named.rows.filter((r) => r.kind === kind).map((r) => r.id);
        return { tsquery, systemIds: ids('system'), componentIds: ids('component') };
      }),
    ),
  };
}
