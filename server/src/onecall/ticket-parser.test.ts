import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTicket, ticketDate, type ParsedTicket } from './ticket-parser.js';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');
const parsed = (text: string): ParsedTicket => {
  const result = parseTicket(text);
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.ticket;
};
const refusal = (text: string): string[] => {
  const result = parseTicket(text);
  if (result.ok) throw new Error('the ticket was accepted');
  return result.errors;
};

describe('one-call ticket parser (samples/README.md)', () => {
  it('reads a normal ticket: fields side by side, a location over two lines, a polygon over several', () => {
    const t = parsed(sample('normal-polygon.txt'));
    expect(t).toMatchObject({
      ticketNumber: '250314-00127',
      ticketType: 'NORMAL',
      revision: '0',
      membersNotified: ['XCEL01', 'CMCST2', 'DNVWTR', 'CTLQW1'],
      responseTo: 'responses@uncc.example',
    });
    expect(t.fields).toMatchObject({
      center: 'UTILITY NOTIFICATION CENTER OF COLORADO',
      transmitted: '2025-03-14 09:12',
      work_begin: '2025-03-18 07:00',
      expires: '2025-04-01 23:59',
      response_due: '2025-03-18 07:00',
      excavator: 'ACME EXCAVATING LLC',
      contact: 'JOHN DIGGER',
      phone: '(303) 555-0142',
      excavator_email: 'jdigger@acme.example',
      address: '1234 MAIN ST',
      city: 'DENVER',
      county: 'DENVER',
      state: 'CO',
      cross_street: 'E 12TH AVE',
      location: 'MARK ENTIRE FRONT YARD FROM CURB TO HOUSE INCLUDING THE ALLEY ACCESS ON THE NORTH SIDE',
      members_notified: 'XCEL01,CMCST2,DNVWTR,CTLQW1',
    });
    expect(t.fields.update_of).toBeUndefined();
    // Four corners, closed by the reader; GeoJSON order (longitude first).
    expect(t.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-104.9903, 39.7392],
          [-104.9899, 39.73955],
          [-104.9894, 39.7393],
          [-104.98985, 39.73895],
          [-104.9903, 39.7392],
        ],
      ],
    });
  });

  it('reads an update of the same ticket number, its closed ring kept as sent', () => {
    const t = parsed(sample('update-polygon.txt'));
    expect(t).toMatchObject({ ticketNumber: '250314-00127', ticketType: 'UPDATE', revision: '1' });
    expect(t.fields).toMatchObject({
      update_of: '250314-00127',
      remarks: 'CALLER REQUESTS MARKS BE REFRESHED BEFORE 7 AM',
    });
    expect(t.geometry.type === 'Polygon' && t.geometry.coordinates[0]).toHaveLength(5);
  });

  it('reads an emergency point ticket with 12-hour times and no response address', () => {
    const t = parsed(sample('emergency-point.txt'));
    expect(t).toMatchObject({
      ticketNumber: '250402-00931',
      ticketType: 'EMERGENCY',
      responseTo: null,
      membersNotified: ['ATXWTR', 'ATMOS1', 'ATTTX1'],
      geometry: { type: 'Point', coordinates: [-97.7404, 30.2715] },
    });
    expect(t.fields).toMatchObject({ transmitted: '2025-04-02 18:41', work_begin: '2025-04-02 19:00' });
    expect(t.fields.phone).toBe('512-555-0199');
    expect(t.fields.dig_site_point).toBeUndefined();
  });

  it('refuses a malformed ticket listing every problem', () => {
    expect(refusal(sample('malformed.txt'))).toEqual([
      'Dig Site Polygon: "north of the alley" is not latitude,longitude pairs',
      'Ticket Number "250314 00128" is not two parts joined by a hyphen (e.g. 250314-00127)',
      'missing Excavator',
      'work begin "03/32/2025 07:00" is not a date (MM/DD/YYYY HH:MM)',
      'missing Members Notified (comma-separated member codes)',
      'Dig Site Polygon needs at least three distinct points',
    ]);
  });

  it('refuses text that is no ticket, and a ticket without a dig site', () => {
    expect(refusal('Hello,\n\nsee you at the site tomorrow.\n')).toEqual([
      'missing Ticket Number',
      'missing Ticket Type',
      'missing Excavator',
      'missing the work site (Address or Location)',
      'missing Members Notified (comma-separated member codes)',
      'missing the dig site (Dig Site Polygon or Dig Site Point)',
    ]);
    const noSite = sample('emergency-point.txt').replace(/^Lat\/Lon:.*$/m, '');
    expect(refusal(noSite)).toEqual(['missing the dig site (Dig Site Polygon or Dig Site Point)']);
    const farAway = sample('emergency-point.txt').replace('30.27150, -97.74040', '97.74040, 30.27150');
    expect(refusal(farAway)).toEqual(['Dig Site Point: "97.74040, 30.27150" is not one latitude,longitude pair']);
  });

  it('refuses bad member codes and response addresses', () => {
    const text = sample('normal-polygon.txt')
      .replace('XCEL01, CMCST2', 'XCEL01, A&B')
      .replace('responses@uncc.example', 'responses at uncc');
    expect(refusal(text)).toEqual([
      'member code "A&B" is not a member code',
      'Response Address "responses at uncc" is not an e-mail address',
    ]);
  });

  it('reads a forwarded ticket whose lines are quoted, with Windows line ends', () => {
    const forwarded = `---------- Forwarded message ---------\r\n${sample('emergency-point.txt')
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\r\n')}`;
    expect(parsed(forwarded)).toMatchObject({ ticketNumber: '250402-00931', ticketType: 'EMERGENCY' });
  });

  it('reads dates as the centers write them, and only real dates', () => {
    expect(ticketDate('03/18/2025 07:00')).toBe('2025-03-18 07:00');
    expect(ticketDate('3/8/25 12:05 AM')).toBe('2025-03-08 00:05');
    expect(ticketDate('3/8/25 12:05 PM')).toBe('2025-03-08 12:05');
    expect(ticketDate('02/29/2024')).toBe('2024-02-29 00:00');
    for (const bad of ['02/29/2025', '13/01/2025', '03/18/2025 24:00', '03/18/2025 13:00 PM', '2025-03-18', ''])
      expect(ticketDate(bad)).toBeNull();
  });
});
