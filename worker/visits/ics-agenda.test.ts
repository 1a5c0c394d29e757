import { describe, expect, it } from 'vitest';
import { slotsFromIcs } from './ics-agenda.ts';

const NOW = new Date('2026-11-27T08:00:00Z');
const references = new Map([
  ['VI-2046', 2046],
  ['LO-2085', 2085],
]);

/** A calendar as Google Calendar exports it: Brussels time zone, CRLF lines. */
function calendar(events: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Brussels',
    'BEGIN:STANDARD',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    ...events,
    'END:VCALENDAR',
  ].join('\r\n');
}
const event = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261120T090000Z', ...lines, 'END:VEVENT'].join('\r\n');
const starts = (ics: string) => slotsFromIcs(ics, references, NOW).map((s) => `${s.propertyId} ${s.startsAt} ×${s.places}`);

describe('the agent holding a calendar’s hours', () => {
  it.each([
    ['the organizer’s name, never their address', ['ORGANIZER;CN=Marie Dubois:mailto:marie@agence.example.be'], 'Marie Dubois'],
    ['an organizer without a name names nobody', ['ORGANIZER:mailto:visites@agence.example.be'], null],
    ['no organizer', [], null],
  ])('%s', (_what, lines, agent) => {
    const ics = calendar([event(['UID:o', 'SUMMARY:Visites VI-2046', ...lines, 'DTSTART;TZID=Europe/Brussels:20261201T100000', 'DTEND;TZID=Europe/Brussels:20261201T110000'])]);
    expect(slotsFromIcs(ics, references, NOW).map((s) => s.agent)).toEqual([agent]);
  });
});

describe('visit slots from the agency’s calendar', () => {
  it.each([
    [
      'a two-hour event in Brussels time offers its two hours, in UTC',
      [event(['UID:a', 'SUMMARY:Visites VI-2046', 'DTSTART;TZID=Europe/Brussels:20261201T100000', 'DTEND;TZID=Europe/Brussels:20261201T120000'])],
      ['2046 2026-12-01T09:00:00.000Z ×1', '2046 2026-12-01T10:00:00.000Z ×1'],
    ],
    [
      'the reference may be in the location, and the places in X-VITRINE-PLACES',
      [event(['UID:b', 'SUMMARY:Visite groupée', 'LOCATION:Rue de Fer 1 (LO-2085)', 'X-VITRINE-PLACES:4', 'DTSTART:20261202T130000Z', 'DTEND:20261202T140000Z'])],
      ['2085 2026-12-02T13:00:00.000Z ×4'],
    ],
    [
      'half an hour on the hour is a visit at that hour',
      [event(['UID:c', 'SUMMARY:VI-2046', 'DTSTART;TZID=Europe/Brussels:20261203T100000', 'DTEND;TZID=Europe/Brussels:20261203T103000'])],
      ['2046 2026-12-03T09:00:00.000Z ×1'],
    ],
    [
      'an event naming no listing, or another reference inside a word, offers nothing',
      [event(['UID:d', 'SUMMARY:Réunion d’équipe', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z']), event(['UID:e', 'SUMMARY:XVI-20467', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z'])],
      [],
    ],
    [
      'a cancelled event and a past one offer nothing',
      [
        event(['UID:f', 'STATUS:CANCELLED', 'SUMMARY:VI-2046', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z']),
        event(['UID:g', 'SUMMARY:VI-2046', 'DTSTART:20261120T090000Z', 'DTEND:20261120T100000Z']),
      ],
      [],
    ],
    // Weekly on Saturdays at 10:00 Brussels, three times; the second is cancelled, the third moved to 14:00.
    [
      'a weekly series with a cancelled and a moved occurrence',
      [
        event(['UID:w', 'SUMMARY:Visites LO-2085', 'DTSTART;TZID=Europe/Brussels:20261205T100000', 'DTEND;TZID=Europe/Brussels:20261205T110000', 'RRULE:FREQ=WEEKLY;COUNT=3']),
        event([
          'UID:w',
          'RECURRENCE-ID;TZID=Europe/Brussels:20261212T100000',
          'STATUS:CANCELLED',
          'SUMMARY:Visites LO-2085',
          'DTSTART;TZID=Europe/Brussels:20261212T100000',
          'DTEND;TZID=Europe/Brussels:20261212T110000',
        ]),
        event(['UID:w', 'RECURRENCE-ID;TZID=Europe/Brussels:20261219T100000', 'SUMMARY:Visites LO-2085', 'DTSTART;TZID=Europe/Brussels:20261219T140000', 'DTEND;TZID=Europe/Brussels:20261219T150000']),
      ],
      ['2085 2026-12-05T09:00:00.000Z ×1', '2085 2026-12-19T13:00:00.000Z ×1'],
    ],
    ['a floating time is read in Brussels', [event(['UID:h', 'SUMMARY:VI-2046', 'DTSTART:20261201T100000', 'DTEND:20261201T110000'])], ['2046 2026-12-01T09:00:00.000Z ×1']],
  ])('%s', (_name, events, expected) => {
    expect(starts(calendar(events))).toEqual(expected);
  });

  it('does not reach beyond six weeks', () => {
    const series = event(['UID:s', 'SUMMARY:VI-2046', 'DTSTART:20261201T090000Z', 'DTEND:20261201T100000Z', 'RRULE:FREQ=DAILY']);
    const slots = slotsFromIcs(calendar([series]), references, NOW);
    expect(slots.length).toBeGreaterThan(30);
    expect(slots.every((s) => s.startsAt < '2027-01-09')).toBe(true);
  });

  it.each([['<html>Not found</html>'], ['']])('a text that is not a calendar throws, so the agenda is not emptied: %j', (text) => {
    expect(() => slotsFromIcs(text, references, NOW)).toThrow();
  });
});
