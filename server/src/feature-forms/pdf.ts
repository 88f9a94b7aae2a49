import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { MapExtract } from './pdf-map.js';
import { printedTime, printedValue, type PdfContent } from './pdf-content.js';

const require = createRequire(import.meta.url);
/**
 * DejaVu covers Latin, Greek and Cyrillic; Noto Sans SC the Chinese, Japanese kana and full-width forms
 * that DejaVu lacks (our interface speaks Chinese, so values are typed in it). A text with any of those
 * characters is set in Noto, the rest in DejaVu; pdfkit embeds only the glyphs used.
 */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjk: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  'cjk-bold': require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** The registered font that draws `text`, in regular or bold. */
export const fontFor = (text: string, weight: 'regular' | 'bold') =>
  CJK.test(text) ? (weight === 'bold' ? 'cjk-bold' : 'cjk') : weight;
const INK = '#1f2933';
const MUTED = '#52606d';
const RULE = '#cbd2d9';

type Doc = InstanceType<typeof PDFDocument>;

/** Starts a new portrait page when `height` more points would not fit on this one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom)
    doc.addPage({ size: 'A4', layout: 'portrait', margin: 48 });
}

function heading(doc: Doc, text: string, size: number) {
  room(doc, size * 3);
  doc.moveDown(0.6).font(fontFor(text, 'bold')).fontSize(size).fillColor(INK).text(text, doc.page.margins.left);
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
}

/** Label and value side by side, the value wrapping in its column. */
function rows(doc: Doc, entries: Array<[string, string]>) {
  const left = doc.page.margins.left;
  const labelWidth = 150;
  const valueWidth = doc.page.width - doc.page.margins.right - left - labelWidth - 12;
  doc.fontSize(10);
  for (const [label, value] of entries) {
    const height = Math.max(
      doc.font(fontFor(label, 'bold')).heightOfString(label, { width: labelWidth }),
      doc.font(fontFor(value, 'regular')).heightOfString(value, { width: valueWidth }),
    );
    room(doc, Math.min(height, 200));
    const y = doc.y;
    doc.font(fontFor(label, 'bold')).fillColor(MUTED).text(label, left, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc
      .font(fontFor(value, 'regular'))
      .fillColor(INK)
      .text(value, left + labelWidth + 12, y, { width: valueWidth });
    doc.y = Math.max(doc.y, afterLabel) + 4;
  }
}

/**
 * The PDF of a feature (spec 3 §7): a landscape page with its title and the map extract, then its
 * properties and each form's fields and values.
 */
export function featurePdf(content: PdfContent, map: MapExtract): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: content.title, Subject: content.subtitle, Creator: 'Fieldbook' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);

  doc.font(fontFor(content.title, 'bold')).fontSize(18).fillColor(INK).text(content.title);
  doc.font(fontFor(content.subtitle, 'regular')).fontSize(10).fillColor(MUTED).text(content.subtitle);
  const top = doc.y + 8;
  const width = doc.page.width - 72;
  const height = doc.page.height - top - 36 - 18;
  doc.image(map.png, 36, top, { fit: [width, height], align: 'center' });
  doc
    .font(fontFor(content.layer.name, 'regular'))
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Map: layer ${content.layer.name} around the feature (outlined). Scale bar: ${map.scaleBarMetres} m.`,
      36,
      doc.page.height - 36 - 12,
    );

  doc.addPage({ size: 'A4', layout: 'portrait', margin: 48 });
  heading(doc, 'Properties', 14);
  rows(doc, content.properties);

  heading(doc, 'Forms', 14);
  if (content.records.length === 0) doc.font('regular').fontSize(10).fillColor(MUTED).text('No forms on this feature.');
  for (const record of content.records) {
    heading(doc, record.formName, 12);
    const by = (email: string | null) => (email ? ` by ${email}` : '');
    rows(doc, [
      ['Added', `${printedTime(record.created)}${by(record.createdByEmail)}`],
      ['Modified', `${printedTime(record.modified)}${by(record.modifiedByEmail)}`],
      ...record.data.map((entry): [string, string] => [entry.id, printedValue(entry.value)]),
    ]);
  }
  doc.end();
  return done;
}
