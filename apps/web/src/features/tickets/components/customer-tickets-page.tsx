import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { TicketListItem } from '@parceldesk/shared/schemas/tickets';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { MY_TICKETS_ENDPOINT, useTicketByNumber } from '../api/tickets';
import { NewTicketModal } from './new-ticket-modal';
import { customerTicketColumns } from './ticket-columns';
import { TicketView } from './ticket-view';
import { useTicketParam } from './use-open-ticket-param';

/**
 * /customer/support-tickets: the customer's own tickets and, with ?ticket=NO, one conversation
 * (the customer area has no per-ticket route, spec section 2).
 */
export function CustomerTicketsPage() {
  const { ticketNo, open, close } = useTicketParam();
  const [isCreating, setCreating] = useState(false);
  return (
    <Stack gap="lg">
      {ticketNo ? (
        <CustomerTicket ticketNo={ticketNo} onBack={close} />
      ) : (
        <>
          <PageHeader
            title="Support Tickets"
            subtitle="Ask us anything about your packages, invoices or account."
            actions={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                New Ticket
              </Button>
            }
          />
          <DataTable<TicketListItem>
            endpoint={MY_TICKETS_ENDPOINT}
            columns={customerTicketColumns()}
            rowKey={(row) => row.id}
            onRowClick={(row) => open(row.ticket_no)}
            title="My Tickets"
            searchPlaceholder="Search by ticket number or subject"
          />
        </>
      )}
      <NewTicketModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(ticket) => {
          setCreating(false);
          open(ticket.ticket_no);
        }}
      />
    </Stack>
  );
}

function CustomerTicket({ ticketNo, onBack }: { ticketNo: string; onBack: () => void }) {
  const query = useTicketByNumber(ticketNo);
  const title = query.data ? `${query.data.ticket_no}: ${query.data.subject}` : `Ticket ${ticketNo}`;
  return (
    <Stack gap="lg">
      <PageHeader title={title} back={{ onClick: onBack, label: 'All tickets' }} />
      <QueryState query={query} what="the ticket">
        {(ticket) => <TicketView ticket={ticket} viewer="customer" />}
      </QueryState>
    </Stack>
  );
}
