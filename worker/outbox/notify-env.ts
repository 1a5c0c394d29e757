/** What the outbox's composers and senders read of the bindings. */
import type { CrmEnv } from '../crm/configured.ts';
import type { Bindings } from '../env.ts';

export type NotifyEnv = Pick<Bindings, 'DB' | 'CONTENT' | 'EMAIL' | 'MAIL_FROM' | 'AGENCY_INBOX' | 'SITE_ORIGIN'> & CrmEnv;
