import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { ActionIcon, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TICKET_DEPARTMENTS_MAX, TICKET_MSG, ticketSettingsSchema, type TicketSettings } from '@parceldesk/shared/schemas/tickets';
import { submitWithFeedback } from '../../../lib/submit-with-feedback';
import { QueryState } from '../../../components/ui/query-state';
import { useSaveTicketSettings, useTicketSettings } from '../api/ticket-settings';

/** The form edits departments as rows (react-hook-form's field arrays hold objects). */
interface FormValues {
  notifyStaffByEmail: boolean;
  departments: { name: string }[];
}

const toForm = (settings: TicketSettings): FormValues => ({
  notifyStaffByEmail: settings.notifyStaffByEmail,
  departments: settings.departments.map((name) => ({ name })),
});

/**
 * Validates with the shared ticketSettingsSchema (the API's own), putting a department's message
 * on its row and the list's (none, too many, a name twice) under the list.
 */
const settingsResolver: Resolver<FormValues, unknown, TicketSettings> = async (values) => {
  const result = ticketSettingsSchema.safeParse({ notifyStaffByEmail: values.notifyStaffByEmail, departments: values.departments.map((d) => d.name) });
  if (result.success) return { values: result.data, errors: {} };
  const rows: ({ name: { type: string; message: string } } | undefined)[] = [];
  let list: { type: string; message: string } | undefined;
  for (const issue of result.error.issues) {
    const [field, index] = issue.path;
    if (field !== 'departments') continue;
    if (typeof index === 'number') rows[index] ??= { name: { type: issue.code, message: issue.message } };
    else list ??= { type: issue.code, message: issue.message };
  }
  const departments = Object.assign(rows, list ? { root: list } : {});
  return { values: {}, errors: { departments } as unknown as FieldErrors<FormValues> };
};

/** Admins: the departments customers file tickets under, and whether staff get new tickets by email. */
export function TicketSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useTicketSettings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Ticket settings" centered size="lg">
      <QueryState query={settings} what="the ticket settings">
        {(loaded) => <TicketSettingsForm settings={loaded} onDone={onClose} />}
      </QueryState>
    </Modal>
  );
}

export function TicketSettingsForm({ settings, onDone }: { settings: TicketSettings; onDone: () => void }) {
  const save = useSaveTicketSettings();
  const { register, control, handleSubmit, setError, formState: { errors } } = useForm<FormValues, unknown, TicketSettings>({
    resolver: settingsResolver,
    defaultValues: toForm(settings),
  });
  const departments = useFieldArray({ control, name: 'departments' });

  const submit = handleSubmit(async (values) => {
    const saved = await submitWithFeedback(setError, [], () => save.mutateAsync(values), {
      success: TICKET_MSG.settingsUpdated, failure: 'Failed to save the ticket settings',
    });
    if (saved) onDone();
  });

  const listError = errors.departments?.root?.message;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Switch
          {...register('notifyStaffByEmail')}
          label="Email staff about new tickets"
          description="Staff who can view tickets get an email for each new ticket, besides the bell."
        />
        <Stack gap="xs" role="group" aria-labelledby="ticket-departments-label">
          <Text id="ticket-departments-label" fw={500} size="sm">Departments</Text>
          <Text size="xs" c="dimmed">Customers choose one when they open a ticket. Existing tickets keep theirs.</Text>
          {departments.fields.map((field, index) => (
            <Group key={field.id} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                {...register(`departments.${index}.name`)}
                aria-label={`Department ${index + 1}`}
                error={errors.departments?.[index]?.name?.message}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove department ${index + 1}`}
                onClick={() => departments.remove(index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {listError ? <Text c="red" size="sm" role="alert">{listError}</Text> : null}
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => departments.append({ name: '' })}
            disabled={departments.fields.length >= TICKET_DEPARTMENTS_MAX}
            w="fit-content"
          >
            Add department
          </Button>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>Save Settings</Button>
        </Group>
      </Stack>
    </form>
  );
}
