import { StaffSideLoginPage } from './staff-side-login-page';

/** /staff/login: branch managers and staff (spec section 2). */
export function StaffLoginPage() {
  return <StaffSideLoginPage portal="staff" title="Staff Sign In" />;
}
