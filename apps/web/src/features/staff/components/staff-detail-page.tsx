import { useParams } from 'react-router';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { PERMISSION_LABELS, type Permission } from '@parceldesk/shared/permissions';
import { ROLE_LABELS } from '@parceldesk/shared/roles';
import { STAFF_MSG, type StaffDetail } from '@parceldesk/shared/schemas/staff';
import { DetailList } from '../../../components/ui/detail-list';
import { formatDate } from '../../../components/ui/format-date';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useAreaRoot } from '../../../components/ui/use-area-root';
import { useStaffMember } from '../api/staff';
import { StaffActions } from './staff-actions';
import { StaffEditForm } from './staff-edit-form';
import { useStaffLimits } from './use-staff-limits';

/** /admin/staff/{id}, /staff/staff/{id}, /superadmin/staff/{id}. */
export function StaffDetailPage() {
  const { id = '' } = useParams();
  const root = useAreaRoot();
  const query = useStaffMember(id);
  const { canManage, limits, beyondMine } = useStaffLimits();
  const member = query.data;
  const beyond = member ? beyondMine(member.effectivePermissions) : [];
  // Courier admins show in the super admin's list, but are managed from the courier page.
  const isEditable = canManage && member !== undefined && member.role !== 'courier_admin' && beyond.length === 0;
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={member ? `${member.firstName} ${member.lastName}` : 'Staff member'}
        subtitle={
          member ? (
            <Group gap="xs">
              <Badge variant="light">{ROLE_LABELS[member.role]}</Badge>
              <StatusBadge isActive={member.isActive} />
              {member.invitationPending ? <Badge color="yellow" variant="light">Invitation pending</Badge> : null}
            </Group>
          ) : undefined
        }
        back={{ to: `${root}/staff`, label: 'All staff' }}
        actions={isEditable && member ? <StaffActions member={member} /> : null}
      />
      <QueryState query={query} what="the staff member">
        {(loaded) => (
          <>
            <StaffSummary member={loaded} showCourier={root === '/superadmin'} />
            {loaded.role === 'courier_admin' ? <Text c="dimmed">{STAFF_MSG.courierAdminReadOnly}</Text> : null}
            {canManage && beyond.length > 0 ? (
              <Text c="dimmed">
                {STAFF_MSG.accountBeyondYours} {beyond.map((p) => PERMISSION_LABELS[p as Permission] ?? p).join(', ')}
              </Text>
            ) : null}
            {isEditable ? (
              <Card withBorder padding="lg" component="section" aria-labelledby="edit-staff-heading">
                <Title order={2} size="h4" mb="md" id="edit-staff-heading">
                  Edit staff member
                </Title>
                <StaffEditForm
                  key={loaded.updatedAt}
                  member={loaded}
                  limits={limits}
                  courierId={root === '/superadmin' ? loaded.courierId : undefined}
                />
              </Card>
            ) : null}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function StaffSummary({ member, showCourier }: { member: StaffDetail; showCourier: boolean }) {
  return (
    <Card withBorder padding="lg">
      <DetailList
        items={[
          { label: 'Email', value: member.pendingEmail ? `${member.email} (changing to ${member.pendingEmail} once confirmed)` : member.email },
          { label: 'Position', value: ROLE_LABELS[member.role] },
          { label: 'Role', value: member.roleName ?? 'No role' },
          { label: 'Branch', value: member.branchName ?? 'No branch' },
          ...(showCourier ? [{ label: 'Courier', value: member.courierName }] : []),
          { label: 'Created', value: formatDate(member.createdAt) },
        ]}
      />
      <Title order={2} size="h5" mt="md" mb="xs">
        Effective permissions
      </Title>
      {member.effectivePermissions.length === 0 ? (
        <Text c="dimmed" size="sm">None</Text>
      ) : (
        <Group gap={6}>
          {member.effectivePermissions.map((name) => (
            <Badge key={name} variant="outline" tt="none">
              {PERMISSION_LABELS[name as Permission] ?? name}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}
