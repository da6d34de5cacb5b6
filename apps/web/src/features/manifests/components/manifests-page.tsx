import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ACCESS } from '@parceldesk/shared/access';
import type { ManifestListItem } from '@parceldesk/shared/schemas/manifests';
import { DataTable } from '../../../components/data-table/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useCanAccess } from '../../../lib/use-access';
import { MANIFESTS_ENDPOINT } from '../api/manifests';
import { manifestColumns } from './manifest-columns';
import { ManifestForm } from './manifest-form';

/** Which path a manifest opens under: the spec spells the courier areas' route "maniefest" (section 2). */
export const manifestsPathOf = (root: string) => (root === '/superadmin' ? '/superadmin/manifests' : `${root}/maniefest`);

/** /admin/maniefest, /staff/maniefest (manifests_view) and /superadmin/manifests (the network). */
export function ManifestsPage() {
  const root = useAreaRoot();
  const may = useCanAccess();
  const navigate = useNavigate();
  const [isCreating, setCreating] = useState(false);
  const isNetwork = root === '/superadmin';
  const base = manifestsPathOf(root);
  if (!may(ACCESS.manifestsView)) return <PageHeader title="Manifests" subtitle="You need the manifests_view permission to open manifests." />;
  const canCreate = may(ACCESS.manifestsManage);
  return (
    <Stack gap="lg">
      <PageHeader
        title={isNetwork ? 'Manifests' : 'Maniefest'}
        subtitle={isNetwork ? 'Manifests of every courier in the network' : 'Air and sea shipments to Jamaica'}
        actions={canCreate ? <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>New manifest</Button> : undefined}
      />
      <DataTable<ManifestListItem>
        endpoint={MANIFESTS_ENDPOINT}
        columns={manifestColumns({ showCourier: isNetwork })}
        rowKey={(row) => row.id}
        rowHref={(row) => `${base}/${row.id}`}
        title="All manifests"
        exportFileName="manifests"
        searchPlaceholder="Search by manifest number, MAWB or bill of lading"
      />
      <Modal opened={isCreating} onClose={() => setCreating(false)} title="New manifest" size="lg" centered>
        {isCreating ? <ManifestForm onCancel={() => setCreating(false)} onDone={(m) => { setCreating(false); void navigate(`${base}/${m.id}`); }} /> : null}
      </Modal>
    </Stack>
  );
}
