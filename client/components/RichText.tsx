/**
 * Agency-authored HTML from published content. Content is validated and sanitised at
 * publish time (operators only), never visitor input.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich ${className}` : 'rich'} dangerouslySetInnerHTML={{ __html: html }} />;
}
