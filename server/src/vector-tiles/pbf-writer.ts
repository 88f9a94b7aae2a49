/**
 * The few Protocol Buffers writes a Mapbox Vector Tile needs (varints, zigzag, packed varints,
 * doubles, strings, nested messages), into one growing buffer. Written here rather than taken from a
 * package: it is small, and the server then adds no dependency for the embedded database's encoder.
 */

export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;

const utf8 = new TextEncoder();

/** Bytes a varint of a non-negative integer takes. */
function varintLength(n: number): number {
  let bytes = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 0x80);
    bytes++;
  }
  return bytes;
}

export class PbfWriter {
  private buf: Uint8Array;
  private view: DataView;
  pos = 0;

  constructor(initialSize = 16 * 1024) {
    this.buf = new Uint8Array(initialSize);
    this.view = new DataView(this.buf.buffer);
  }

  private ensure(more: number): void {
    if (this.pos + more <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + more) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** A non-negative integer up to 2^53 (feature ids are bigint keys, far below that). */
  varint(n: number): void {
    this.ensure(10);
    if (n < 0 || !Number.isSafeInteger(n)) throw new RangeError(`varint out of range: ${n}`);
    while (n >= 0x80) {
      this.buf[this.pos++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.pos++] = n;
  }

  /** Zigzag-encoded signed integer (sint32/sint64 and MVT geometry parameters). */
  svarint(n: number): void {
    this.varint(zigzag(n));
  }

  tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }

  double(n: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, n, true);
    this.pos += 8;
  }

  bytes(field: number, data: Uint8Array): void {
    this.tag(field, WIRE_BYTES);
    this.varint(data.length);
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  /** Bytes written as they are: an already encoded field (a layer's features). */
  raw(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  string(field: number, s: string): void {
    this.bytes(field, utf8.encode(s));
  }

  /**
   * A length-delimited field whose content `write` produces in place: one byte is reserved for the
   * length, and the content is moved along when its length needs more (as pbf does).
   */
  message(field: number, write: () => void): void {
    this.tag(field, WIRE_BYTES);
    this.ensure(1);
    const start = ++this.pos;
    write();
    const length = this.pos - start;
    const extra = varintLength(length) - 1;
    if (extra > 0) {
      this.ensure(extra);
      this.buf.copyWithin(start + extra, start, this.pos);
      this.pos += extra;
    }
    const end = this.pos;
    this.pos = start - 1;
    this.varint(length);
    this.pos = end;
  }

  /** A packed repeated uint32 field. */
  packed(field: number, values: ArrayLike<number>): void {
    if (values.length === 0) return;
    this.message(field, () => {
      for (let i = 0; i < values.length; i++) this.varint(values[i]);
    });
  }

  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

/** Zigzag: 0, -1, 1, -2 … → 0, 1, 2, 3 …; exact for the 32-bit tile coordinates MVT uses. */
export const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
