import type { ReactNode } from 'react';
import type { FormName } from '../../domain/forms/schemas.ts';
import { usePageData } from './usePageData.ts';

/**
 * A form folded away behind a summary. It opens by itself when the page comes back from a
 * post without JavaScript with this form's errors, so the visitor sees what to correct.
 */
export function FormPanel({ form, id, className, summary, children }: { form: FormName; id?: string; className: string; summary: ReactNode; children: ReactNode }) {
  const posted = usePageData()?.formState?.form === form;
  return (
    <details id={id} className={className} open={posted || undefined}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
