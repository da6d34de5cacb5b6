/**
 * A notification's link is a path inside the app (without the /courier base). Anything else (an
 * absolute or protocol-relative URL) is not followed: a notification must not lead off-site.
 */
export function safeAppPath(link: string | null | undefined): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  return link;
}
