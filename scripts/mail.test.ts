import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mailLine, mailLogQuery, toLoggedMail } from './mail.ts';

describe('mailLogQuery', () => {
  it.each([
    [{}, 'FROM mail_log ORDER BY sent_at DESC', []],
    [{ to: 'Lies@Example.be' }, 'WHERE lower(recipient) = lower(?)', ['Lies@Example.be']],
    [{ to: 'a@example.be', since: '2026-11-01' }, 'WHERE lower(recipient) = lower(?) AND sent_at >= ?', ['a@example.be', '2026-11-01']],
  ])('%j', (filter, sql, params) => {
    const q = mailLogQuery(filter);
    expect(q.sql).toContain(sql);
    expect(q.params).toEqual(params);
  });
  it.each([{ to: "x' OR '1'='1@a" }, { to: 'not-an-address' }, { since: "2026'; DROP TABLE mail_log;--" }, { since: 'today' }])('refuses %j', (filter) => {
    expect(() => mailLogQuery(filter)).toThrow();
  });
});

describe('a logged mail', () => {
  const row = {
    id: 7,
    recipient: 'a@example.be',
    kind: 'alert',
    subject: 'Nouveau\u001b[2J bien',
    text: 't',
    html: 'h',
    headers: '{"List-Unsubscribe":"<https://x/>"}',
    status: 'sent',
    sent_at: '2026-11-25T10:00:00.000Z',
  };
  it('has the shape --json prints, headers parsed', () => {
    expect(toLoggedMail(row)).toEqual({
      id: 7,
      to: 'a@example.be',
      subject: row.subject,
      text: 't',
      html: 'h',
      headers: { 'List-Unsubscribe': '<https://x/>' },
      sentAt: row.sent_at,
      kind: 'alert',
      status: 'sent',
    });
  });
  it('prints a line whose escape sequences are shown, not obeyed', () => {
    expect(mailLine(toLoggedMail(row))).toContain('Nouveau\\u001b[2J bien');
  });
});

describe('npm run mail answers an operator’s typo with its usage', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/mail.ts', ...args], { encoding: 'utf8' });
  it('--help prints the usage and succeeds', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run mail/);
  });
  it('an unknown option says so, with the usage, and no stack trace', () => {
    const typo = run('--bogus');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toMatch(/Unknown option '--bogus'[\s\S]*Usage: npm run mail/);
    expect(typo.stderr).not.toMatch(/\n\s+at /);
  });
});
