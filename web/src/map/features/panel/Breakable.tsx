import { Fragment } from 'react';
import { breakablePieces } from './field-values';

/** A long value with break opportunities at its separators (an e-mail address wraps after '@' or '.'). */
export function Breakable({ text }: { text: string }) {
  return breakablePieces(text).map((piece, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {piece}
    </Fragment>
  ));
}
