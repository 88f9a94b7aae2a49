/** Escapes text for XML element content and attribute values. */
export const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** An OWS 1.1 ExceptionReport; `version` is the service's (WFS 2.0.0, WMTS 1.0.0). */
export function exceptionReport(code: string, locator: string, text: string, version = '2.0.0'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="${version}">
  <ows:Exception exceptionCode="${xmlEscape(code)}" locator="${xmlEscape(locator)}"><ows:ExceptionText>${xmlEscape(text)}</ows:ExceptionText></ows:Exception>
</ows:ExceptionReport>`;
}

export class OgcError extends Error {
  constructor(
    readonly code: string,
    readonly locator: string,
    message: string,
  ) {
    super(message);
  }
}
