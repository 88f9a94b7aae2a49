/**
 * A streaming reader of the CSV GDAL writes (RFC 4180: `,` between fields, `"` around a field that
 * holds a comma, quote or line break, `""` for a quote inside one, LF between records). Text arrives
 * in pieces of any size (a file still being written is read as it grows); `push` returns the records
 * completed so far and keeps the unfinished one for the next piece.
 */
export class CsvRecords {
  private rest = '';

  /** The complete records of what has arrived so far. */
  push(text: string): string[][] {
    const data = this.rest + text;
    const records: string[][] = [];
    let start = 0;
    // Where the next quote is (-1: none left), found once and not again for every line before it.
    let quote = data.indexOf('"');
    while (start < data.length) {
      const newline = data.indexOf('\n', start);
      if (newline < 0) break;
      if (quote >= 0 && quote < start) quote = data.indexOf('"', start);
      // Most records have no quote at all: split the line as it is.
      if (quote < 0 || quote > newline) {
        records.push(data.slice(start, newline).split(','));
        start = newline + 1;
        continue;
      }
      const quoted = readQuotedRecord(data, start);
      if (!quoted) break;
      records.push(quoted.fields);
      start = quoted.next;
    }
    this.rest = data.slice(start);
    return records;
  }

  /** The last record when the text did not end with a line break. */
  end(): string[][] {
    const last = this.rest;
    this.rest = '';
    if (last === '') return [];
    return this.push(`${last}\n`);
  }
}

/** The end of an unquoted field starting at `i`: the next comma or line break (-1: not arrived yet). */
function fieldEnd(data: string, i: number): number {
  const newline = data.indexOf('\n', i);
  if (newline < 0) return -1;
  const comma = data.indexOf(',', i);
  return comma >= 0 && comma < newline ? comma : newline;
}

/** A quoted field from the quote at `i`: its value and where it ends, or undefined when its end has not arrived. */
function quotedField(data: string, i: number): { value: string; end: number } | undefined {
  let close = data.indexOf('"', i + 1);
  if (close < 0 || close + 1 >= data.length) return undefined;
  // Most quoted fields hold no quote: one slice.
  if (data.charCodeAt(close + 1) !== 0x22) return { value: data.slice(i + 1, close), end: close + 1 };
  let value = '';
  let from = i + 1;
  for (;;) {
    value += data.slice(from, close);
    if (data.charCodeAt(close + 1) !== 0x22) return { value, end: close + 1 };
    value += '"';
    from = close + 2;
    close = data.indexOf('"', from);
    if (close < 0 || close + 1 >= data.length) return undefined;
  }
}

/** One record from `start` with quoted fields, or undefined when its end has not arrived yet. */
function readQuotedRecord(data: string, start: number): { fields: string[]; next: number } | undefined {
  const fields: string[] = [];
  let i = start;
  for (;;) {
    if (data.charCodeAt(i) === 0x22) {
      const quoted = quotedField(data, i);
      if (!quoted) return undefined;
      fields.push(quoted.value);
      i = quoted.end;
      if (i >= data.length) return undefined;
      const after = data.charCodeAt(i);
      if (after !== 0x2c && after !== 0x0a) {
        // Text after a closing quote (not RFC 4180): kept with the field, as GDAL's own reader does.
        const end = fieldEnd(data, i);
        if (end < 0) return undefined;
        fields[fields.length - 1] += data.slice(i, end);
        i = end;
      }
    } else {
      const end = fieldEnd(data, i);
      if (end < 0) return undefined;
      fields.push(data.slice(i, end));
      i = end;
    }
    if (data.charCodeAt(i) === 0x0a) return { fields, next: i + 1 };
    i += 1;
  }
}
