import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@parceldesk/shared/domain/ticket-status';
import { TICKET_MSG } from '@parceldesk/shared/schemas/tickets';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useChangeTicketStatus } from '../api/tickets';
import { statusBadgeColor } from './ticket-status-badge';

const STATUS_FAILED = 'Failed to update the ticket status';

/** The button for a move: reopening reads differently from starting work. */
export function statusActionLabel(from: TicketStatus, to: TicketStatus): string {
  if (to === 'in_progress') return from === 'pending' ? 'Mark In Progress' : 'Reopen';
  if (to === 'resolved') return 'Mark Resolved';
  if (to === 'closed') return 'Close Ticket';
  return `Mark ${TICKET_STATUS_LABELS[to]}`;
}

interface StatusActionsProps {
  ticketId: string;
  status: TicketStatus;
  /** The moves the server allows this viewer now (TicketDetail.allowedStatuses). */
  allowed: readonly TicketStatus[];
}

/** One button per allowed move (docs/decisions/002-ticket-statuses.md); a refusal is shown, not hidden. */
export function StatusActions({ ticketId, status, allowed }: StatusActionsProps) {
  const change = useChangeTicketStatus(ticketId);
  const [failure, setFailure] = useState<string | null>(null);
  const moves = allowed.filter((to) => to !== status);
  if (moves.length === 0) return null;

  const move = async (to: TicketStatus) => {
    setFailure(null);
    try {
      await change.mutateAsync(to);
      notify.success(TICKET_MSG.statusUpdated);
    } catch (error) {
      const message = errorMessage(error, STATUS_FAILED);
      setFailure(message);
      notify.error(message);
    }
  };

  return (
    <div role="group" aria-label="Change status">
      <Group gap="xs" align="center">
        <Text size="sm" c="dimmed">
          Change status:
        </Text>
        {moves.map((to) => (
          <Button
            key={to}
            size="xs"
            variant="light"
            color={statusBadgeColor(to)}
            loading={change.isPending && change.variables === to}
            disabled={change.isPending}
            onClick={() => void move(to)}
          >
            {statusActionLabel(status, to)}
          </Button>
        ))}
      </Group>
      {failure ? (
        <Alert color="red" mt="xs" role="alert" title="The status was not changed">
          {failure}
        </Alert>
      ) : null}
    </div>
  );
}
