import { describe, expect, it } from 'vitest';
import { FORM_NAMES } from '../../domain/forms/names.ts';
import { APPLICATION_FORMS, formFacts } from '../../domain/forms/registry.ts';
import { FORMS } from './registry.ts';

describe('each form’s facts agree with what it does', () => {
  it.each(FORM_NAMES)('%s: a receipt in the site’s words exactly when its visitor mail is a receipt', (form) => {
    expect(formFacts(form).receipt !== null).toBe(FORMS[form].mails.visitor === 'request-acknowledgement');
  });

  it('applications are kept for their own period, and they are the job and rental applications', () => {
    expect([...APPLICATION_FORMS].sort()).toEqual(['job-application', 'rental-application']);
  });
});
