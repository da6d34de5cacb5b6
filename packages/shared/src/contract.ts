import type { z } from 'zod';
import { auditLogItemSchema } from './schemas/audit-logs';
import {
  authUserResponseSchema, authUserSavedSchema, customerLoginResponseSchema, customerProfileResponseSchema, customerProfileSavedSchema,
  customerRegisteredSchema, impersonateResponseSchema, tokenLoginResponseSchema, userLoginResponseSchema,
} from './schemas/auth';
import { branchDetailSchema, branchListItemSchema } from './schemas/branches';
import { healthSchema, messageResponseSchema, successMessageSchema } from './schemas/common';
import {
  courierValidationSchema, membershipSupportSchema, publicBranchListSchema, publicCourierListSchema,
} from './schemas/couriers';
import { customerDetailSchema, customerListItemSchema } from './schemas/customers';
import { customerDashboardSchema, dashboardSummarySchema } from './schemas/dashboard';
import { listResponseSchema } from './schemas/list-query';
import { bulkReceiveResultSchema, scanCustomersResponseSchema, scanLookupSchema } from './schemas/package-scan';
import {
  packageClaimSchema, packageDetailSchema, packageFileSchema, packageEmailPreferenceSavedSchema, packageEmailPreferenceSchema, packageListItemSchema, preAlertSchema,
  receivePackageResponseSchema, trackingResultSchema, unknownPackageListItemSchema, volumetricDivisorSavedSchema, volumetricDivisorSchema,
} from './schemas/packages';
import { manifestAddResultSchema, manifestDetailSchema, manifestListItemSchema, manifestStatusResultSchema } from './schemas/manifests';
import { confirmEmailResponseSchema } from './schemas/password';
import { paymentDetailSchema, paymentListItemSchema, paymentProofSchema } from './schemas/payments';
import {
  activeDeliveryLocationsSchema, deliveryDriversSchema, deliveryLocationResponseSchema, deliveryLocationSchema, deliveryRequestListItemSchema,
  deliveryRequestResponseSchema, deliveryRequestSchema, readyParcelsSchema,
} from './schemas/delivery';
import { authorisationLetterSchema, counterLookupSchema, createPickupResponseSchema, pickupSchema } from './schemas/pickups';
import {
  invoiceDetailSchema, invoiceListItemSchema, invoiceSummarySchema, issueInvoicesResponseSchema, voidInvoiceResponseSchema,
} from './schemas/invoices';
import { notificationSchema, notificationsReadAllSchema, notificationUnreadCountSchema } from './schemas/notifications';
import { networkCourierDetailSchema, networkCourierListItemSchema } from './schemas/people';
import { platformSettingsSavedSchema, platformSettingsViewSchema } from './schemas/platform-settings';
import { permissionCatalogueSchema, roleDetailSchema, roleListItemSchema } from './schemas/roles';
import {
  additionalFeesResponseSchema, additionalFeesSavedSchema, bankDetailsSavedSchema, bulkUploadResultSchema, courierSavedSchema,
  courierSettingsResponseSchema, emailConfigResponseSchema, logoUploadedSchema, processingFeeSavedSchema, processingFeesResponseSchema,
  rateSheetResponseSchema, rateSheetUploadedSchema, shippingRateSavedSchema, shippingRatesResponseSchema,
} from './schemas/settings-responses';
import {
  customsEstimateSchema, customsOptionsSchema, customsSettingsResponseSchema, customsSettingsSavedSchema, membershipRatesResponseSchema,
  membershipRatesSavedSchema, pricingSettingsResponseSchema, pricingSettingsSavedSchema, storageRulesResponseSchema, storageRulesSavedSchema,
} from './schemas/pricing-settings';
import {
  branchReceiptResultSchema, reconciliationFinishResultSchema, reconciliationListItemSchema, reconciliationScanResultSchema, reconciliationViewSchema,
  switchBranchResultSchema,
} from './schemas/reconciliation';
import { staffDetailSchema, staffListItemSchema } from './schemas/staff';
import { sweepResponseSchema, uncollectedListItemSchema } from './schemas/uncollected';
import { reportResponseSchema } from './schemas/reports';
import {
  audienceCountResponseSchema, batchDetailSchema, batchListItemSchema, batchRecipientItemSchema, marketingEmailsResponseSchema, previewResponseSchema,
  sendBatchResponseSchema, testBatchResponseSchema, unsubscribeResponseSchema,
} from './schemas/batch-emails';
import {
  webhookDeliveryListSchema, webhookEndpointCreatedSchema, webhookEndpointListSchema, webhookEndpointSavedSchema,
} from './schemas/webhooks';
import {
  apiKeyCreatedSchema, apiKeyListSchema, apiKeyRevokedSchema, packingConnectionSavedSchema, packingConnectionSchema,
} from './schemas/integrations';
import { packingCustomerListSchema, packingManifestAnswerSchema, packingPackageAnswerSchema } from './schemas/packing-system';
import {
  customerTicketsResponseSchema, departmentsResponseSchema, ticketDetailSchema, ticketListItemSchema, ticketSettingsSchema,
  unreadCountResponseSchema, unreadTicketsResponseSchema,
} from './schemas/tickets';

/** A route that answers with bytes (a file, a template, an event stream), not JSON. */
export const NOT_JSON = null;

/**
 * One contract per route (issue 10): what every /api route answers on success, keyed
 * `METHOD /path` as the route is registered (without /api). The server's response schema must be
 * this one (apps/api/src/test/contract.test.ts checks every registered route), the web types its
 * calls with `ResponseOf<'GET /…'>`, and the web tests' fake API serves only answers that parse
 * with it, so a drift between client and server fails a test.
 */
export const CONTRACT = {
  'GET /health': healthSchema,
  /** The OpenAPI document of all of these (JSON, but described by OpenAPI itself). */
  'GET /openapi.json': NOT_JSON,

  'POST /auth/login': userLoginResponseSchema,
  'POST /auth/super-admin/login': userLoginResponseSchema,
  'POST /auth/staff/login': userLoginResponseSchema,
  'POST /auth/logout': messageResponseSchema,
  'GET /auth/profile': authUserResponseSchema,
  'PUT /auth/change-password': messageResponseSchema,
  'POST /auth/register': successMessageSchema,
  'POST /auth/register/confirm': userLoginResponseSchema,
  'POST /auth/staff/register': authUserResponseSchema,
  'POST /auth/impersonate': impersonateResponseSchema,
  'POST /auth/token-login': tokenLoginResponseSchema,
  'POST /auth/request-password-reset': successMessageSchema,
  'POST /auth/reset-password': messageResponseSchema,
  'POST /auth/customer/reset-password': messageResponseSchema,
  'POST /auth/confirm-email': confirmEmailResponseSchema,
  'PUT /users/:id': authUserSavedSchema,
  'PUT /users/:id/password': messageResponseSchema,

  'POST /customers/login': customerLoginResponseSchema,
  'POST /customers/register': customerRegisteredSchema,
  'GET /customers/profile': customerProfileResponseSchema,
  'PUT /customers/profile': customerProfileSavedSchema,
  'GET /customers': listResponseSchema(customerListItemSchema),
  'GET /customers/business': listResponseSchema(customerListItemSchema),
  'GET /customers/month/:year/:month': listResponseSchema(customerListItemSchema),
  'GET /customers/:id': customerDetailSchema,
  'GET /customers/business/:id': customerDetailSchema,
  'PUT /customers/:id': customerDetailSchema,
  'PUT /customers/:id/branch': customerDetailSchema,
  'POST /customers/:id/deactivate': customerDetailSchema,
  'POST /customers/:id/reactivate': customerDetailSchema,

  'GET /couriers/all': publicCourierListSchema,
  'GET /couriers/validate/:apiKey': courierValidationSchema,
  'GET /branches/public/:courierId': publicBranchListSchema,
  'GET /couriers/:id/membership-support': membershipSupportSchema,
  'GET /couriers/:id': courierSettingsResponseSchema,
  'PUT /couriers/:id': courierSavedSchema,
  'PUT /couriers/:id/shipping-addresses': courierSavedSchema,
  'PUT /couriers/:id/bank-details': bankDetailsSavedSchema,
  'POST /couriers/:id/logo': logoUploadedSchema,

  'GET /network/couriers': listResponseSchema(networkCourierListItemSchema),
  'POST /network/couriers': networkCourierDetailSchema,
  'GET /network/couriers/:id': networkCourierDetailSchema,
  'PUT /network/couriers/:id': networkCourierDetailSchema,
  'POST /network/couriers/:id/suspend': networkCourierDetailSchema,
  'POST /network/couriers/:id/reactivate': networkCourierDetailSchema,
  'GET /platform/settings': platformSettingsViewSchema,
  'PUT /platform/settings': platformSettingsSavedSchema,
  'GET /network/couriers/:id/customers': listResponseSchema(customerListItemSchema),

  'GET /branches': listResponseSchema(branchListItemSchema),
  'POST /branches': branchDetailSchema,
  'GET /branches/:id': branchDetailSchema,
  'PUT /branches/:id': branchDetailSchema,

  'GET /permissions': permissionCatalogueSchema,
  'GET /roles': listResponseSchema(roleListItemSchema),
  'POST /roles': roleDetailSchema,
  'GET /roles/:id': roleDetailSchema,
  'PUT /roles/:id': roleDetailSchema,
  'DELETE /roles/:id': messageResponseSchema,

  'GET /staff': listResponseSchema(staffListItemSchema),
  'GET /staff/:id': staffDetailSchema,
  'PUT /staff/:id': staffDetailSchema,
  'POST /staff/:id/deactivate': staffDetailSchema,
  'POST /staff/:id/reactivate': staffDetailSchema,
  'POST /staff/:id/resend-invitation': messageResponseSchema,

  'GET /dashboard/summary': dashboardSummarySchema,
  'GET /dashboard/customer': customerDashboardSchema,
  'GET /audit-logs': listResponseSchema(auditLogItemSchema),

  'GET /notifications': listResponseSchema(notificationSchema),
  'GET /notifications/unread-count': notificationUnreadCountSchema,
  'PUT /notifications/read-all': notificationsReadAllSchema,
  'PUT /notifications/:id/read': notificationSchema,

  'GET /settings/shipping-rates': shippingRatesResponseSchema,
  'POST /settings/shipping-rates': shippingRateSavedSchema,
  'PUT /settings/shipping-rates/:id': shippingRateSavedSchema,
  'DELETE /settings/shipping-rates/:id': successMessageSchema,
  'POST /settings/shipping-rates/bulk-upload': bulkUploadResultSchema,
  'GET /settings/shipping-rates/template': NOT_JSON,
  'GET /settings/additional-fees': additionalFeesResponseSchema,
  'PUT /settings/additional-fees': additionalFeesSavedSchema,
  'GET /settings/processing-fees': processingFeesResponseSchema,
  'POST /settings/processing-fees': processingFeeSavedSchema,
  'PUT /settings/processing-fees/:id': processingFeeSavedSchema,
  'DELETE /settings/processing-fees/:id': successMessageSchema,
  'GET /settings/couriers/:id/email-config': emailConfigResponseSchema,
  'POST /settings/couriers/:id/email-config': successMessageSchema,
  'POST /settings/couriers/:id/email-config/test': successMessageSchema,
  'GET /rate-sheet': rateSheetResponseSchema,
  'POST /rate-sheet': rateSheetUploadedSchema,
  'GET /rate-sheet/download': NOT_JSON,
  'GET /files/:id': NOT_JSON,

  'GET /tickets/unread': unreadTicketsResponseSchema,
  'GET /tickets/unread/count': unreadCountResponseSchema,
  'GET /tickets/unread/customer-count': unreadCountResponseSchema,
  'GET /tickets/customer/:userId': customerTicketsResponseSchema,
  'GET /tickets': listResponseSchema(ticketListItemSchema),
  'GET /tickets/mine': listResponseSchema(ticketListItemSchema),
  'POST /tickets': ticketDetailSchema,
  'GET /tickets/by-number/:ticketNo': ticketDetailSchema,
  'GET /tickets/:id': ticketDetailSchema,
  'POST /tickets/:id/messages': ticketDetailSchema,
  'PUT /tickets/:id/status': ticketDetailSchema,
  'GET /tickets/attachments/:id': NOT_JSON,
  'GET /tickets/departments': departmentsResponseSchema,
  'GET /tickets/settings': ticketSettingsSchema,
  'PUT /tickets/settings': ticketSettingsSchema,

  'POST /packages/receive': receivePackageResponseSchema,
  'GET /packages': listResponseSchema(packageListItemSchema),
  'GET /packages/unknown': listResponseSchema(unknownPackageListItemSchema),
  'GET /packages/:id': packageDetailSchema,
  'PUT /packages/:id': packageDetailSchema,
  'POST /packages/:id/status': packageDetailSchema,
  'POST /packages/:id/assign': packageDetailSchema,
  'POST /packages/:id/photos': packageFileSchema,
  'GET /package-files/:id': NOT_JSON,
  'POST /pre-alerts': preAlertSchema,
  'GET /pre-alerts': listResponseSchema(preAlertSchema),
  'PUT /pre-alerts/:id': preAlertSchema,
  'DELETE /pre-alerts/:id': messageResponseSchema,
  'POST /packages/bulk-receive': bulkReceiveResultSchema,
  'GET /packages/scan-lookup': scanLookupSchema,
  'GET /packages/scan-customers': scanCustomersResponseSchema,
  'POST /packages/labels': NOT_JSON,
  'GET /packages/:id/label': NOT_JSON,

  'POST /payments': paymentDetailSchema,
  'GET /payments': listResponseSchema(paymentListItemSchema),
  'GET /payments/:id': paymentDetailSchema,
  'GET /payments/:id/receipt': NOT_JSON,
  'POST /payments/:id/void': paymentDetailSchema,
  'POST /invoices/:invoiceNo/proof': paymentProofSchema,
  'GET /payment-proofs': listResponseSchema(paymentProofSchema),
  'GET /payment-proofs/:id/file': NOT_JSON,
  'POST /payment-proofs/:id/verify': paymentProofSchema,
  'POST /payment-proofs/:id/reject': paymentProofSchema,

  // Issue 13: the pickup counter and signatures.
  'GET /counter/lookup': counterLookupSchema,
  'POST /pickups/authorisation-letters': authorisationLetterSchema,
  'POST /pickups': createPickupResponseSchema,
  'GET /pickups/:id': pickupSchema,
  'GET /pickups/:id/receipt': NOT_JSON,
  'GET /pickups/:id/signature': NOT_JSON,
  'GET /pickups/:id/authorisation-letter': NOT_JSON,
  'POST /package-claims': packageClaimSchema,
  'GET /package-claims': listResponseSchema(packageClaimSchema),
  'PUT /package-claims/:id': packageClaimSchema,
  'GET /track/:number': trackingResultSchema,
  'GET /settings/volumetric-divisor': volumetricDivisorSchema,
  'PUT /settings/volumetric-divisor': volumetricDivisorSavedSchema,
  'GET /customers/me/package-emails': packageEmailPreferenceSchema,
  'PUT /customers/me/package-emails': packageEmailPreferenceSavedSchema,

  'POST /manifests': manifestDetailSchema,
  'GET /manifests': listResponseSchema(manifestListItemSchema),
  'GET /manifests/:id': manifestDetailSchema,
  'PATCH /manifests/:id': manifestDetailSchema,
  'POST /manifests/:id/packages': manifestAddResultSchema,
  'DELETE /manifests/:id/packages/:packageId': manifestDetailSchema,
  'POST /manifests/:id/status': manifestStatusResultSchema,
  'GET /manifests/:id/export': NOT_JSON,
  'GET /settings/pricing': pricingSettingsResponseSchema,
  'PUT /settings/pricing': pricingSettingsSavedSchema,
  'GET /settings/storage-rules': storageRulesResponseSchema,
  'PUT /settings/storage-rules': storageRulesSavedSchema,
  'GET /settings/customs': customsSettingsResponseSchema,
  'PUT /settings/customs': customsSettingsSavedSchema,
  'GET /settings/membership-rates': membershipRatesResponseSchema,
  'PUT /settings/membership-rates': membershipRatesSavedSchema,
  'GET /customs/options': customsOptionsSchema,
  'GET /customs/estimate': customsEstimateSchema,
  'POST /invoices': issueInvoicesResponseSchema,
  'GET /uncollected': listResponseSchema(uncollectedListItemSchema),
  'POST /uncollected/sweep': sweepResponseSchema,
  'GET /batch-emails': listResponseSchema(batchListItemSchema),
  'POST /batch-emails': sendBatchResponseSchema,
  'POST /batch-emails/audience-count': audienceCountResponseSchema,
  'POST /batch-emails/preview': previewResponseSchema,
  'POST /batch-emails/test': testBatchResponseSchema,
  'GET /batch-emails/:id': batchDetailSchema,
  'GET /batch-emails/:id/recipients': listResponseSchema(batchRecipientItemSchema),
  'POST /unsubscribe': unsubscribeResponseSchema,
  'GET /customers/me/marketing-emails': marketingEmailsResponseSchema,
  'PUT /customers/me/marketing-emails': marketingEmailsResponseSchema,
  'GET /delivery-locations': listResponseSchema(deliveryLocationSchema),
  'GET /delivery-locations/active': activeDeliveryLocationsSchema,
  'POST /delivery-locations': deliveryLocationResponseSchema,
  'PUT /delivery-locations/:id': deliveryLocationResponseSchema,
  'POST /delivery-locations/:id/deactivate': deliveryLocationResponseSchema,
  'GET /delivery-requests': listResponseSchema(deliveryRequestListItemSchema),
  'GET /delivery-requests/ready-parcels': readyParcelsSchema,
  'GET /delivery-requests/drivers': deliveryDriversSchema,
  'GET /delivery-requests/run-sheet': NOT_JSON,
  'POST /delivery-requests': deliveryRequestResponseSchema,
  'GET /delivery-requests/:id': deliveryRequestSchema,
  'GET /delivery-requests/:id/signature': NOT_JSON,
  'GET /delivery-requests/:id/photo': NOT_JSON,
  'POST /delivery-requests/:id/photo': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/cancel': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/schedule': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/assign': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/reject': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/out-for-delivery': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/deliver': deliveryRequestResponseSchema,
  'POST /delivery-requests/:id/fail': deliveryRequestResponseSchema,
  'GET /reports/:report': reportResponseSchema,
  'GET /reports/:report/export': NOT_JSON,
  'GET /settings/webhooks': webhookEndpointListSchema,
  'POST /settings/webhooks': webhookEndpointCreatedSchema,
  'PUT /settings/webhooks/:id': webhookEndpointSavedSchema,
  'DELETE /settings/webhooks/:id': messageResponseSchema,
  'GET /settings/webhooks/:id/deliveries': webhookDeliveryListSchema,
  'POST /settings/webhooks/deliveries/:id/resend': messageResponseSchema,
  // Issue 17, integrations (ADR 024).
  'GET /integrations/api-keys': apiKeyListSchema,
  'POST /integrations/api-keys': apiKeyCreatedSchema,
  'POST /integrations/api-keys/:id/revoke': apiKeyRevokedSchema,
  'GET /integrations/packing-system': packingConnectionSchema,
  'PUT /integrations/packing-system': packingConnectionSavedSchema,
  'GET /packing/v2/customers': packingCustomerListSchema,
  'POST /packing/v2/packages': packingPackageAnswerSchema,
  'PUT /packing/v2/packages/:packageId': packingPackageAnswerSchema,
  'DELETE /packing/v2/packages/:packageId': packingPackageAnswerSchema,
  'POST /packing/v2/manifests': packingManifestAnswerSchema,
  'GET /invoices': listResponseSchema(invoiceListItemSchema),
  'GET /invoices/summary': invoiceSummarySchema,
  'GET /invoices/:invoiceNo': invoiceDetailSchema,
  'GET /invoices/:invoiceNo/pdf': NOT_JSON,
  'POST /invoices/:invoiceNo/lines': invoiceDetailSchema,
  'POST /invoices/:invoiceNo/void': voidInvoiceResponseSchema,
  'GET /reconciliations': listResponseSchema(reconciliationListItemSchema),
  'GET /manifests/:id/reconciliation': reconciliationViewSchema,
  'POST /manifests/:id/reconciliation': reconciliationViewSchema,
  'POST /manifests/:id/reconciliation/scans': reconciliationScanResultSchema,
  'POST /manifests/:id/reconciliation/damaged': reconciliationScanResultSchema,
  'POST /manifests/:id/reconciliation/finish': reconciliationFinishResultSchema,
  'GET /manifests/:id/reconciliation/report': NOT_JSON,
  'POST /packages/branch-receipt': branchReceiptResultSchema,
  'POST /packages/:id/switch-branch': switchBranchResultSchema,

  'GET /events/stream': NOT_JSON,
} as const;

export type ContractRoute = keyof typeof CONTRACT;
type JsonRoute = { [R in ContractRoute]: (typeof CONTRACT)[R] extends z.ZodType ? R : never }[ContractRoute];
/** What a route answers on success, as the web's calls are typed. */
export type ResponseOf<R extends JsonRoute> = (typeof CONTRACT)[R] extends z.ZodType ? z.output<(typeof CONTRACT)[R]> : never;
