import { describe, expect, it } from 'vitest';
import { formAnswerPath, isFormAnswer, isStandalonePage } from './form-answer.ts';

describe('formAnswerPath', () => {
  it('gives the page a form was posted from when the browser shows the form answer', () => {
    expect(formAnswerPath('/forms/sign-newsletter', '/fr/')).toBe('/fr/');
    expect(formAnswerPath('/forms/contact-me', '/nl/te-koop/ciney/huis/2071/')).toBe('/nl/te-koop/ciney/huis/2071/');
  });

  it('tells a form answer from a page', () => {
    expect(isFormAnswer('/forms/contact-me')).toBe(true);
    expect(isFormAnswer('/fr/contact/')).toBe(false);
    expect(isFormAnswer('/forms/')).toBe(false);
  });

  it('leaves every other page alone', () => {
    expect(formAnswerPath('/fr/contact/', '/fr/contact/')).toBeNull();
    expect(formAnswerPath('/fr/', null)).toBeNull();
  });

  it('refuses a back value that is no page path of the site', () => {
    expect(formAnswerPath('/forms/site-contact', 'https://evil.example/')).toBeNull();
    expect(formAnswerPath('/forms/site-contact', '//evil.example/')).toBeNull();
    expect(formAnswerPath('/forms/site-contact', '/fr/<script>')).toBeNull();
    expect(formAnswerPath('/forms/site-contact', undefined)).toBeNull();
  });
});

describe('isStandalonePage', () => {
  it.each([
    ['/newsletter/confirm/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef/', true],
    ['/newsletter/unsubscribe/0123456789abcdef0123456789abcdef/', true],
    ['/alerts/confirm/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef/', true],
    ['/alerts/unsubscribe/0123456789abcdef0123456789abcdef/', true],
    ['/alerts/manage/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef/', true],
    ['/alerts/run', false],
    ['/newsletter/confirm/', false],
    ['/fr/newsletter/', false],
    ['/fr/', false],
  ])('%s stays as served: %s', (pathname, standalone) => {
    expect(isStandalonePage(pathname)).toBe(standalone);
  });
});
