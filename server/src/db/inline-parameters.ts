/**
 * A compiled query with its parameters written in as SQL literals. COPY takes no bind parameters, and
 * an export streams its rows through `COPY (SELECT …) TO STDOUT` (db/connect.ts `copyOut`), so the
 * values of its query (a layer id, a search's text) go into the statement itself: strings as escape
 * string literals (E'…', backslash and quote escaped, whatever standard_conforming_strings says),
 * numbers as numbers, booleans and null as keywords. Anything else is refused.
 */
export function inlineParameters(sql: string, parameters: readonly unknown[]): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    // A quoted string or identifier is copied as it is: a `$1` inside it is text, not a parameter.
    if (c === "'" || c === '"') {
      const escapes = c === "'" && (sql[i - 1] === 'E' || sql[i - 1] === 'e');
      let j = i + 1;
      for (; j < sql.length; j++) {
        if (escapes && sql[j] === '\\') j++;
        else if (sql[j] === c) {
          if (sql[j + 1] === c) j++;
          else break;
        }
      }
      if (j >= sql.length) throw new Error('an unterminated quote in a query');
      out += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const parameter = c === '$' ? /^\$(\d+)/.exec(sql.slice(i, i + 12)) : null;
    if (parameter) {
      const index = Number(parameter[1]) - 1;
      if (index < 0 || index >= parameters.length) throw new Error(`no value for parameter $${index + 1}`);
      out += literal(parameters[index]);
      i += parameter[0].length;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('a query parameter is not a finite number');
    // In parentheses, so `a -$1` with -1 cannot become the comment `a --1`.
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : value.toString();
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a query parameter holds a NUL character');
    return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  }
  throw new Error(`a query parameter of type ${typeof value} cannot be written as a literal`);
}
