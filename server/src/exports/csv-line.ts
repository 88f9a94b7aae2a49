/** A CSV cell: quoted when it holds a quote, comma or line break (RFC 4180). */
export const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One CSV record with its CRLF line end (RFC 4180). */
export const csvLine = (values: Array<string | number>) => values.map(csvCell).join(',') + '\r\n';
