import { isTicketNumber } from '@fieldbook/domain';

/**
 * Reads a one-call (811) ticket from the plain text a one-call center mails (format: samples/README.md).
 * Lines hold `Label: value` pairs, several on a line when two or more spaces part them; Location and
 * Remarks continue on indented lines; the dig site is a polygon of `lat,lon` pairs (one or more a line)
 * or a point. Every problem is reported, so a refused ticket says all that is wrong at once.
 */

export type TicketGeometry =
  { type: 'Point'; coordinates: [number, number] } | { type: 'Polygon'; coordinates: [Array<[number, number]>] };

export interface ParsedTicket {
  ticketNumber: string;
  ticketType: string;
  revision: string | null;
  membersNotified: string[];
  /** The center's address for positive responses, when the ticket names one. */
  responseTo: string | null;
  /** Every field read, by its property name (what the ticket feature shows). */
  fields: Record<string, string>;
  geometry: TicketGeometry;
}

export type TicketParse = { ok: true; ticket: ParsedTicket } | { ok: false; errors: string[] };

type Kind = 'text' | 'block' | 'date' | 'polygon' | 'point';

/** Field name → its labels (as centers write them) and how its value is read. */
const FIELDS: Array<[string, string[], Kind]> = [
  ['ticket_number', ['Ticket Number', 'Ticket No', 'Ticket #'], 'text'],
  ['update_of', ['Update Of', 'Old Ticket', 'Original Ticket'], 'text'],
  ['ticket_type', ['Ticket Type', 'Notice Type'], 'text'],
  ['revision', ['Revision'], 'text'],
  ['transmitted', ['Transmit Date', 'Transmitted'], 'date'],
  ['work_begin', ['Work Begin', 'Work Date', 'Start Date'], 'date'],
  ['expires', ['Expires', 'Expiration Date'], 'date'],
  ['response_due', ['Response Due'], 'date'],
  ['excavator', ['Excavator', 'Company'], 'text'],
  ['contact', ['Contact', 'Caller'], 'text'],
  ['phone', ['Phone', 'Contact Phone'], 'text'],
  ['excavator_email', ['Excavator Email', 'Contact Email'], 'text'],
  ['done_for', ['Done For'], 'text'],
  ['address', ['Address', 'Street'], 'text'],
  ['city', ['City', 'Place'], 'text'],
  ['county', ['County'], 'text'],
  ['state', ['State'], 'text'],
  ['cross_street', ['Nearest Cross', 'Cross Street'], 'text'],
  ['work_type', ['Work Type', 'Type of Work'], 'text'],
  ['explosives', ['Explosives'], 'text'],
  ['location', ['Location', 'Marking Instructions'], 'block'],
  ['remarks', ['Remarks', 'Comments'], 'block'],
  ['members_notified', ['Members Notified', 'Districts Notified'], 'text'],
  ['response_to', ['Response Address', 'Respond To', 'Response To'], 'text'],
  ['dig_site_polygon', ['Dig Site Polygon', 'Polygon'], 'polygon'],
  ['dig_site_point', ['Dig Site Point', 'Lat/Lon', 'Lat/Long'], 'point'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/#]/g, '\\$&');
const LABEL_OF = new Map<string, [string, Kind]>(
  FIELDS.flatMap(([field, labels, kind]) => labels.map((l) => [l.toLowerCase(), [field, kind]] as const)),
);
/** A label starts a line or follows two spaces (or a tab); longer labels first ("Ticket Type" before "Ticket"). */
const LABEL_RE = new RegExp(
  `(?:^|\\s{2,}|\\t)(${[...LABEL_OF.keys()]
    .sort((a, b) => b.length - a.length)
    .map((l) => escape(l).replace(/ /g, '\\s+'))
    .join('|')})\\s*:`,
  'gi',
);
const PAIR_RE = /^(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/;
const MEMBER_RE = /^[A-Z0-9_]{2,16}$/;
const TYPE_RE = /^[A-Z][A-Z -]{1,31}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LINES = 2000;

/** "03/18/2025 07:00", "03/18/25 7:00 PM" or "03/18/2025" as "2025-03-18 07:00"; null when it is none. */
export function ticketDate(text: string): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?:\s*([AP])M)?)?$/i.exec(text.trim());
  if (!m) return null;
  const [, mo, d, y, h = '0', mi = '00', ampm] = m;
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  let hour = Number(h);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm.toUpperCase() === 'P' ? 12 : 0);
  }
  const date = new Date(Date.UTC(year, Number(mo) - 1, Number(d), hour, Number(mi)));
  if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d) || hour > 23 || Number(mi) > 59)
    return null;
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/** `lat,lon` pairs of a text (spaces or semicolons between pairs) as [lon, lat]; the bad tokens apart. */
function pairsOf(text: string): { points: Array<[number, number]>; bad: string[] } {
  const points: Array<[number, number]> = [];
  const bad: string[] = [];
  const tokens = text
    .replace(/\s*,\s*/g, ',')
    .split(/[\s;]+/)
    .filter(Boolean);
  for (const token of tokens) {
    const m = PAIR_RE.exec(token);
    const lat = Number(m?.[1]);
    const lon = Number(m?.[2]);
    if (!m || Math.abs(lat) > 90 || Math.abs(lon) > 180) bad.push(token);
    else points.push([lon, lat]);
  }
  return { points, bad };
}

/** The `Label: value` pairs of one line, or null when it holds no label. */
function labelled(line: string): Array<[string, Kind, string]> | null {
  const hits = [...line.matchAll(LABEL_RE)];
  if (hits.length === 0 || line.slice(0, hits[0].index).trim() !== '') return null;
  return hits.map((hit, i) => {
    const label = hit[1].replace(/\s+/g, ' ').toLowerCase();
    const [field, kind] = LABEL_OF.get(label)!;
    const end = i + 1 < hits.length ? hits[i + 1].index : line.length;
    return [field, kind, line.slice(hit.index + hit[0].length, end).trim()];
  });
}

interface Reading {
  fields: Record<string, string>;
  polygon: Array<[number, number]>;
  errors: string[];
}

/** Reads the lines into fields, the polygon's points and the problems met. */
function read(lines: string[]): Reading {
  const r: Reading = { fields: {}, polygon: [], errors: [] };
  let open: { field: string; kind: Kind } | null = null;
  const polygonLine = (text: string) => {
    const { points, bad } = pairsOf(text);
    r.polygon.push(...points);
    if (bad.length > 0) r.errors.push(`Dig Site Polygon: "${text.trim()}" is not latitude,longitude pairs`);
  };
  for (const raw of lines) {
    const line = raw.replace(/^(?:>\s?)+/, '').replace(/\s+$/, '');
    if (line.trim() === '') {
      open = null;
      continue;
    }
    const pairs = labelled(line);
    if (!pairs) {
      if (open?.kind === 'polygon') polygonLine(line);
      else if (open?.kind === 'block' && /^\s/.test(line))
        r.fields[open.field] = `${r.fields[open.field]} ${line.trim()}`.trim();
      else if (Object.keys(r.fields).length === 0) r.fields.center = line.trim().split(/\s{2,}/)[0];
      continue;
    }
    open = null;
    for (const [field, kind, value] of pairs) {
      if (kind === 'polygon') {
        open = { field, kind };
        if (value) polygonLine(value);
        continue;
      }
      if (kind === 'block') open = { field, kind };
      if (value) r.fields[field] = value;
    }
  }
  return r;
}

/** The dig site from the reading: a polygon of three or more distinct points (closed here), or a point. */
function geometryOf(r: Reading): TicketGeometry | null {
  if (r.polygon.length > 0) {
    const distinct = new Set(r.polygon.map((p) => p.join(',')));
    if (distinct.size < 3) {
      r.errors.push('Dig Site Polygon needs at least three distinct points');
      return null;
    }
    const ring = [...r.polygon];
    const [first, last] = [ring[0], ring[ring.length - 1]];
    if (first[0] !== last[0] || first[1] !== last[1]) ring.push(first);
    return { type: 'Polygon', coordinates: [ring] };
  }
  const point = r.fields.dig_site_point;
  if (point) {
    const { points, bad } = pairsOf(point);
    if (points.length === 1 && bad.length === 0) return { type: 'Point', coordinates: points[0] };
    r.errors.push(`Dig Site Point: "${point}" is not one latitude,longitude pair`);
    return null;
  }
  r.errors.push('missing the dig site (Dig Site Polygon or Dig Site Point)');
  return null;
}

/** Parses a ticket's text; a refusal lists every problem found. */
export function parseTicket(text: string): TicketParse {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > MAX_LINES) return { ok: false, errors: [`more than ${MAX_LINES} lines: not a ticket`] };
  const r = read(lines);
  const f = r.fields;
  const need = (field: string, label: string) => {
    if (!f[field]) r.errors.push(`missing ${label}`);
  };
  need('ticket_number', 'Ticket Number');
  if (f.ticket_number && !isTicketNumber(f.ticket_number))
    r.errors.push(`Ticket Number "${f.ticket_number}" is not two parts joined by a hyphen (e.g. 250314-00127)`);
  need('ticket_type', 'Ticket Type');
  if (f.ticket_type) {
    f.ticket_type = f.ticket_type.toUpperCase();
    if (!TYPE_RE.test(f.ticket_type)) r.errors.push(`Ticket Type "${f.ticket_type}" is not a ticket type`);
  }
  need('excavator', 'Excavator');
  if (!f.address && !f.location) r.errors.push('missing the work site (Address or Location)');
  for (const [field, , kind] of FIELDS) {
    if (kind !== 'date' || !f[field]) continue;
    const date = ticketDate(f[field]);
    if (date) f[field] = date;
    else r.errors.push(`${field.replace(/_/g, ' ')} "${f[field]}" is not a date (MM/DD/YYYY HH:MM)`);
  }
  const members = (f.members_notified ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean);
  if (members.length === 0) r.errors.push('missing Members Notified (comma-separated member codes)');
  for (const m of members) if (!MEMBER_RE.test(m)) r.errors.push(`member code "${m}" is not a member code`);
  if (f.response_to && !EMAIL_RE.test(f.response_to))
    r.errors.push(`Response Address "${f.response_to}" is not an e-mail address`);
  const geometry = geometryOf(r);
  if (r.errors.length > 0 || !geometry) return { ok: false, errors: r.errors };
  f.members_notified = members.join(',');
  delete f.dig_site_point;
  return {
    ok: true,
    ticket: {
      ticketNumber: f.ticket_number,
      ticketType: f.ticket_type,
      revision: f.revision ?? null,
      membersNotified: members,
      responseTo: f.response_to?.toLowerCase() ?? null,
      fields: f,
      geometry,
    },
  };
}
