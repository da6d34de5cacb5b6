import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_MSG, webhookEndpointInputSchema, type WebhookEndpointInput,
} from '@parceldesk/shared/schemas/webhooks';
import { submitWithFeedback } from '../../../../lib/submit-with-feedback';
import { useCreateWebhook } from '../../api/webhooks';

const FIELDS = ['url', 'description', 'events'] as const;

/** Adds an endpoint; its signing secret comes back once and is handed to `onCreated` to show. */
export function WebhookForm({ onCreated }: { onCreated: (secret: string, url: string) => void }) {
  const create = useCreateWebhook();
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', description: '', events: [] },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const created = await submitWithFeedback(form.setError, FIELDS, () => create.mutateAsync(values), {
      success: (answer) => answer.message,
      failure: 'Failed to create the webhook',
    });
    if (!created) return;
    onCreated(created.secret, created.data.url);
    form.reset();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add webhook">
      <Stack gap="sm">
        <TextInput label="Endpoint URL" placeholder="https://example.com/parceldesk/webhooks" required inputMode="url" error={errors.url?.message} {...form.register('url')} />
        <TextInput label="Description" placeholder="Accounting system" error={errors.description?.message} {...form.register('description')} />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group label="Events" withAsterisk value={field.value} onChange={field.onChange} error={errors.events?.message ?? (errors.events ? WEBHOOK_MSG.eventsRequired : undefined)}>
              <Stack gap={6} mt={6}>
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={`${WEBHOOK_EVENT_LABELS[type]} (${type})`} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            Add Webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
