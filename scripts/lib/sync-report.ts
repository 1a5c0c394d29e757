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

/** Why nothing was published, and how to go on when the change is real. */
export function refusalLines(refusal: FeedRefusal): string[] {
  const share = refusal.live > 0 ? ` (${Math.round((100 * refusal.affected) / refusal.live)} %)` : '';
  const what: Record<FeedRefusal['reason'], string> = {
    empty: `the export holds no listing: publishing it would withdraw all ${refusal.live} live listings`,
    'mass-withdrawal': `it would withdraw ${refusal.affected} of ${refusal.live} live listings${share}, more than site.json's crmGuard.maxWithdrawnShare allows`,
    'mass-price-change': `${refusal.affected} of ${refusal.live} live prices would change in one run (${refusal.detail})${share}, more than site.json's crmGuard.maxPriceChangeShare allows`,
    'mass-status-change': `${refusal.affected} of ${refusal.live} live listings would change status at once (${refusal.detail})${share}, more than site.json's crmGuard.maxStatusChangeShare allows`,
    'mass-surface-change': `${refusal.affected} of ${refusal.live} live listings would change surface in one run (${refusal.detail})${share}, more than site.json's crmGuard.maxDetailChangeShare allows`,
    'mass-room-change': `${refusal.affected} of ${refusal.live} live listings would change their number of bedrooms in one run (${refusal.detail})${share}, more than site.json's crmGuard.maxDetailChangeShare allows`,
    'mass-place-change': `${refusal.affected} of ${refusal.live} live listings would move in one run (${refusal.detail})${share}, more than site.json's crmGuard.maxDetailChangeShare allows`,
    'mass-goal-change': `${refusal.affected} of ${refusal.live} live listings would switch between sale and rent in one run (${refusal.detail})${share}, more than site.json's crmGuard.maxDetailChangeShare allows`,
    'implausible-record': `a live listing has a value no listing can have, and no earlier form of it to keep showing (${refusal.detail})`,
  };
  return [`Refused: ${forTerminal(what[refusal.reason])}; nothing was published.`, 'If the change is real, run again with --confirm.'];
}
