/** What a form's steps see and answer: the post's context, a check's verdict, a hold. */
import type { RoutingBundle } from '../../domain/bundles.ts';
import type { FieldError, FormData, FormName } from '../../domain/forms/schemas.ts';
import type { Lang } from '../../domain/lang.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { Bindings } from '../env.ts';

/** What a step sees of the post: its valid fields, typed by its form's schema, where it was posted, and the content. */
export interface StepContext<N extends FormName = FormName> {
  db: D1Database;
  repo: ContentRepository;
  routing: RoutingBundle;
  lang: Lang;
  fields: FormData<N>;
}

/** A hold sees the bindings too: it may ask outside systems (an agenda, the CRM). */
export type HoldContext<N extends FormName = FormName> = StepContext<N> & { env: Bindings };

/** What a form holds before it is stored (a visit's place), confirmed once stored or given back. */
export interface Held {
  /** Once the request is stored: confirms the hold; a refusal discards the request (the place went to someone else). */
  confirm(leadId: string, toCrm: boolean): Promise<{ refuse: FieldError[] } | { visit: string | null; sentToCrm: boolean }>;
  /** The request was refused or failed after the hold: what it held goes back. */
  release(): Promise<void>;
}

/**
 * A check's verdict: store the lead (null), refuse with errors (the form comes back), or
 * answer as if accepted and store nothing (an answer that must tell a stranger nothing).
 */
export type Verdict = null | { refuse: FieldError[] } | { answerOnly: true };
