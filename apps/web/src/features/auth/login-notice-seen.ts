/** The courier's login notice shows once per browser session (spec section 2, customer login). */
const key = (courierId: string) => `login_notice_seen:${courierId}`;

export function hasSeenLoginNotice(courierId: string): boolean {
  try {
    return sessionStorage.getItem(key(courierId)) === 'true';
  } catch {
    return false; // storage disabled: show the notice
  }
}

export function markLoginNoticeSeen(courierId: string): void {
  try {
    sessionStorage.setItem(key(courierId), 'true');
  } catch {
    // storage disabled: the notice shows again next visit, which is harmless
  }
}
