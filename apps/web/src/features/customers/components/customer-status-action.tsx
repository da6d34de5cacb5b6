import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { CUSTOMER_MSG, type CustomerDetail } from '@parceldesk/shared/schemas/customers';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSetCustomerActive } from '../api/customers';

/** Deactivate (the customer can no longer sign in) or reactivate, after a confirmation. */
export function CustomerStatusAction({ customer }: { customer: CustomerDetail }) {
  const [asking, setAsking] = useState(false);
  const setActive = useSetCustomerActive(customer.id);
  const name = `${customer.firstName} ${customer.lastName}`;

  const toggle = async () => {
    const next = !customer.isActive;
    try {
      await setActive.mutateAsync(next);
      notify.success(next ? CUSTOMER_MSG.reactivated : CUSTOMER_MSG.deactivated);
    } catch (error) {
      notify.error(errorMessage(error, next ? 'Failed to reactivate customer' : 'Failed to deactivate customer'));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        variant="light"
        color={customer.isActive ? 'red' : 'green'}
        leftSection={customer.isActive ? <IconUserOff size={16} aria-hidden /> : <IconUserCheck size={16} aria-hidden />}
        onClick={() => setAsking(true)}
      >
        {customer.isActive ? 'Deactivate' : 'Reactivate'}
      </Button>
      <ConfirmModal
        opened={asking}
        title={customer.isActive ? `Deactivate ${name}?` : `Reactivate ${name}?`}
        message={customer.isActive ? `${name} will be signed out and will not be able to sign in until reactivated.` : `${name} will be able to sign in again.`}
        confirmLabel={customer.isActive ? 'Deactivate' : 'Reactivate'}
        danger={customer.isActive}
        isWorking={setActive.isPending}
        onConfirm={() => void toggle()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
