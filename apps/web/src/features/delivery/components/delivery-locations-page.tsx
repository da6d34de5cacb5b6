import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { PARISHES } from '@parceldesk/shared/constants';
import { deliveryLocationFormSchema, type DeliveryLocation, type deliveryLocationListColumns } from '@parceldesk/shared/schemas/delivery';
import { DataTable } from '../../../components/data-table/data-table';
import type { ListTableColumns } from '../../../components/data-table/types';
import { formatDate } from '../../../components/ui/format-date';
import { formatJmd } from '../../../components/ui/format-money';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { DELIVERY_LOCATIONS_ENDPOINT, useDeactivateLocation, useSaveLocation } from '../api/delivery';

type Errors = Partial<Record<'name' | 'parish' | 'feeCents', string>>;

function LocationForm({ location, onClose }: { location: DeliveryLocation | null; onClose: () => void }) {
  const save = useSaveLocation();
  const [name, setName] = useState(location?.name ?? '');
  const [parish, setParish] = useState(location?.parish ?? '');
  const [fee, setFee] = useState<number | string>(location ? location.feeCents / 100 : '');
  const [isActive, setIsActive] = useState(location?.isActive ?? true);
  const [notes, setNotes] = useState(location?.notes ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const feeCents = fee === '' ? Number.NaN : Math.round(Number(fee) * 100);
    const parsed = deliveryLocationFormSchema.safeParse({ name, parish, feeCents, isActive, notes });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0]) as keyof Errors] ??= issue.message;
      setErrors(next);
      return;
    }
    save.mutate({ id: location?.id ?? null, form: parsed.data }, {
      onSuccess: (answer) => { notify.success(answer.message); onClose(); },
      onError: (problem) => {
        const message = errorMessage(problem, 'Could not save the delivery location');
        if (/name/i.test(message)) setErrors({ name: message });
        notify.error(message);
      },
    });
  };
  return (
    <Stack component="form" onSubmit={submit} gap="sm" aria-label="Delivery location">
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
      <NativeSelect label="Parish" value={parish} onChange={(e) => setParish(e.currentTarget.value)} error={errors.parish}
        data={[{ value: '', label: 'Choose a parish' }, ...PARISHES.map((p) => ({ value: p, label: p }))]} />
      <NumberInput label="Fee (J$)" value={fee} onChange={setFee} min={0} decimalScale={2} thousandSeparator="," error={errors.feeCents} />
      <Switch label="Active (customers can choose it)" checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
      <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} />
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClose}>Cancel</Button>
        <Button type="submit" loading={save.isPending}>Save</Button>
      </Group>
    </Stack>
  );
}

/** /admin/delivery-locations: the areas the courier delivers to, with their fees. */
export function DeliveryLocationsPage() {
  const [editing, setEditing] = useState<DeliveryLocation | 'new' | null>(null);
  const deactivate = useDeactivateLocation();
  const columns: ListTableColumns<DeliveryLocation, typeof deliveryLocationListColumns, 'actions'> = [
    { field: 'name', label: 'Name', sortable: true, filterable: true },
    { field: 'parish', label: 'Parish', sortable: true, filterable: true },
    { field: 'feeCents', label: 'Fee', sortable: true, filterable: true, render: (row) => formatJmd(row.feeCents), exportValue: (row) => row.feeCents / 100 },
    { field: 'isActive', label: 'Status', sortable: true, filterable: true, render: (row) => (row.isActive ? 'Active' : 'Inactive'), exportValue: (row) => (row.isActive ? 'Active' : 'Inactive') },
    { field: 'createdAt', label: 'Created', sortable: true, render: (row) => formatDate(row.createdAt) },
    {
      field: 'actions', label: 'Actions', exportable: false,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(row)} aria-label={`Edit ${row.name}`}>Edit</Button>
          {row.isActive && (
            <Button size="xs" variant="subtle" color="red" aria-label={`Deactivate ${row.name}`} loading={deactivate.isPending && deactivate.variables === row.id}
              onClick={() => deactivate.mutate(row.id, { onSuccess: (a) => notify.success(a.message), onError: (e) => notify.error(errorMessage(e, 'Could not deactivate')) })}>Deactivate</Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <PageHeader title="Delivery Locations" subtitle="The areas you deliver to and the fee a delivery there costs" actions={<Button onClick={() => setEditing('new')}>+ Add Location</Button>} />
      <DataTable<DeliveryLocation>
        endpoint={DELIVERY_LOCATIONS_ENDPOINT}
        columns={columns}
        rowKey={(row) => row.id}
        title="Delivery locations"
        exportFileName="delivery-locations"
        searchPlaceholder="Search by name or parish"
      />
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Add delivery location' : 'Edit delivery location'}>
        {editing !== null && <LocationForm key={editing === 'new' ? 'new' : editing.id} location={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}
