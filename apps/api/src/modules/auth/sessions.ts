// Sessions moved a level down (lib/sessions.ts): sign-in, sign-up, impersonation, password reset and
// account changes all start or end them. This path is kept for the features that still import it.
export * from '../../lib/sessions';
