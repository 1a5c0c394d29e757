/** The rows of docs/security.md for personal data: retention, and a visitor's rights through a mailed link. */
import type { Mutation } from './mutation.ts';

const RIGHTS = 'test/integration/privacy-rights.test.ts';
const RETENTION = 'test/integration/retention.test.ts';

export const PRIVACY: Mutation[] = [
  {
    row: 'Personal data kept past its period',
    control: 'the daily run erases what its period has ended',
    file: 'worker/scheduled.ts',
    find: '  await dailyRetention(env, await agencyRetention(env), now, (failure) => reportRetentionFailure(env, failure));\n',
    replace: '  void dailyRetention;\n  void agencyRetention;\n  void reportRetentionFailure;\n',
    project: 'worker',
    test: RETENTION,
    name: 'erases each kind',
  },
  {
    row: 'A retention run erasing more than its rule says',
    control: 'a request ends with its sender’s last request, not its own date',
    file: 'worker/leads/personal-data.ts',
    find: 'AND (email IS NULL OR lower(email) NOT IN (SELECT lower(email) FROM leads WHERE email IS NOT NULL AND created_at >= ?1))',
    replace: 'AND 1',
    project: 'worker',
    test: RETENTION,
    name: 'erases each kind',
  },
  {
    row: 'Learning whether an address is a client of the agency',
    control: 'the same answer for a known and an unknown address',
    file: 'worker/privacy/routes.ts',
    find: "    return page(c, lang, { step: 'asked' });\n  },\n);",
    replace: "    return page(c, lang, holdsAnything(data) ? { step: 'asked' } : { step: 'ask', notice: 'PRIVACY_NOTHING' });\n  },\n);",
    project: 'worker',
    test: RIGHTS,
    name: 'rights over their data',
  },
  {
    row: 'A forwarded or leaked rights link opened again',
    control: 'the link is spent when it opens',
    file: 'worker/privacy/links.ts',
    find: "SET used_at = ?2 WHERE token_hash = ?1 AND purpose = 'link' AND used_at IS NULL AND expires_at > ?2",
    replace: "SET used_at = ?2 WHERE token_hash = ?1 AND purpose = 'link' AND expires_at > ?2",
    project: 'worker',
    test: RIGHTS,
    name: 'rights over their data',
  },
  {
    row: 'Erasure that leaves the mails sent to the visitor',
    control: 'erase everything reaches the mail log',
    file: 'worker/mail/personal-data.ts',
    find: '      env.DB.prepare(`DELETE FROM mail_log WHERE ${MAILS_ABOUT}`).bind(spellings, person.about),\n',
    replace: '',
    project: 'worker',
    test: RIGHTS,
    name: 'rights over their data',
  },
  {
    row: 'Erasure that stays in the CRM',
    control: 'erase everything reaches a CRM that can erase',
    file: 'worker/privacy/routes.ts',
    find: 'const erasedInCrm = await eraseInCrm(c.env, sentToCrm);',
    replace: 'const erasedInCrm = sentToCrm.length === 0 && eraseInCrm !== undefined;',
    project: 'worker',
    test: 'test/integration/privacy-crm.test.ts',
    name: 'Whise erases the contact',
  },
];
