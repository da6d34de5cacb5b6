import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { emailConfigSchema, SETTINGS_MSG } from '@parceldesk/shared/schemas/settings';
import { PasswordField } from '../../../../components/ui/password-field';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useSaveEmailConfig, type EmailConfig } from '../../api/email-config';

const FIELDS = ['smtp_host', 'smtp_port', 'smtp_user', 'smtp_password', 'from_email', 'from_name', 'status'] as const;
export const PASSWORD_KEPT = 'A password is saved. Leave empty to keep it.';
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** Every field is required (spec section 5); the password only until one is stored. */
const schemaFor = (hasPassword: boolean) =>
  hasPassword
    ? emailConfigSchema
    : emailConfigSchema.refine((v) => v.smtp_password.length > 0, { path: ['smtp_password'], message: SETTINGS_MSG.smtpPasswordRequired });

const valuesOf = (config: EmailConfig | null) => ({
  smtp_host: config?.smtp_host ?? '',
  smtp_port: config?.smtp_port ?? '',
  smtp_user: config?.smtp_user ?? '',
  smtp_password: '',
  from_email: config?.from_email ?? '',
  from_name: config?.from_name ?? '',
  status: config?.status ?? 'active',
});

export function EmailConfigForm({ courierId, config }: { courierId: string; config: EmailConfig | null }) {
  const save = useSaveEmailConfig(courierId);
  const hasPassword = config?.has_password ?? false;
  const form = useForm({ resolver: zodResolver(schemaFor(hasPassword)), defaultValues: valuesOf(config) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submitWithFeedback(form.setError, FIELDS, () => save.mutateAsync(values).then(() => true), {
      success: SETTINGS_MSG.emailConfigSaved,
      failure: SETTINGS_MSG.emailConfigFailed,
    });
    if (!saved) return;
    // The password is never shown again; the form says one is saved.
    form.reset({ ...values, smtp_password: '' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Email configuration">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="SMTP Host" placeholder="smtp.example.com" required error={errors.smtp_host?.message} {...form.register('smtp_host')} />
          <TextInput label="SMTP Port" placeholder="587" inputMode="numeric" required error={errors.smtp_port?.message} {...form.register('smtp_port')} />
          <TextInput label="SMTP User" autoComplete="off" required error={errors.smtp_user?.message} {...form.register('smtp_user')} />
          <PasswordField
            label="SMTP Password"
            autoComplete="new-password"
            required={!hasPassword}
            description={hasPassword ? PASSWORD_KEPT : undefined}
            error={errors.smtp_password?.message}
            {...form.register('smtp_password')}
          />
          <TextInput label="From Email" type="email" placeholder="no-reply@example.com" required error={errors.from_email?.message} {...form.register('from_email')} />
          <TextInput label="From Name" required error={errors.from_name?.message} {...form.register('from_name')} />
        </SimpleGrid>
        <NativeSelect
          label="Status"
          data={STATUS_OPTIONS}
          description="Inactive holds this courier's emails in the queue; they are sent once it is active again."
          error={errors.status?.message}
          {...form.register('status')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Save Configuration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
