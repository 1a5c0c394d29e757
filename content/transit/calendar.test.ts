import { describe, expect, it } from 'vitest';
import { ServiceCalendar, commonValidity, isoDay, typicalWeekday } from './calendar.ts';
import { modeOf, parseGtfsTime } from './timetable.ts';

const week = (service: string, days: string, from = '20261101', to = '20261231') => {
  const [monday, tuesday, wednesday, thursday, friday, saturday, sunday] = days.split('');
  return { service_id: service, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date: from, end_date: to } as never;
};

describe('ServiceCalendar', () => {
  const calendar = new ServiceCalendar(
    [week('WD', '1111100'), week('SUN', '0000001')],
    [
      { service_id: 'WD', date: '20261111', exception_type: '2' },
      { service_id: 'SUN', date: '20261111', exception_type: '1' },
      { service_id: 'EXTRA', date: '20270102', exception_type: '1' },
    ],
  );
  it.each([
    ['WD', '2026-11-10', true],
    ['WD', '2026-11-11', false],
    ['SUN', '2026-11-11', true],
    ['WD', '2026-11-14', false],
    ['SUN', '2026-11-15', true],
    ['WD', '2026-10-30', false],
    ['WD', '2027-01-04', false],
    ['EXTRA', '2027-01-02', true],
    ['UNKNOWN', '2026-11-10', false],
  ] as const)('%s runs on %s: %s', (service, day, runs) => {
    expect(calendar.runsOn(service, day)).toBe(runs);
  });
  it('spans the calendars and the added days', () => {
    expect(calendar.span()).toEqual({ from: '2026-11-01', to: '2027-01-02' });
  });
});

describe('the typical weekday', () => {
  const feed = (days: [string, string, string][], validity = { from: '2026-11-01', to: '2026-12-31' }) => ({
    calendar: new ServiceCalendar(
      [week('WD', '1111100'), week('WED', '0010000')],
      days.map(([service_id, date, exception_type]) => ({ service_id, date, exception_type })),
    ),
    tripsPerService: new Map([
      ['WD', 10],
      ['WED', 3],
    ]),
    validity,
  });
  it.each([
    ['more trips on Wednesdays', [feed([])], '2026-11-02', '2026-11-04'],
    ['a holiday Wednesday is passed over', [feed([['WD', '20261104', '2']])], '2026-11-02', '2026-11-11'],
    [
      'never a Monday or a Friday',
      [
        feed([
          ['WED', '20261104', '2'],
          ['WED', '20261111', '2'],
          ['WED', '20261118', '2'],
          ['WED', '20261125', '2'],
          ['WED', '20261202', '2'],
        ]),
      ],
      '2026-11-06',
      '2026-11-10',
    ],
    ['only days every feed is valid', [feed([]), feed([], { from: '2026-11-20', to: '2027-03-01' })], '2026-11-02', '2026-11-25'],
    ['none when the feeds do not meet', [feed([]), feed([], { from: '2027-01-01', to: '2027-03-01' })], '2026-11-02', null],
    ['none after the feeds expire', [feed([])], '2027-01-05', null],
  ] as const)('%s', (_, feeds, from, expected) => {
    expect(typicalWeekday(feeds, from)).toBe(expected);
  });
  it('has a common validity only where the feeds meet', () => {
    expect(commonValidity([feed([]), feed([], { from: '2026-12-01', to: '2027-01-31' })])).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('GTFS values', () => {
  it.each([
    ['07:34:00', 27_240],
    ['7:34:00', 27_240],
    ['24:20:00', 87_600],
    ['30:05:00', 108_300],
    ['', Number.NaN],
    ['7:34', Number.NaN],
  ] as const)('time %j is %d seconds', (text, seconds) => {
    expect(parseGtfsTime(text)).toBe(seconds);
  });
  it.each([
    [2, 'train'],
    [102, 'train'],
    [3, 'bus'],
    [700, 'bus'],
    [0, 'tram'],
    [900, 'tram'],
    [1, 'metro'],
    [401, 'metro'],
    [4, 'boat'],
    [1200, 'boat'],
  ] as const)('route_type %d is %s', (type, mode) => {
    expect(modeOf(type)).toBe(mode);
  });
  it('reads YYYYMMDD dates and nothing else', () => {
    expect([isoDay('20261201'), isoDay('2026-12-01'), isoDay('')]).toEqual(['2026-12-01', null, null]);
  });
});
