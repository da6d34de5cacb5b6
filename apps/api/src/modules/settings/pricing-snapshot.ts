/**
 * The courier's settings in force, as priceParcel needs them (issue 13). The implementation is in
 * lib/pricing-snapshot.ts so that other modules (invoices, storage fees) can import it without a
 * cross-module import (eslint-zones.js); import it from there outside the settings module.
 */
export { loadPricingSnapshot, loadStorageRules, NO_MEMBERSHIP_DISCOUNT } from '../../lib/pricing-snapshot';
