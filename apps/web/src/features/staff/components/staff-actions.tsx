import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconMailForward, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { STAFF_MSG, type StaffDetail } from '@parceldesk/shared/schemas/staff';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useResendInvitation, useSetStaffActive } from '../api/staff';

/** Deactivate (revokes their sessions at once) or reactivate, and resend the invitation or a reset link. */
export function StaffActions({ member }: { member: StaffDetail }) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetStaffActive(member.id);
  const resend = useResendInvitation(member.id);
  const name = `${member.firstName} ${member.lastName}`;

  const toggle = async () => {
    const next = !member.isActive;
    try {
      await setActive.mutateAsync(next);
      notify.success(next ? STAFF_MSG.reactivated : STAFF_MSG.deactivated);
    } catch (error) {
      notify.error(errorMessage(error, next ? 'Failed to reactivate staff member' : 'Failed to deactivate staff member'));
    } finally {
      setAsking(false);
    }
  };

  const sendLink = async () => {
    try {
      const result = await resend.mutateAsync();
      notify.success(result.message || STAFF_MSG.invitationSent);
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to send the email'));
    }
  };

  return (
    <Group gap="xs">
      {member.isActive ? (
        <Button variant="light" leftSection={<IconMailForward size={16} aria-hidden />} loading={resend.isPending} onClick={() => void sendLink()}>
          {member.invitationPending ? 'Resend Invitation' : 'Send Password Reset'}
        </Button>
      ) : null}
      <Button
        variant="light"
        color={member.isActive ? 'red' : 'green'}
        leftSection={member.isActive ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {member.isActive ? 'Deactivate' : 'Reactivate'}
      </Button>
      <ConfirmModal
        opened={asking}
        title={member.isActive ? `Deactivate ${name}?` : `Reactivate ${name}?`}
        message={
          member.isActive
            ? `${name} will be signed out everywhere at once and will not be able to sign in until reactivated.`
            : `${name} will be able to sign in again.`
        }
        confirmLabel={member.isActive ? 'Deactivate' : 'Reactivate'}
        danger={member.isActive}
        isWorking={setActive.isPending}
        onConfirm={() => void toggle()}
        onCancel={() => setAsking(false)}
      />
    </Group>
  );
}
