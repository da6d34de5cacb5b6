import {
  customsSettingsResponseSchema, customsSettingsSavedSchema, customsSettingsSchema, membershipRatesResponseSchema, membershipRatesSavedSchema,
  membershipRatesSchema, PRICING_MSG, pricingSettingsResponseSchema, pricingSettingsSavedSchema, pricingSettingsSchema,
  storageRulesResponseSchema, storageRulesSavedSchema, storageRulesSchema,
} from '@parceldesk/shared/schemas/pricing-settings';
import type { AppContext, ZodApp } from '../../app-context';
import { principalOf } from '../../plugins/auth';
import { inTransaction } from '../../lib/transaction';
import { resolveSettingsScope, SETTINGS_ACCESS, settingsActor, settingsQuerySchema } from './settings-context';
import {
  getCustomsSettings, getMembershipRates, getPricingSettings, getStorageRules, updateCustomsSettings, updateMembershipRates,
  updatePricingSettings, updateStorageRules,
} from './pricing-settings.service';

const tags = ['settings'];
const config = { access: { ...SETTINGS_ACCESS, tenant: { courierId: 'courier' } } } as const;

/**
 * Issue 13 settings of the courier admin (a super admin names the courier with ?courierId):
 * exchange rate and SEA rate (Rates tab), storage rules, customs settings, membership rates.
 * Money in integer cents.
 */
export function pricingSettingsRoutes(app: ZodApp, ctx: AppContext) {
  app.get('/settings/pricing', {
    schema: { tags, summary: 'Exchange rate (J$ cents per US$1, with its date) and SEA per-cubic-foot rate and minimum', querystring: settingsQuerySchema, response: { 200: pricingSettingsResponseSchema } },
    config,
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, ...(await getPricingSettings(ctx.db, scope.courierId)) };
  });

  app.put('/settings/pricing', {
    schema: { tags, summary: 'Update the exchange rate and the SEA rate', querystring: settingsQuerySchema, body: pricingSettingsSchema, response: { 200: pricingSettingsSavedSchema } },
    config,
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const saved = await inTransaction(ctx.db, (tx) => updatePricingSettings(tx, { actor, input: request.body }));
    return { success: true as const, message: PRICING_MSG.pricingUpdated, ...saved };
  });

  app.get('/settings/storage-rules', {
    schema: { tags, summary: 'Uncollected threshold, reminder days, storage fee mode and cap, abandonment period', querystring: settingsQuerySchema, response: { 200: storageRulesResponseSchema } },
    config,
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, ...(await getStorageRules(ctx.db, scope.courierId)) };
  });

  app.put('/settings/storage-rules', {
    schema: { tags, summary: 'Update the storage rules', querystring: settingsQuerySchema, body: storageRulesSchema, response: { 200: storageRulesSavedSchema } },
    config,
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const saved = await inTransaction(ctx.db, (tx) => updateStorageRules(tx, { actor, input: request.body }));
    return { success: true as const, message: PRICING_MSG.storageUpdated, ...saved };
  });

  app.get('/settings/customs', {
    schema: { tags, summary: 'Customs calculator settings: categories with duty and GCT, de minimis, SCF, ENVL, stamp duty, insurance', querystring: settingsQuerySchema, response: { 200: customsSettingsResponseSchema } },
    config,
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, ...(await getCustomsSettings(ctx.db, scope.courierId)) };
  });

  app.put('/settings/customs', {
    schema: { tags, summary: 'Update the customs calculator settings (the category list is replaced)', querystring: settingsQuerySchema, body: customsSettingsSchema, response: { 200: customsSettingsSavedSchema } },
    config,
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const saved = await inTransaction(ctx.db, (tx) => updateCustomsSettings(tx, { actor, input: request.body }));
    return { success: true as const, message: PRICING_MSG.customsUpdated, ...saved };
  });

  app.get('/settings/membership-rates', {
    schema: { tags, summary: 'Freight discount and processing-fee waiver per membership type', querystring: settingsQuerySchema, response: { 200: membershipRatesResponseSchema } },
    config,
  }, async (request) => {
    const scope = await resolveSettingsScope(ctx.db, principalOf(request), request.query.courierId);
    return { success: true as const, rates: await getMembershipRates(ctx.db, scope.courierId) };
  });

  app.put('/settings/membership-rates', {
    schema: { tags, summary: 'Update the rates of the membership types given', querystring: settingsQuerySchema, body: membershipRatesSchema, response: { 200: membershipRatesSavedSchema } },
    config,
  }, async (request) => {
    const actor = await settingsActor(ctx.db, request, request.query.courierId);
    const rates = await inTransaction(ctx.db, (tx) => updateMembershipRates(tx, { actor, input: request.body }));
    return { success: true as const, message: PRICING_MSG.membershipUpdated, rates };
  });
}
