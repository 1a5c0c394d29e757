/**
 * axe-core's WCAG 2.1 A and AA rules over a page, or the part of it a selector names: the
 * serious and critical violations, each with the first nodes it found them on.
 *
 * Legacy mode runs `axe.run` inside the page. The default splits the run into a partial run
 * per frame and a final one in a blank page the builder opens for it, and that page cost
 * Chromium about as much as the check itself: the 30 checks of one language at one width
 * spent 37 s in axe that way. What legacy mode leaves out is the inside of another origin's
 * frame: on our pages only a provider's tour or video, loaded when the visitor asks for it,
 * whose document is the provider's; the frame element itself (its title) is still checked.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // Only violations are read: axe then skips describing every passing and inapplicable node.
    .options({ resultTypes: ['violations'] });
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
