import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ACCESS } from '@parceldesk/shared/access';
import type { TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { DataTable } from '../../../components/data-table/data-table';
import { useCanAccess } from '../../../lib/use-access';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { STAFF_TICKETS_ENDPOINT, useTicketByNumber } from '../api/tickets';
import { NoTicketAccess } from './no-ticket-access';
import { TicketSettingsModal } from './ticket-settings-modal';
import { staffTicketColumns } from './ticket-columns';
import { useTicketParam } from './use-open-ticket-param';

/** /superadmin|/admin|/staff/support-tickets; ?ticket=NO opens that ticket (the bell's links). */
export function StaffTicketsPage() {
  const canView = useCanAccess()(ACCESS.ticketsStaffView);
  return canView ? <StaffTickets /> : <NoTicketAccess />;
}

function StaffTickets() {
  const root = useAreaRoot();
  const isNetwork = root === '/superadmin';
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The courier's admin sets its departments and staff emails (the super admin has no one courier here).
  const settingsButton = root === '/admin' ? <Button variant="default" onClick={() => setSettingsOpen(true)}>Ticket Settings</Button> : undefined;
  return (
    <Stack gap="lg">
      <PageHeader title="Support Tickets" subtitle={isNetwork ? 'Tickets of every courier in the network' : undefined} actions={settingsButton} />
      {settingsButton ? <TicketSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} /> : null}
      <OpenTicketByNumber />
      <DataTable<TicketListItem>
        endpoint={STAFF_TICKETS_ENDPOINT}
        columns={staffTicketColumns(isNetwork)}
        rowKey={(row) => row.id}
        rowHref={(row) => `${root}/support-tickets/${row.id}`}
        title="Tickets"
        exportFileName="support-tickets"
        searchPlaceholder="Search by ticket number, subject or customer"
      />
    </Stack>
  );
}

/** Resolves ?ticket=NO through the by-number endpoint and opens the conversation in its place. */
function OpenTicketByNumber() {
  const root = useAreaRoot();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { ticketNo, courierId, close } = useTicketParam();
  const [, setParams] = useSearchParams();
  const query = useTicketByNumber(ticketNo, courierId);
  const ticket = query.data;

  useEffect(() => {
    if (!ticket) return;
    client.setQueryData(['tickets', 'detail', ticket.id], ticket);
    navigate(`${root}/support-tickets/${ticket.id}`, { replace: true });
  }, [ticket, client, navigate, root]);

  // Numbers repeat across couriers: a super admin link without the courier lists the candidates.
  const isAmbiguous = query.error instanceof ApiError && query.error.status === 409;
  useEffect(() => {
    if (!isAmbiguous || !ticketNo) return;
    notify.info(`Several couriers have a ticket numbered ${ticketNo}: choose one from the list.`);
    setParams(new URLSearchParams({ search: ticketNo }), { replace: true });
  }, [isAmbiguous, ticketNo, setParams]);

  if (!ticketNo) return null;
  if (query.isError && !isAmbiguous) {
    return (
      <Alert color="red" title={`Could not open ticket ${ticketNo}`} role="alert">
        <Stack gap="xs" align="flex-start">
          {errorMessage(query.error, 'Please try again.')}
          <Button size="xs" variant="light" color="red" onClick={close}>
            Dismiss
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="xs" aria-live="polite">
      <Loader size="xs" aria-hidden />
      <Text size="sm">{`Opening ticket ${ticketNo}…`}</Text>
    </Group>
  );
}
