import type { AppContext, ZodApp } from '../../app-context';
import { additionalFeeRoutes } from './additional-fees.routes';
import { customsRoutes } from './customs.routes';
import { pricingSettingsRoutes } from './pricing-settings.routes';
import { processingFeeRoutes } from './processing-fees.routes';
import { shippingRateRoutes } from './shipping-rates.routes';

/** /settings/*: the rate and fee tables of the courier admin's Settings (issue 4). */
export function settingsRoutes(app: ZodApp, ctx: AppContext) {
  shippingRateRoutes(app, ctx);
  additionalFeeRoutes(app, ctx);
  processingFeeRoutes(app, ctx);
  pricingSettingsRoutes(app, ctx);
  customsRoutes(app, ctx);
}
