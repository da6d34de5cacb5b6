import { Card, Title } from '@mantine/core';
import { PasswordChangeForm } from '../../../../components/ui/password-change-form';

/** Tab 7: the shared password form; success resets it and hides the plain text. */
export function ChangePasswordForm() {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="password-heading" maw={560}>
      <Title order={2} size="h4" mb="md" id="password-heading">
        Change Password
      </Title>
      <PasswordChangeForm />
    </Card>
  );
}
