/**
 * A free valuation: the agency hears of it, the visitor gets its receipt.
 */
import { defineForm, acknowledged } from '../define.ts';

export const contactDemandForm = defineForm('contact-demand', { notStored: 'MAIL_NOT_SENT', ...acknowledged, crm: true, steps: {} });
