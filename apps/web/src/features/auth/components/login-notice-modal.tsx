import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { ValidatedCourier } from '@parceldesk/shared/schemas/couriers';
import { hasSeenLoginNotice, markLoginNoticeSeen } from '../login-notice-seen';

/**
 * Spec section 2 hard-coded a password-change notice for one courier; here any courier may set a
 * login notice, shown once per browser session.
 */
export function LoginNoticeModal({ courier }: { courier: ValidatedCourier | null }) {
  const [opened, setOpened] = useState(false);
  const notice = courier?.login_notice?.trim();

  useEffect(() => {
    if (!courier || !notice || hasSeenLoginNotice(courier.id)) return;
    markLoginNoticeSeen(courier.id);
    setOpened(true);
  }, [courier, notice]);

  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Important notice" centered>
      <Text style={{ whiteSpace: 'pre-line' }}>{notice}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => setOpened(false)}>Got it</Button>
      </Group>
    </Modal>
  );
}
