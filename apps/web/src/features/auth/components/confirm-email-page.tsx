import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Anchor, Button, Text } from '@mantine/core';
import { APP_NAME } from '@parceldesk/shared/constants';
import { MSG } from '@parceldesk/shared/messages';
import { loginPathFor, ROLE_HOME, type Role } from '@parceldesk/shared/roles';
import { errorMessage } from '../../../lib/api-client';
import { authApi } from '../../../lib/auth-api';
import { useBranding } from '../../../lib/branding';
import { withApiKey } from '../../../lib/api-key-path';
import { AuthShell } from './auth-shell';

type State = { kind: 'ready' } | { kind: 'working' } | { kind: 'done'; message: string; role: Role } | { kind: 'failed'; message: string };

/**
 * /confirm-email: opened from the link sent to a new email address (issue 15 #2). The change
 * happens on the button, not on load, so a mail scanner fetching the link confirms nothing.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const { courier } = useBranding();
  const token = params.get('token');
  const apiKey = params.get('api_key');
  const brandName = courier?.name ?? APP_NAME;
  const [state, setState] = useState<State>(token ? { kind: 'ready' } : { kind: 'failed', message: MSG.emailChangeInvalid });

  const confirm = async () => {
    if (!token) return;
    setState({ kind: 'working' });
    try {
      const result = await authApi.confirmEmail({ token });
      setState({ kind: 'done', message: result.message, role: result.role });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error, MSG.emailChangeInvalid) });
    }
  };

  const signIn = (role: Role | null) => {
    const path = role ? loginPathFor(ROLE_HOME[role]) : apiKey ? '/login' : '/staff/login';
    return withApiKey(path, role === 'customer' || (!role && apiKey) ? apiKey : null);
  };

  return (
    <AuthShell title="Confirm Email Address" brandName={brandName} logoUrl={courier?.logo_url}>
      {state.kind === 'done' ? (
        <Text role="status" ta="center">{state.message}</Text>
      ) : state.kind === 'failed' ? (
        <Text role="alert" ta="center">{state.message}</Text>
      ) : (
        <>
          <Text ta="center">Confirm that this is now the email address of your account. Until you do, the account keeps its old address.</Text>
          <Button fullWidth loading={state.kind === 'working'} onClick={() => void confirm()}>
            Confirm New Email
          </Button>
        </>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={signIn(state.kind === 'done' ? state.role : null)}>Go to sign in</Anchor>
      </Text>
    </AuthShell>
  );
}
