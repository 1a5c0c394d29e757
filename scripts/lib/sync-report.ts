/**
 * What the publishing commands print about an export: its problems and the guard's
 * refusal. Record ids, field paths and reasons come from the CRM's data, so every line
 * goes through the one terminal-escaping rule.
 */
import { formatProblem, type ContentProblem } from '../../content/schema.ts';
import type { FeedRefusal } from '../../content/crm-sync.ts';
import { forTerminal } from './terminal.ts';

/** One problem of the content or the export, printed as text, never obeyed. */
export function problemLine(problem: ContentProblem): string {
  return `  ✗ ${forTerminal(formatProblem(problem))}`;
}

/** Why nothing was published, and how to go on when the withdrawal is real. */
export function refusalLines(refusal: FeedRefusal): string[] {
  const what =
    refusal.reason === 'empty'
      ? `the export holds no listing: publishing it would withdraw all ${refusal.live} live listings`
      : `it would withdraw ${refusal.withdrawn} of ${refusal.live} live listings (${Math.round((100 * refusal.withdrawn) / refusal.live)} %), more than site.json's crmGuard.maxWithdrawnShare allows`;
  return [`Refused: ${what}; nothing was published.`, 'If the withdrawal is real, run again with --confirm-withdrawal.'];
}
