import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { ValidatedCourier } from '@parceldesk/shared/schemas/couriers';
import { hasSeenLoginNotice } from '../login-notice-seen';

// The sign-in pages are the first thing a customer's phone downloads: their dialogs (and the
// modal, focus-trap and scroll-lock code behind them) load only when one is about to open.
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })));
const LoginNoticeModal = lazy(() => import('./login-notice-modal').then((m) => ({ default: m.LoginNoticeModal })));

/** The forgot-password dialog, loaded the first time it opens and kept afterwards (its closing animation). */
export function ForgotPasswordDialogOnDemand(props: ComponentProps<typeof ForgotPasswordDialog>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ForgotPasswordDialog {...props} />
    </Suspense>
  );
}

/** The courier's login notice, loaded only when there is one this browser session has not shown. */
export function LoginNoticeOnDemand({ courier }: { courier: ValidatedCourier | null }) {
  const [wanted, setWanted] = useState(false);
  // Sticky: the modal marks the notice seen as it opens, and must stay mounted while open.
  if (!wanted && courier?.login_notice?.trim() && !hasSeenLoginNotice(courier.id)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginNoticeModal courier={courier} />
    </Suspense>
  );
}
