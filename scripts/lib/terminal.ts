/**
 * Text that visitors wrote (names, comments, e-mail addresses of leads and testimonials),
 * made safe to print in an operator's terminal: control characters are shown as escapes
 * instead of being obeyed. An ESC sequence in a testimonial could otherwise rewrite what
 * the operator sees (hide a line, fake "approved"), set the window title or, on some
 * terminals, answer back; bidirectional overrides could reorder a line to mislead.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with every control and bidi-override character written as a visible \uXXXX escape. */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
