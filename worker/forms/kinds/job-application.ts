/**
 * A job application: the agency's hiring, not its clients, so it never reaches the CRM.
 */
import { defineForm, acknowledged } from '../define.ts';

export const jobApplicationForm = defineForm('job-application', { done: 'THANKS_CV', ...acknowledged, crm: false, steps: {} });
