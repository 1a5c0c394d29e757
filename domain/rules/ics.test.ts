import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsText } from './ics.ts';

describe('icsText', () => {
  it.each([
    ['Maison, 3 chambres; jardin', 'Maison\\, 3 chambres\\; jardin'],
    ['a\\b', 'a\\\\b'],
    ['line one\nline two', 'line one\\nline two'],
    ['plain', 'plain'],
  ])('%j → %j', (input, expected) => expect(icsText(input)).toBe(expected));
});

describe('foldLine', () => {
  it('keeps short lines, folds long ones at 75 octets without splitting a character', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = `DESCRIPTION:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

describe('calendarFile', () => {
  const file = calendarFile({
    uid: 'abc@vitrine.test',
    start: new Date('2026-12-01T09:00:00Z'),
    minutes: 30,
    summary: 'Visite : Maison, Namur',
    location: '5000 Namur',
    description: 'Réf. VI-2071',
    url: 'https://vitrine.test/fr/a-vendre/namur/maison/2071/',
    stamp: new Date('2026-11-25T10:00:00Z'),
  });
  it('is one VEVENT in UTC with CRLF line ends, its end 30 minutes after its start', () => {
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(file).toContain('\r\nDTSTART:20261201T090000Z\r\n');
    expect(file).toContain('\r\nDTEND:20261201T093000Z\r\n');
    expect(file).toContain('\r\nSUMMARY:Visite : Maison\\, Namur\r\n');
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.split('\r\n').filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
  });
});
