/**
 * A question about one property, from its page.
 */
import { defineForm, acknowledged } from '../define.ts';

export const contactMeForm = defineForm('contact-me', { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true, steps: {} });
