/**
 * What the notifications list may show of a recipient and of a delivery error: enough to tell two messages apart
 * and to see why a gateway refused one, never enough to reach the person (docs/decisions.md).
 */

const dot = '•';

/** `+201012344321` → `+2010••••4321`: the country and network prefix and the last four digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 9) return `${dot.repeat(Math.max(digits.length - 2, 3))}${digits.slice(-2)}`;
  return `+${digits.slice(0, 4)}${dot.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/** `ahmed@example.com` → `a••@example.com`: the first letter of the name and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return `${dot.repeat(3)}`;
  return `${email.slice(0, 1)}${dot.repeat(2)}${email.slice(at)}`;
}

export const maskRecipient = (channel: 'sms' | 'email', recipient: string) =>
  channel === 'sms' ? maskPhone(recipient) : maskEmail(recipient);

/** How much of a delivery error the list shows (the reason is in its first words; the rest is the gateway's echo). */
export const errorLength = 120;

/**
 * A delivery error as the list shows it: addresses and long numbers masked (an SMTP refusal echoes the address,
 * a gateway the phone), a URL's credentials and query dropped, then cut to `errorLength` characters.
 */
export function shortError(error: string | null): string | null {
  if (error === null) return null;
  const cleaned = error
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1')
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s?#]+)[?#]\S*/gi, '$1')
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[a-z]{2,}/gi, (email) => maskEmail(email))
    .replace(/\+?\d[\d\s-]{6,}\d/g, (number) => maskPhone(number))
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > errorLength ? `${cleaned.slice(0, errorLength - 1)}…` : cleaned;
}
