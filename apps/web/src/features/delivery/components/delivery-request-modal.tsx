import type { ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryRequest } from '@parceldesk/shared/schemas/delivery';
import { QueryState } from '../../../components/ui/query-state';
import { deliveryRequestQuery } from '../api/delivery';
import { DeliveryRequestDetail } from './delivery-request-detail';

/** One request in a dialog (full screen on a phone), with the actions the viewer may take below it. */
export function DeliveryRequestModal({ id, onClose, actions }: { id: string | null; onClose: () => void; actions: (request: DeliveryRequest) => ReactNode }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useQuery({ ...deliveryRequestQuery(id ?? ''), enabled: id !== null });
  return (
    <Modal opened={id !== null} onClose={onClose} title="Delivery request" size="xl" fullScreen={phone}>
      {id !== null && (
        <QueryState query={query} what="the delivery request">
          {(request) => (
            <Stack gap="lg">
              <DeliveryRequestDetail request={request} />
              {actions(request)}
            </Stack>
          )}
        </QueryState>
      )}
    </Modal>
  );
}
