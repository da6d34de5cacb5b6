import { Anchor, Badge, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { NetworkCourierDetail } from '@parceldesk/shared/schemas/people';
import { SignInAsButton } from '../../../components/ui/sign-in-as-button';
import { StatusBadge } from '../../../components/ui/status-badge';

/** The courier's branches, each linking to its page. */
export function CourierBranches({ branches }: { branches: NetworkCourierDetail['branches'] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="courier-branches-heading">
      <Title order={2} size="h4" mb="sm" id="courier-branches-heading">
        Branches
      </Title>
      {branches.length === 0 ? (
        <Text c="dimmed">No branches yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-labelledby="courier-branches-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {branches.map((branch) => (
                <Table.Tr key={branch.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/superadmin/branches/${branch.id}`}>{branch.name}</Anchor>
                  </Table.Td>
                  <Table.Td>{branch.code ?? ''}</Table.Td>
                  <Table.Td><StatusBadge isActive={branch.isActive} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The courier's administrators, with "Sign in as" (an audited impersonation link). */
export function CourierAdmins({ admins }: { admins: NetworkCourierDetail['admins'] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="courier-admins-heading">
      <Title order={2} size="h4" mb="sm" id="courier-admins-heading">
        Administrators
      </Title>
      {admins.length === 0 ? (
        <Text c="dimmed">No administrators.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="courier-admins-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th><VisuallyHidden>Actions</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {admins.map((admin) => {
                const name = `${admin.firstName} ${admin.lastName}`;
                return (
                  <Table.Tr key={admin.id}>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{admin.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <StatusBadge isActive={admin.isActive} />
                        {admin.invitationPending ? <Badge color="yellow" variant="light">Invitation pending</Badge> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {admin.isActive ? <SignInAsButton size="xs" targetType="user" targetId={admin.id} name={name} /> : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
