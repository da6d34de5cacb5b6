// Moved down to lib/ so manifests (issue 12) share it; kept here so the packages module's imports stand.
export * from '../../lib/idempotency';
