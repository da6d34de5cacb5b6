import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { ConfirmModal } from './confirm-modal';

interface SignInAsButtonProps extends Omit<ButtonProps, 'onClick'> {
  targetType: 'user' | 'customer';
  targetId: string;
  /** Whose account, for the button's accessible name and the question ("Jane Brown"). */
  name: string;
}

/**
 * "Sign in as" through a single-use impersonation link (audited by the server). The link opens in
 * this tab: the browser holds one session, so the current one is replaced by the impersonated one.
 */
export function SignInAsButton({ targetType, targetId, name, ...props }: SignInAsButtonProps) {
  const [asking, setAsking] = useState(false);
  const issue = useMutation({
    mutationFn: () => api<ResponseOf<'POST /auth/impersonate'>>('/auth/impersonate', { method: 'POST', body: { targetType, targetId } }),
  });

  const go = async () => {
    try {
      const { url } = await issue.mutateAsync();
      window.location.assign(url);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not start the sign-in. Please try again.'));
      setAsking(false);
    }
  };

  return (
    <>
      <Button variant="light" leftSection={<IconLogin2 size={16} aria-hidden />} aria-label={`Sign in as ${name}`} onClick={() => setAsking(true)} {...props}>
        Sign in as
      </Button>
      <ConfirmModal
        opened={asking}
        title={`Sign in as ${name}?`}
        message="This tab will switch to their account. Every action is recorded in the audit log under your name. Sign out when you are done, then sign in again as yourself."
        confirmLabel="Sign in as"
        isWorking={issue.isPending}
        onConfirm={() => void go()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
