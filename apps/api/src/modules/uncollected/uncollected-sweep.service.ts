import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '@parceldesk/shared/domain/money';
import { DEFAULT_STORAGE_RULES, type StorageRulesInput } from '@parceldesk/shared/schemas/pricing-settings';
import { FINAL_NOTICE_DAYS, type SweepResult } from '@parceldesk/shared/schemas/uncollected';
import type { Database, DbOrTx } from '../../db/client';
import { courierPricingSettings, packageEvents, packages, storageCharges, storageNotices } from '../../db/schema/index';
import { publishEvent } from '../../events/publish';
import { billPendingCharges } from '../../lib/invoice-charges';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import { loadPricingSnapshot } from '../../lib/pricing-snapshot';
import { tellCustomer as tellOne } from '../../lib/tell-customer';
import { asDate } from '../../db/prepared';

const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: LOCAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The local (Jamaica) calendar day of an instant, 'YYYY-MM-DD'. */
export const localDateOf = (at: Date): string => localDay.format(at);
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;
const dayString = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** Whole local days from `from` to `to` (ready on Monday, Tuesday is day 1). */
export const daysBetween = (from: Date, to: Date): number => dayNumber(localDateOf(to)) - dayNumber(localDateOf(from));

/** The courier's storage rules (defaults when never saved) and its uncollected fee. */
async function rulesOf(db: DbOrTx, courierId: string): Promise<{ rules: StorageRulesInput; feeCents: number }> {
  const [row] = await db.select().from(courierPricingSettings).where(eq(courierPricingSettings.courierId, courierId)).limit(1);
  const rules: StorageRulesInput = row ? {
    thresholdDays: row.storageThresholdDays, reminderDays: [...row.storageReminderDays].sort((a, b) => a - b), feeMode: row.storageFeeMode,
    capCents: row.storageFeeCapCents, abandonmentDays: row.abandonmentDays,
  } : DEFAULT_STORAGE_RULES;
  const snapshot = await loadPricingSnapshot(db, courierId);
  return { rules, feeCents: snapshot.uncollectedFeeCents };
}

interface Candidate { id: string; courierId: string; readySince: Date }

/** A message to the parcel's customer: in-app always, email while their account is active. */
async function tellCustomer(tx: DbOrTx, input: { courierId: string; customerId: string; packageNo: string; title: string; body: string; publicUrl: string }) {
  await tellOne(tx, {
    courierId: input.courierId, customerId: input.customerId, type: 'package.uncollected', title: input.title, body: input.body,
    link: `/customer/packages?package=${encodeURIComponent(input.packageNo)}`, publicUrl: input.publicUrl, email: 'active',
  });
}

/** The days to charge now: 'once' the day the threshold passed; 'per_day' every day since, up to the cap. */
export function plannedCharges(input: { rules: StorageRulesInput; feeCents: number; readyDay: string; today: string; charged: readonly { chargeDay: string; amountCents: number }[] }) {
  const { rules, feeCents } = input;
  const first = dayNumber(input.readyDay) + rules.thresholdDays + 1;
  const today = dayNumber(input.today);
  if (feeCents <= 0 || today < first) return [];
  const cap = rules.capCents;
  if (rules.feeMode === 'once') {
    if (input.charged.length > 0) return [];
    const amountCents = cap === null ? feeCents : Math.min(feeCents, cap);
    return amountCents > 0 ? [{ chargeDay: dayString(first), amountCents }] : [];
  }
  const done = new Set(input.charged.map((row) => row.chargeDay));
  let total = input.charged.reduce((sum, row) => sum + row.amountCents, 0);
  const out: { chargeDay: string; amountCents: number }[] = [];
  for (let day = first; day <= today; day += 1) {
    const chargeDay = dayString(day);
    if (done.has(chargeDay)) continue;
    const amountCents = cap === null ? feeCents : Math.min(feeCents, cap - total);
    if (amountCents <= 0) break;
    out.push({ chargeDay, amountCents });
    total += amountCents;
  }
  return out;
}

type Counts = Omit<SweepResult, 'packages' | 'failed'>;

/** One parcel's step of the sweep, in its own transaction under the parcel's row lock. */
async function sweepPackage(tx: DbOrTx, candidate: Candidate, settings: { rules: StorageRulesInput; feeCents: number }, now: Date, publicUrl: string, counts: Counts) {
  const [pkg] = await tx.select({ id: packages.id, courierId: packages.courierId, packageNo: packages.packageNo, trackingNumber: packages.trackingNumber, status: packages.status, customerId: packages.customerId, branchId: packages.branchId, receivedBy: packages.receivedBy })
    .from(packages).where(eq(packages.id, candidate.id)).for('update');
  if (!pkg || pkg.status !== 'ready_for_pickup' || !pkg.customerId) return;
  const customerId = pkg.customerId;
  const { rules, feeCents } = settings;
  const days = daysBetween(candidate.readySince, now);
  const tell = (title: string, body: string) => tellCustomer(tx, { courierId: pkg.courierId, customerId, packageNo: pkg.packageNo, title, body, publicUrl });
  const notice = async (kind: 'reminder' | 'final_notice' | 'abandoned', day: number) => (await tx.insert(storageNotices)
    .values({ courierId: pkg.courierId, packageId: pkg.id, kind, day, sentAt: now }).onConflictDoNothing().returning({ day: storageNotices.day })).length > 0;
  const what = `${pkg.packageNo} (tracking ${pkg.trackingNumber})`;

  // Abandonment: a final notice FINAL_NOTICE_DAYS before, then abandoned once the period is over
  // and the notice is at least that old (a notice sent late moves the day on; nobody is surprised).
  const finalDay = Math.max(rules.abandonmentDays - FINAL_NOTICE_DAYS, 1);
  if (days >= finalDay && await notice('final_notice', finalDay)) {
    counts.finalNotices += 1;
    const by = localDateOf(new Date(now.getTime() + FINAL_NOTICE_DAYS * 86_400_000));
    await tell(`Final notice: collect ${pkg.packageNo}`, `Your parcel ${what} has waited ${days} days for pickup. Collect it by ${by} or it will be treated as abandoned.`);
  }
  if (days >= rules.abandonmentDays) {
    const [final] = await tx.select({ sentAt: storageNotices.sentAt }).from(storageNotices)
      .where(and(eq(storageNotices.packageId, pkg.id), eq(storageNotices.kind, 'final_notice'))).limit(1);
    if (final && now.getTime() - final.sentAt.getTime() >= FINAL_NOTICE_DAYS * 86_400_000) {
      await tx.update(packages).set({ status: 'abandoned', updatedAt: sql`now()` }).where(eq(packages.id, pkg.id));
      await tx.insert(packageEvents).values({
        courierId: pkg.courierId, packageId: pkg.id, kind: 'status', status: 'abandoned', actorType: 'system', actorId: null,
        note: `Not collected within ${rules.abandonmentDays} days`, details: { daysWaiting: days, finalNoticeAt: final.sentAt.toISOString() },
      });
      await publishEvent(tx, { family: 'packages', audience: 'all', courierId: pkg.courierId, kind: 'package.status', packageId: pkg.id, packageNumber: pkg.packageNo, status: 'abandoned', customerId, branchId: pkg.branchId, receivedBy: pkg.receivedBy });
      await notice('abandoned', rules.abandonmentDays);
      counts.abandoned += 1;
      await tell(`${pkg.packageNo}: Abandoned`, `Your parcel ${what} was not collected within ${rules.abandonmentDays} days and is now treated as abandoned. Contact us if you have questions.`);
      return;
    }
  }

  // Reminders at the configured days: one row per (package, day); a parcel found late gets one message.
  const due = rules.reminderDays.filter((day) => day <= days && day < finalDay);
  let reminded = false;
  for (const day of due) if (await notice('reminder', day)) reminded = true;
  if (reminded) {
    counts.reminders += 1;
    const fee = feeCents > 0 && days <= rules.thresholdDays
      ? ` After ${rules.thresholdDays} days a storage fee of ${formatMoney(feeCents)}${rules.feeMode === 'per_day' ? ' a day' : ''} applies.` : '';
    await tell(`Reminder: ${pkg.packageNo} is waiting for you`, `Your parcel ${what} has been ready for pickup for ${days} days.${fee}`);
  }

  // Storage fees: each local day at most once (UNIQUE (package_id, charge_day) is the backstop).
  const charged = await tx.select({ chargeDay: storageCharges.chargeDay, amountCents: storageCharges.amountCents }).from(storageCharges).where(eq(storageCharges.packageId, pkg.id));
  const plan = plannedCharges({ rules, feeCents, readyDay: localDateOf(candidate.readySince), today: localDateOf(now), charged });
  if (plan.length === 0) return;
  const amountCents = plan.reduce((sum, row) => sum + row.amountCents, 0);
  await tx.insert(storageCharges).values(plan.map((row) => ({ courierId: pkg.courierId, packageId: pkg.id, chargeDay: row.chargeDay, amountCents: row.amountCents })));
  counts.charges += plan.length;
  counts.chargedCents += amountCents;
  // Billed at once: on the parcel's invoice while nothing is paid on it, else on a supplementary
  // invoice (lib/invoice-charges, the system as actor). Without an invoice the charge waits for it.
  const billed = await billPendingCharges(tx, { actor: null, courierId: pkg.courierId, packageId: pkg.id, publicUrl });
  if (!billed) counts.pendingCharges += plan.length;
}

/**
 * The daily uncollected sweep (docs/decisions/017-jobs.md): for every courier (or the one named)
 * and every parcel ready for pickup, the reminders due, the storage fee due and, after the
 * abandonment period and a final notice, abandonment. `now` is the sweep's clock (tests choose
 * it). Each parcel is one transaction under its row lock, so a failing parcel does not stop the
 * others and two sweeps at once (two instances, a "Run now" during the job) serialise per parcel;
 * the unique keys of storage_charges and storage_notices make a rerun do nothing twice.
 */
export async function runUncollectedSweep(db: Database, options: { now: Date; courierId?: string; publicUrl?: string; onError?: (error: unknown, packageId: string) => void }): Promise<SweepResult> {
  const { now } = options;
  const publicUrl = options.publicUrl ?? '';
  // ready_since is kept by a trigger on every status change (migration 0027); the coalesce only
  // guards the type (it is never null at ready_for_pickup).
  const readySince = sql<Date>`coalesce(${packages.readySince}, ${packages.updatedAt})`;
  const candidates: Candidate[] = await db.select({ id: packages.id, courierId: packages.courierId, readySince })
    .from(packages)
    .where(and(eq(packages.status, 'ready_for_pickup'), sql`${packages.customerId} is not null`, options.courierId ? eq(packages.courierId, options.courierId) : undefined))
    .orderBy(packages.courierId, packages.id);
  const counts: Counts = { reminders: 0, finalNotices: 0, charges: 0, chargedCents: 0, pendingCharges: 0, abandoned: 0 };
  let failed = 0;
  const settingsByCourier = new Map<string, { rules: StorageRulesInput; feeCents: number }>();
  for (const candidate of candidates) {
    let settings = settingsByCourier.get(candidate.courierId);
    if (!settings) {
      settings = await rulesOf(db, candidate.courierId);
      settingsByCourier.set(candidate.courierId, settings);
    }
    const readyAt = asDate(candidate.readySince);
    const step: Counts = { ...counts };
    try {
      await db.transaction((tx) => sweepPackage(tx, { ...candidate, readySince: readyAt }, settings, now, publicUrl, step));
      Object.assign(counts, step);
    } catch (error) {
      failed += 1;
      options.onError?.(error, candidate.id);
    }
  }
  return { packages: candidates.length, ...counts, failed };
}
