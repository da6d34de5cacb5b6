import type { Access } from '@parceldesk/shared/access';
import { ACCESS } from '@parceldesk/shared/access';

/** Settings → Integrations is the courier admin's (keys act for the whole courier). */
export const INTEGRATIONS_ACCESS: Access = ACCESS.integrationsManage;
