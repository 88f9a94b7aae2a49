/**
 * The rows of `COPY (SELECT <one text column> …) TO STDOUT (FORMAT binary)` as they stream in: each
 * row's value as raw bytes (binary COPY leaves text unescaped, so it goes to a file as it is). Used
 * by exports on PostgreSQL (connect.ts `copyOut`), where paging a result through the query protocol
 * cost more than building it.
 */
export class BinaryCopyRows {
  private pending: Buffer = Buffer.alloc(0);
  private headerRead = false;
  done = false;

  /** The values of the rows completed by `chunk` (null for SQL NULL). */
  push(chunk: Buffer): Array<Buffer | null> {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const rows: Array<Buffer | null> = [];
    let at = 0;
    if (!this.headerRead) {
      if (this.pending.length < 19) return rows;
      if (this.pending.toString('latin1', 0, 6) !== 'PGCOPY') throw new Error('not a binary COPY stream');
      const extension = this.pending.readUInt32BE(15);
      if (this.pending.length < 19 + extension) return rows;
      at = 19 + extension;
      this.headerRead = true;
    }
    while (at + 2 <= this.pending.length) {
      const fields = this.pending.readInt16BE(at);
      if (fields === -1) {
        this.done = true;
        at += 2;
        break;
      }
      if (fields !== 1) throw new Error(`a COPY row of ${fields} columns, one expected`);
      if (at + 6 > this.pending.length) break;
      const length = this.pending.readInt32BE(at + 2);
      if (length < 0) {
        rows.push(null);
        at += 6;
        continue;
      }
      if (at + 6 + length > this.pending.length) break;
      rows.push(this.pending.subarray(at + 6, at + 6 + length));
      at += 6 + length;
    }
    this.pending = this.pending.subarray(at);
    return rows;
  }
}
