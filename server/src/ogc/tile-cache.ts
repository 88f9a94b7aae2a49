/**
 * Rendered map images, least recently used out first, bounded by total bytes. Keys carry every input
 * of the image (layers with their data versions, style and dictionary versions, frame, size), so an
 * entry never goes stale: a feature write bumps the layer's data version and later requests miss.
 */
export class TileCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): Buffer | undefined {
    const png = this.entries.get(key);
    if (!png) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    this.entries.delete(key);
    this.entries.set(key, png);
    return png;
  }

  set(key: string, png: Buffer): void {
    if (png.length > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, png);
    this.bytes += png.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
  }

  /** Drops the entries whose key matches (a project's layers on DELETE /rest/projects/{id}/geo); returns how many. */
  deleteWhere(matches: (key: string) => boolean): number {
    let n = 0;
    for (const [k, v] of this.entries) {
      if (!matches(k)) continue;
      this.entries.delete(k);
      this.bytes -= v.length;
      n++;
    }
    return n;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** One cache per server process; the benchmark clears it to measure cold renders. */
export const tileCache = new TileCache();
