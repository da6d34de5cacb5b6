import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { BATCH_EMAIL_MSG } from '@parceldesk/shared/schemas/batch-emails';
import type { ResponseOf } from '@parceldesk/shared/contract';
import { api, errorMessage } from '../../../lib/api-client';

type State = { kind: 'ready' } | { kind: 'working' } | { kind: 'done'; message: string; courierName: string } | { kind: 'failed'; message: string };

/**
 * /unsubscribe?token=… (issue 14): the link at the end of every batch email; no sign-in. It takes
 * effect on the button, not on load, so a mail scanner opening the link unsubscribes nobody
 * (like /confirm-email); once pressed, no further batch email is sent to the customer.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'failed', message: BATCH_EMAIL_MSG.unsubscribeInvalid });
  const unsubscribe = async () => {
    if (!token) return;
    setState({ kind: 'working' });
    try {
      const answer = await api<ResponseOf<'POST /unsubscribe'>>('/unsubscribe', { method: 'POST', body: { token } });
      setState({ kind: 'done', message: answer.message, courierName: answer.courierName });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, BATCH_EMAIL_MSG.unsubscribeInvalid) });
    }
  };
  return (
    <Center mih="100vh" p="md">
      <Card withBorder padding="xl" maw={460} w="100%">
        <Stack gap="md">
          <Title order={1} size="h3">{state.kind === 'done' ? `Unsubscribed from ${state.courierName}` : 'Unsubscribe from marketing emails'}</Title>
          {state.kind === 'done' ? <Text role="status">{state.message}</Text>
            : state.kind === 'failed' ? <Text role="alert">{state.message}</Text>
              : (
                <>
                  <Text>Stop receiving news and offers by email. Receipts and parcel updates will still arrive. You can switch this back on in your profile.</Text>
                  <Button loading={state.kind === 'working'} onClick={() => void unsubscribe()}>Unsubscribe</Button>
                </>
              )}
        </Stack>
      </Card>
    </Center>
  );
}
