import type { StepContext } from './step-context.ts';

/** A message of the page's language, as the visitor read it when consenting (kept beside what they consented to). */
export async function dictionaryText(ctx: Pick<StepContext, 'repo' | 'lang'>, key: string): Promise<string> {
  return (await ctx.repo.site(ctx.lang)).dict[key] ?? key;
}
