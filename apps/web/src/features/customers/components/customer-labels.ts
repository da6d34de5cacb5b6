import { MEMBERSHIP_LABELS, type MEMBERSHIP_TYPES } from '@parceldesk/shared/constants';

export const accountTypeLabel = (type: 'individual' | 'business') => (type === 'business' ? 'Business' : 'Individual');

export const membershipLabel = (type: string) => MEMBERSHIP_LABELS[type as (typeof MEMBERSHIP_TYPES)[number]] ?? type;
