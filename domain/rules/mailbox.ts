/**
 * The mailbox an address delivers to, for counting mails: `Jan+1@Example.be` and
 * `jan@example.be` are one inbox, so a limit per recipient must see one. Lower case
 * throughout (domains are case-blind, and no real mail system tells local parts apart by
 * case), and the sub-address after the first `+` dropped, as Gmail, Outlook, Proton and
 * Fastmail deliver `user+anything` to `user`.
 */
export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const local = text.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${text.slice(at)}`;
}
