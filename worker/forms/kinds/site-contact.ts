/**
 * A question to the agency, from its contact page.
 */
import { defineForm, acknowledged } from '../define.ts';

export const siteContactForm = defineForm('site-contact', { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true, steps: {} });
