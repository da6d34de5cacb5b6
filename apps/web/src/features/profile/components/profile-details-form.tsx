import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/ui/form-actions';
import { MSG } from '@parceldesk/shared/messages';
import { staffProfileSchema } from '@parceldesk/shared/schemas/profile';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import { useAuth } from '../../../lib/auth-context';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { useUpdateOwnProfile } from '../api/update-own-account';

const FIELDS = ['firstName', 'lastName', 'email'] as const;

const valuesOf = (user: AuthUser) => ({ firstName: user.first_name, lastName: user.last_name, email: user.email });

export function ProfileDetailsForm({ user }: { user: AuthUser }) {
  const { setUser } = useAuth();
  const update = useUpdateOwnProfile(user.id);
  const form = useForm({ resolver: zodResolver(staffProfileSchema), defaultValues: valuesOf(user) });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await submitWithFeedback(form.setError, FIELDS, () => update.mutateAsync(values), {
      // The server says when a new email waits for its confirmation link (issue 15).
      success: (saved) => saved.message || MSG.profileUpdated, failure: MSG.profileUpdateFailed,
    });
    if (!result) return;
    setUser(result.user);
    form.reset(valuesOf(result.user));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Profile details">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="First Name" autoComplete="given-name" required error={errors.firstName?.message} {...form.register('firstName')} miw={200} />
          <TextInput label="Last Name" autoComplete="family-name" required error={errors.lastName?.message} {...form.register('lastName')} miw={200} />
        </Group>
        <TextInput label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
        <FormActions submitLabel="Save Changes" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
