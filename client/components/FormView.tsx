import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { brusselsToday, plausibleDateRange } from '../../domain/rules/calendar-date.ts';
import { formFields, formValues, isAsked, UPLOAD_ACCEPT, UPLOAD_HINT, validateForm, type FieldError, type FieldSpec, type FormName } from '../../domain/forms/schemas.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { navigateTo } from '../navigation.ts';
import { usePageData } from './usePageData.ts';
import { Captcha } from './Captcha.tsx';
import { useSite } from './useSite.ts';
import { AppLink } from './AppLink.tsx';
import { formFacts } from '../../domain/forms/registry.ts';

import { contactTimeSlots } from '../../domain/rules/contact-slots.ts';
import type { VisitSlot } from '../../domain/page-data.ts';
import { ADVANCE_RATE, amountInWords } from '../../domain/rules/purchase-offer.ts';

function isFieldErrors(value: unknown): value is { errors: FieldError[] } {
  return typeof value === 'object' && value !== null && 'errors' in value && Array.isArray(value.errors);
}

/** The message under an invalid field, referenced by the field's aria-describedby. */
function ErrorText({ error, id, text }: { error: FieldError | undefined; id: string | undefined; text: (error: FieldError) => string }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id}>
      {text(error)}
    </p>
  );
}

function isMessage(value: unknown): value is { messageKey: string } {
  return typeof value === 'object' && value !== null && 'messageKey' in value && typeof value.messageKey === 'string';
}

function isRedirect(value: unknown): value is { redirect: string } {
  return typeof value === 'object' && value !== null && 'redirect' in value && typeof value.redirect === 'string' && value.redirect.startsWith('/');
}

/** Slots grouped by their day in Brussels, in order: "mardi 1 décembre" → 10:00, 14:00. */
/** Days of visit slots shown before the "more days" fold. */
const SLOT_DAYS_SHOWN = 3;

function slotDays(slots: VisitSlot[], lang: string): { label: string; slots: (VisitSlot & { time: string })[] }[] {
  const day = new Intl.DateTimeFormat(`${lang}-BE`, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Brussels' });
  const time = new Intl.DateTimeFormat(`${lang}-BE`, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' });
  const days: { label: string; slots: (VisitSlot & { time: string })[] }[] = [];
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const start = new Date(slot.startsAt);
    const named = day.format(start);
    // "jeudi 26 novembre" opens a line: its first letter only is a capital (never "Novembre").
    const label = named.charAt(0).toLocaleUpperCase(lang) + named.slice(1);
    const last = days.at(-1);
    const entry = { ...slot, time: time.format(start) };
    if (last?.label === label) last.slots.push(entry);
    else days.push({ label, slots: [entry] });
  }
  return days;
}

/**
 * A visitor form: a plain POST that works without JavaScript, validated in the browser
 * by the worker's own schema first when JavaScript runs. Errors are announced in a
 * summary that takes focus, and each invalid field says why (aria-invalid, -describedby).
 */
export function FormView({
  form,
  hidden = {},
  submitKey = 'SEND',
  slots = [],
  slotsLink = null,
  onSent,
}: {
  form: FormName;
  /** Called once the site accepted the form (the page's script only). */
  onSent?: () => void;
  hidden?: Record<string, string | number>;
  submitKey?: string;
  /** Open visit slots: the visitor chooses one (radio buttons by day), none is chosen for them. */
  slots?: VisitSlot[];
  /** Where the slots are drawn by the server, for a page whose script has not run. */
  slotsLink?: string | null;
}) {
  const { t, lang } = useI18n();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The page's own query (a list's filters, a selection) comes back with an answer too.
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const page = usePageData();
  const posted = page?.formState?.form === form ? page.formState : null;
  const [errors, setErrors] = useState<FieldError[]>(posted?.errors ?? []);
  const [failed, setFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [doneKey, setDoneKey] = useState<string | null>(null);
  const [answers, setAnswers] = useState(0);
  const summary = useRef<HTMLDivElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  // The answer is where the visitor is: focus (and so the screen, below any fixed header) moves to it.
  useEffect(() => {
    if (doneKey) done.current?.focus();
  }, [doneKey]);
  const site = useSite();
  // Choices that come from rules and content rather than the form definition.
  const choices = (spec: FieldSpec): { value: string; label: string }[] => {
    if (spec.name === 'contactTime') return contactTimeSlots(lang).map((slot) => ({ value: slot.id, label: slot.label }));
    if (spec.name === 'types') return site.categories.map((c) => ({ value: c.webId, label: c.name }));
    return (spec.options ?? []).map((o) => ({ value: o.value, label: t(o.labelKey) }));
  };
  const fields = formFields(form);
  const id = (name: string) => `${form}-${name}`;
  const message = (error: FieldError) => {
    const spec = fields.find((f) => f.name === error.field);
    if (error.key === 'REQUIRED_FIELD') return t('REQUIRED_FIELD', { field: spec ? t(spec.labelKey) : error.field });
    // A refused upload says which file it was, and why.
    if (error.file) return t('FILE_REFUSED', { file: error.file, reason: t(error.key) });
    return t(error.key);
  };
  const value = (name: string): string => {
    const v = posted?.values[name] ?? hidden[name];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const listed = (name: string): string[] => {
    const v = posted?.values[name];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  };

  // The answers other fields' conditions read, kept as the visitor changes them: a field
  // whose conditions fail is not drawn (the worker drops its answer too).
  const watched = [...new Set(fields.flatMap((f) => (f.shownWhen ?? []).flatMap((rule) => (rule.compareWithField ? [rule.field, rule.compareWithField] : [rule.field]))))];
  const [picked, setPicked] = useState<Record<string, string[]>>(() => Object.fromEntries(watched.map((name) => [name, value(name) ? [value(name)] : listed(name)])));
  const onChoice = (e: FormEvent<HTMLFormElement>) => {
    const target = e.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) || !watched.includes(target.name)) return;
    const data = new FormData(e.currentTarget);
    setPicked((before) => ({ ...before, [target.name]: data.getAll(target.name).filter((v): v is string => typeof v === 'string') }));
  };

  const showErrors = (list: FieldError[]) => {
    setErrors(list);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFailed(false);
    const data = new FormData(e.currentTarget);
    const checked = validateForm(form, formValues(data.entries()));
    const hasFile = (name: string) => {
      const file = data.get(name);
      return file instanceof File && file.size > 0;
    };
    const missingFiles = fields.filter((f) => f.kind === 'file' && f.required && !hasFile(f.name)).map((f) => ({ field: f.name, key: 'REQUIRED_FIELD' }));
    const unchosen = slots.length > 0 && !data.get('slotId') ? [{ field: 'slotId', key: 'CHOOSE_SLOT' }] : [];
    const found = [...unchosen, ...(checked.ok ? [] : checked.errors), ...missingFiles];
    if (found.length > 0) return showErrors(found);
    setSending(true);
    try {
      // Files go as multipart, everything else as a plain url-encoded form.
      const hasFile = fields.some((f) => f.kind === 'file');
      const body = hasFile ? data : new URLSearchParams();
      if (body instanceof URLSearchParams) for (const [k, v] of data.entries()) if (typeof v === 'string') body.append(k, v);
      const response = await fetch(`/forms/${form}`, { method: 'POST', body, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const answer: unknown = await response.json().catch(() => null);
      if (response.ok) onSent?.();
      if (response.ok && isRedirect(answer)) return void navigateTo(router, answer.redirect);
      if (response.ok && isMessage(answer)) return setDoneKey(answer.messageKey);
      // Every refusal the worker words (422 to fix, 429 too many, 503 not stored, 413 too large…) is shown as it says.
      if (!response.ok && isFieldErrors(answer)) return showErrors(answer.errors);
      setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setSending(false);
      setAnswers((n) => n + 1);
    }
  };

  const field = (spec: FieldSpec) => {
    if (!isAsked(spec, (name) => picked[name])) return null;
    const error = errors.find((er) => er.field === spec.name);
    const describedBy = error ? `${id(spec.name)}-error` : undefined;
    const common = { id: id(spec.name), name: spec.name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': spec.required || undefined };
    if (spec.kind === 'hidden') return <input key={spec.name} type="hidden" name={spec.name} defaultValue={value(spec.name)} />;
    if (spec.kind === 'file') {
      return (
        <div key={spec.name} className={`field${spec.half ? '' : ' field--wide'}${error ? ' field--invalid' : ''}`}>
          <label htmlFor={id(spec.name)}>
            {t(spec.labelKey)}
            {spec.required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> ({t('OPTIONAL')})</span>}
          </label>
          <input {...common} type="file" accept={UPLOAD_ACCEPT[spec.upload ?? 'document']} />
          <p className="field__hint">{t(UPLOAD_HINT[spec.upload ?? 'document'])}</p>
          <ErrorText error={error} id={describedBy} text={message} />
        </div>
      );
    }
    if (spec.kind === 'slots') {
      // The first days in full; the others behind one fold, so a phone does not scroll past twenty slots.
      const days = slotDays(slots, lang);
      const dayOfSlots = (day: (typeof days)[number], d: number) => (
        <fieldset key={day.label} className="slots__day">
          <legend>{day.label}</legend>
          <div className="slots">
            {day.slots.map((slot, i) => (
              <label key={slot.id} className="slot">
                <input type="radio" name={spec.name} value={slot.id} required defaultChecked={value(spec.name) === slot.id} id={d === 0 && i === 0 ? id(spec.name) : undefined} />
                {slot.time} · {t('PLACES_LEFT', { count: slot.left })}
              </label>
            ))}
          </div>
        </fieldset>
      );
      if (slots.length === 0)
        return slotsLink ? (
          <p key={spec.name} className="field--wide slots__link">
            <a href={slotsLink}>{t('CHOOSE_SLOT_LINK')}</a>
          </p>
        ) : null;
      return (
        <fieldset key={spec.name} className={`field field--wide${error ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
          <legend>
            {t(spec.labelKey)}
            <span aria-hidden="true"> *</span>
          </legend>
          {days.slice(0, SLOT_DAYS_SHOWN).map(dayOfSlots)}
          {days.length > SLOT_DAYS_SHOWN ? (
            <details className="slots__more" open={days.slice(SLOT_DAYS_SHOWN).some((day) => day.slots.some((slot) => slot.id === value(spec.name)))}>
              <summary>{t('MORE_DAYS', { count: days.length - SLOT_DAYS_SHOWN })}</summary>
              {days.slice(SLOT_DAYS_SHOWN).map((day, d) => dayOfSlots(day, d + SLOT_DAYS_SHOWN))}
            </details>
          ) : null}
          <ErrorText error={error} id={describedBy} text={message} />
        </fieldset>
      );
    }
    const label = (
      <label htmlFor={spec.kind === 'checkboxes' ? undefined : id(spec.name)}>
        {t(spec.labelKey)}
        {spec.required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> ({t('OPTIONAL')})</span>}
      </label>
    );
    let control;
    if (spec.kind === 'textarea') control = <textarea {...common} rows={5} maxLength={4000} defaultValue={value(spec.name)} />;
    else if (spec.kind === 'select')
      control = (
        <select {...common} defaultValue={value(spec.name)}>
          <option value="">–</option>
          {choices(spec).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    else if (spec.kind === 'checkboxes')
      return (
        <fieldset key={spec.name} className={`field field--wide${error ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
          <legend>
            {t(spec.labelKey)}
            {spec.required ? <span aria-hidden="true"> *</span> : <span className="field__optional"> ({t('OPTIONAL')})</span>}
          </legend>
          <div className="checks">
            {choices(spec).map((o) => (
              <label key={o.value} className="check">
                <input type="checkbox" name={spec.name} value={o.value} defaultChecked={listed(spec.name).includes(o.value)} />
                {o.label}
              </label>
            ))}
          </div>
          <ErrorText error={error} id={describedBy} text={message} />
        </fieldset>
      );
    else
      control = (
        <input
          {...common}
          {...(spec.kind === 'date' ? { ...plausibleDateRange(), ...(spec.fromToday ? { min: brusselsToday() } : {}) } : {})}
          type={spec.kind}
          inputMode={spec.kind === 'number' ? 'numeric' : undefined}
          autoComplete={spec.autoComplete}
          defaultValue={value(spec.name)}
          maxLength={spec.kind === 'number' || spec.kind === 'date' ? undefined : 200}
        />
      );
    return (
      <div key={spec.name} className={`field${spec.half ? '' : ' field--wide'}${error ? ' field--invalid' : ''}`}>
        {label}
        {control}
        <ErrorText error={error} id={describedBy} text={message} />
      </div>
    );
  };

  if (doneKey) {
    return (
      <p className="form-done" role="status" tabIndex={-1} ref={done}>
        {t(doneKey)}
      </p>
    );
  }

  return (
    <form
      onInput={(e) => {
        // The amount in words follows the figure, in the visitor's language; the worker checks both agree.
        const target = e.target;
        if (!(target instanceof HTMLInputElement) || target.name !== 'amount') return;
        const words = e.currentTarget.elements.namedItem('amountWords');
        if (words instanceof HTMLInputElement) words.value = amountInWords(Number(target.value), lang) ?? '';
      }}
      onChange={onChoice}
      className="visitor-form"
      method="post"
      action={`/forms/${form}`}
      encType={fields.some((f) => f.kind === 'file') ? 'multipart/form-data' : undefined}
      noValidate
      onSubmit={onSubmit}
      data-form={form}
    >
      {errors.length > 0 ? (
        // Answered without JavaScript with errors to fix: the browser brings the summary into view and focuses it (autofocus).
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary} autoFocus={posted !== null && posted.errors.length > 0}>
          <p>{t('CHECK_RED_FIELDS')}</p>
          <ul>
            {errors.map((error) => (
              <li key={error.field || error.key}>{error.field ? <a href={`#${id(error.field)}`}>{message(error)}</a> : message(error)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="back" value={`${pathname}${searchStr}`} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="form-grid">{fields.map(field)}</div>
      {failed ? (
        <p className="field__error" role="alert">
          {t('MAIL_NOT_SENT')}
        </p>
      ) : null}
      {form === 'testimonial' ? <p className="panel__note">{t('TESTIMONIAL_MODERATION_NOTE')}</p> : null}
      {form === 'purchase-offer' ? <p className="panel__note">{t('OFFER_ADVANCE_CONDITION', { percent: Math.round(ADVANCE_RATE * 100) })}</p> : null}
      {site.captchaSiteKey ? <Captcha id={id('captcha')} siteKey={site.captchaSiteKey} lang={lang} resetKey={answers} /> : null}
      <ErrorText error={errors.find((er) => er.field === 'captcha')} id={`${id('captcha')}-error`} text={message} />
      {/* Why each kind of data is asked, how long it is kept, and the full statement. */}
      <p className="form-privacy">
        {formFacts(form).retention === 'application'
          ? t('FORM_PRIVACY_NOTE_APPLICATION', { months: Math.round((site.retention?.application ?? 180) / 30) })
          : t('FORM_PRIVACY_NOTE', { years: Math.round((site.retention?.lead ?? 1095) / 365) })}
        {formFacts(form).privacyWhy ? ` ${t(formFacts(form).privacyWhy ?? '')}` : ''} <AppLink href={site.links.privacy}>{t('PRIVACY_STATEMENT')}</AppLink>
      </p>
      <button type="submit" className="button button--accent" disabled={sending}>
        {t(submitKey)}
      </button>
    </form>
  );
}
