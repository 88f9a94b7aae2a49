import { CopyBuffer } from './copy-buffer.js';
import type { FeatureKind, RowReader } from './feature-rows.js';

/** For tests of the row readers: what a reader writes for one item, split into its parts. */
export function written<T>(read: RowReader<T>, item: T) {
  const out = new CopyBuffer();
  let kind: FeatureKind | undefined;
  const badValues = read(item, out, (k) => {
    kind = k;
  });
  if (badValues === undefined) return undefined;
  const [geometry, values] = out.take().toString().split('\t');
  return { kind, geometry, values, badValues };
}
