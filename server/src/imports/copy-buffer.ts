/**
 * The bytes of a COPY (text format) built in place: feature rows are written straight into one
 * growing buffer, with no string per row to build, join and encode again (a million rows made that
 * the import's slowest part). `take` hands the rows over for the COPY and starts a new chunk.
 */
export class CopyBuffer {
  private buffer = Buffer.allocUnsafe(16 << 20);
  private at = 0;
  /** Rows written since the last `take`. */
  rows = 0;

  get length() {
    return this.at;
  }

  private room(bytes: number) {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  /** Text as UTF-8, as it is (the caller escapes what COPY must not see raw). */
  text(text: string) {
    this.room(text.length * 3);
    this.at += this.buffer.write(text, this.at);
  }

  /** Text of a field that may hold a backslash, tab or line break, escaped for COPY. */
  escaped(text: string) {
    this.text(/[\\\t\n\r]/.test(text) ? copyEscape(text) : text);
  }

  byte(code: number) {
    this.room(1);
    this.buffer[this.at++] = code;
  }

  bytes(source: Buffer) {
    this.room(source.length);
    source.copy(this.buffer, this.at);
    this.at += source.length;
  }

  /** Bytes `start` to `end` of `source` as hex digits. */
  hex(source: Buffer, start: number, end: number) {
    this.room(2 * (end - start));
    for (let i = start; i < end; i++) {
      const b = source[i]!;
      this.buffer[this.at++] = HEX[b >> 4]!;
      this.buffer[this.at++] = HEX[b & 15]!;
    }
  }

  /** Ends a row (a line break) and counts it. */
  endRow() {
    this.byte(0x0a);
    this.rows += 1;
  }

  /** The rows written so far, as a buffer of their own; the next rows start a new chunk. */
  take(): Buffer {
    const out = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    this.rows = 0;
    return out;
  }
}

const HEX = Buffer.from('0123456789abcdef');

/** A text as a field of PostgreSQL's COPY text format (backslash, tab and line breaks escaped). */
export function copyEscape(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
}
