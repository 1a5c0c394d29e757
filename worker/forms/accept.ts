/**
 * The three things every accepted form does, in the order the form route calls them: the
 * typed address passes the mail gate (before anything is stored: the lead keeps the pass,
 * the only way its mail can be sent there), the request is stored with its files, and its
 * mails and the CRM's copy are queued apart, so one failing never holds the other back.
 */
import type { FormData, FormName } from '../../domain/forms/schemas.ts';
import type { Lang } from '../../domain/lang.ts';
import { admit, type Admission } from '../mail/gate.ts';
import { insertLead } from '../leads/store.ts';
import type { NotifyBody } from '../queues/messages.ts';
import type { Bindings } from '../env.ts';
import type { FormEntry } from './registry.ts';
import type { CheckedUpload } from './submission.ts';
import { storeUpload } from './uploads.ts';

/** The address a form's mail goes to when a visitor typed it (and which field it is), or null. */
function mailRecipient(form: FormEntry, data: FormData<FormName>): { address: string; field: string } | null {
  const field = form.mailsTypedAddress;
  if (!field || form.steps.mailsTypedAddress?.(data) === false) return null;
  const address: unknown = Reflect.get(data, field);
  return typeof address === 'string' && address !== '' ? { address, field } : null;
}

/**
 * The mail gate's word on the address the visitor typed: null when the form mails none. A
 * receipt spends the receipts' budget, any other mail the visitors'. Throws when D1 fails.
 */
export async function gateTypedAddress(db: D1Database, form: FormEntry, fields: FormData<FormName>, sender: string): Promise<{ field: string; admission: Admission } | null> {
  const recipient = mailRecipient(form, fields);
  if (!recipient) return null;
  return { field: recipient.field, admission: await admit(db, { to: recipient.address, budget: form.mails.visitor === 'request-acknowledgement' ? 'receipt' : 'visitor', sender }) };
}

/** Stores the request: its files first, under random keys, then the lead, which keeps only those keys. */
export async function storeRequest(
  env: Pick<Bindings, 'DB' | 'FILES'>,
  request: { form: FormName; lang: Lang; fields: Record<string, unknown>; uploads: readonly CheckedUpload[]; mailPass: string | null; toCrm: boolean },
): Promise<{ leadId: string; files: Record<string, string> }> {
  const files: Record<string, string> = {};
  for (const upload of request.uploads) files[upload.field] = await storeUpload(env.FILES, request.form, upload.field, upload);
  const data = request.uploads.length > 0 ? { ...request.fields, files } : request.fields;
  const leadId = await insertLead(env.DB, { kind: request.form, lang: request.lang, data, mailPass: request.mailPass, crm: request.toCrm });
  return { leadId, files };
}

/** Queues the request's mails and, when the CRM still has to hear of it, its copy. A failure is logged: the lead is stored and `npm run leads` shows it. */
export async function queueRequest(queue: Queue<NotifyBody>, leadId: string, toCrm: boolean): Promise<void> {
  try {
    const messages: MessageSendRequest<NotifyBody>[] = [{ body: { leadId } }];
    if (toCrm) messages.push({ body: { crmPush: { leadId } } });
    await queue.sendBatch(messages);
  } catch (error) {
    console.error('enqueue failed', leadId, error);
  }
}
