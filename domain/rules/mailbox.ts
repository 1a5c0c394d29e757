/**
 * The mailbox an address delivers to, for counting mails: `Jan+1@Example.be` and
 * `jan@example.be` are one inbox, so a limit per recipient must see one. Lower case
 * throughout (domains are case-blind, and no real mail system tells local parts apart by
 * case), and the sub-address after the first `+` dropped, as Gmail, Outlook, Proton and
 * Fastmail deliver `user+anything` to `user`. Gmail also ignores dots in the local part and
 * delivers `googlemail.com` to the same inbox: `j.a.n@googlemail.com` is `jan@gmail.com`.
 */
export function mailboxKey(address: string): string {
  const text = address.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const plus = text.indexOf('+');
  let local = plus > 0 && plus < at ? text.slice(0, plus) : text.slice(0, at);
  let domain = text.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The domains whose addresses may fold into `key`'s mailbox: Gmail's two, or the key's own. */
export function mailboxDomains(key: string): string[] {
  const domain = key.slice(key.lastIndexOf('@') + 1);
  return GMAIL_DOMAINS.has(domain) ? [...GMAIL_DOMAINS] : [domain];
}
