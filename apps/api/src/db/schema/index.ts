export * from './tenancy';
export * from './auth';
export * from './outbox';
export * from './settings';
export * from './tickets';
export * from './packages';
export * from './manifests';
export * from './charges';
