/**
 * JSON text made safe to sit inside a `<script type="application/ld+json">` element.
 * Why: the HTML parser ends a script at the first `</script` whatever the JSON says, so
 * a listing description containing it could inject markup. `<`, `>` and `&` become JSON
 * unicode escapes (only possible inside JSON strings, where they mean the same), and so do
 * U+2028/U+2029, which some consumers treat as line ends. The JSON value is unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
