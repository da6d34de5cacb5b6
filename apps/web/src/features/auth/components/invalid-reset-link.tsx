import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import { AuthShell } from './auth-shell';

interface InvalidResetLinkProps {
  /** Where a new link can be requested (the login page with its forgot-password dialog). */
  loginPath: string;
  brandName?: string;
  logoUrl?: string | null;
}

/** Spec sections 2 and 5: a reset page opened without a token. */
export function InvalidResetLink({ loginPath, brandName, logoUrl }: InvalidResetLinkProps) {
  return (
    <AuthShell title={MSG.resetLinkInvalid} brandName={brandName} logoUrl={logoUrl}>
      <Text role="alert" ta="center">{MSG.resetTokenMissing}</Text>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={loginPath}>Request a new reset link</Anchor>
      </Text>
    </AuthShell>
  );
}
