import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { PEOPLE_MSG, type NetworkCourierDetail } from '@parceldesk/shared/schemas/people';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSetCourierSuspended } from '../api/couriers';

/** Suspend (its users and customers cannot sign in) or reactivate, after a confirmation. */
export function CourierStatusAction({ courier }: { courier: NetworkCourierDetail }) {
  const [asking, setAsking] = useState(false);
  const change = useSetCourierSuspended(courier.id);
  const isActive = courier.status === 'active';

  const confirm = async () => {
    try {
      await change.mutateAsync(isActive);
      notify.success(isActive ? PEOPLE_MSG.courierSuspended : PEOPLE_MSG.courierReactivated);
    } catch (error) {
      notify.error(errorMessage(error, isActive ? 'Failed to suspend courier' : 'Failed to reactivate courier'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        variant="light"
        color={isActive ? 'red' : 'green'}
        leftSection={isActive ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {isActive ? 'Suspend' : 'Reactivate'}
      </Button>
      <ConfirmModal
        opened={asking}
        title={isActive ? `Suspend ${courier.name}?` : `Reactivate ${courier.name}?`}
        message={
          isActive
            ? `Nobody at ${courier.name} (admins, staff and customers) will be able to sign in until it is reactivated. Current sessions end at once.`
            : `${courier.name}'s admins, staff and customers will be able to sign in again.`
        }
        confirmLabel={isActive ? 'Suspend' : 'Reactivate'}
        danger={isActive}
        isWorking={change.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
