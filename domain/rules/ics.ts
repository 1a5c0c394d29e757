/**
 * An iCalendar (RFC 5545) file of one event, for a booked visit: calendars on phones and
 * desktops import it as it is. Text is escaped, times are UTC, long lines are folded.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  stamp: Date;
  /** A cancelled visit stays in a subscribed feed as CANCELLED, so the calendar drops it. */
  cancelled?: boolean;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent): string[] {
  const end = new Date(event.start.getTime() + event.minutes * 60_000);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

function calendar(events: CalendarEvent[], header: string[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Vitrine//Visits//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', ...header, ...events.flatMap(eventLines), 'END:VCALENDAR'];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function calendarFile(event: CalendarEvent): string {
  return calendar([event], []);
}

/** A feed of many events a calendar subscribes to (the agency's booked visits), named, refreshed every 15 minutes. */
export function calendarFeed(name: string, events: CalendarEvent[]): string {
  return calendar(events, [`X-WR-CALNAME:${icsText(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT15M', 'X-PUBLISHED-TTL:PT15M']);
}
