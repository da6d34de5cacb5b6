import { useState } from 'react';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useEmailConfig } from '../../api/email-config';
import { QueryState } from '../../../../components/ui/query-state';
import { EmailConfigForm } from './email-config-form';
import { TestEmailModal } from './test-email-modal';

/** Tab 5: the courier's own SMTP server. */
export function EmailConfigTab({ courierId }: { courierId: string }) {
  const query = useEmailConfig(courierId);
  const [testOpen, setTestOpen] = useState(false);
  const isSaved = Boolean(query.data);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-heading">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="email-heading">
          Email Configuration
        </Title>
        <Button variant="light" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setTestOpen(true)} disabled={!isSaved}>
          Send Test Email
        </Button>
      </Group>
      {query.isSuccess && !isSaved ? (
        <Text size="sm" c="dimmed" mb="sm">
          No configuration saved yet. Save your SMTP server's details, then send a test email.
        </Text>
      ) : null}
      <QueryState query={query} what="the email configuration" rows={6}>
        {(config) => <EmailConfigForm key={config ? `${config.smtp_host}|${config.has_password}` : 'new'} courierId={courierId} config={config} />}
      </QueryState>
      <TestEmailModal opened={testOpen} courierId={courierId} onClose={() => setTestOpen(false)} />
    </Card>
  );
}
