import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TicketMessage } from '@parceldesk/shared/schemas/tickets';
import { formatDateTime } from '../../../components/ui/format-date';
import { AttachmentList } from './attachment-list';

/** Spec section 3: a message with a staff user_id and no customer_id is a staff reply. */
export const isStaffMessage = (message: Pick<TicketMessage, 'user_id' | 'customer_id'>) => !!message.user_id && !message.customer_id;

interface TicketConversationProps {
  messages: readonly TicketMessage[];
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'staff' | 'customer';
}

/** The messages oldest first; staff replies are tinted blue and labelled, the customer's plain. */
export function TicketConversation({ messages, viewer }: TicketConversationProps) {
  return (
    <Stack gap="sm" component="ol" aria-label="Conversation" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {messages.map((message) => {
        const fromStaff = isStaffMessage(message);
        const isOwnSide = (viewer === 'staff') === fromStaff;
        return (
          <Paper
            key={message.id}
            component="li"
            withBorder
            p="sm"
            radius="md"
            data-author={fromStaff ? 'staff' : 'customer'}
            aria-label={`${fromStaff ? 'Staff reply' : 'Customer message'} from ${message.authorName}`}
            bg={fromStaff ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-body)'}
            style={{
              alignSelf: isOwnSide ? 'flex-end' : 'flex-start',
              width: 'min(100%, 40rem)',
              borderLeft: fromStaff ? '4px solid var(--mantine-color-blue-filled)' : undefined,
            }}
          >
            <Group justify="space-between" gap="xs" wrap="wrap" mb={4}>
              <Group gap={6} wrap="nowrap" miw={0}>
                <Text fw={600} size="sm" truncate>
                  {message.authorName}
                </Text>
                <Badge size="xs" variant={fromStaff ? 'filled' : 'outline'} color={fromStaff ? 'blue' : 'gray'}>
                  {fromStaff ? 'Staff' : 'Customer'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" component="time" dateTime={message.createdAt}>
                {formatDateTime(message.createdAt)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.body}
            </Text>
            <AttachmentList attachments={message.attachments} />
          </Paper>
        );
      })}
    </Stack>
  );
}
