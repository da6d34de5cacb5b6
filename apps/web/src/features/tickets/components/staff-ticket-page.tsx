import { useParams } from 'react-router';
import { Stack } from '@mantine/core';
import { ACCESS } from '@parceldesk/shared/access';
import { useCanAccess } from '../../../lib/use-access';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useTicket } from '../api/tickets';
import { NoTicketAccess } from './no-ticket-access';
import { TicketView } from './ticket-view';

/** /superadmin|/admin|/staff/support-tickets/{id}: one conversation, with reply and status controls. */
export function StaffTicketPage() {
  const canView = useCanAccess()(ACCESS.ticketsStaffView);
  return canView ? <StaffTicket /> : <NoTicketAccess />;
}

function StaffTicket() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const query = useTicket(id);
  const back = { to: `${root}/support-tickets`, label: 'All tickets' };
  const title = query.data ? `${query.data.ticket_no}: ${query.data.subject}` : 'Support ticket';
  return (
    <Stack gap="lg">
      <PageHeader title={title} back={back} />
      <QueryState query={query} what="the ticket">
        {(ticket) => <TicketView ticket={ticket} viewer="staff" showCourier={root === '/superadmin'} />}
      </QueryState>
    </Stack>
  );
}
