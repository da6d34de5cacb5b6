import { PasswordChangeForm } from '../../../components/ui/password-change-form';
import { useUpdateOwnPassword } from '../api/update-own-account';

/** Staff My Profile password form: the browser checks only the match (spec section 5). */
export function StaffPasswordForm({ userId }: { userId: string }) {
  const update = useUpdateOwnPassword(userId);
  return <PasswordChangeForm rules="match-only" submit={update.mutateAsync} />;
}
