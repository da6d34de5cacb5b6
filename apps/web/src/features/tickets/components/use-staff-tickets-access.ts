import { useAuth } from '../../../lib/auth-context';
import { usePermissions } from '../../../lib/use-permissions';

/** Branch managers and staff need tickets_view to open the ticket screens (spec section 2); admins always may. */
export function useCanViewTickets(): boolean {
  const { role } = useAuth();
  const { can } = usePermissions();
  if (role === 'branch_manager' || role === 'staff') return can('tickets_view');
  return role === 'courier_admin' || role === 'super_admin';
}
