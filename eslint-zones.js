import path from 'node:path';

/**
 * Import zones (issue 10, STYLE.md "Layout"): imports flow shared → features → app. packages/shared
 * imports nothing of the apps; the apps' infrastructure (api lib, db, plugins, mail, security,
 * events; web components, lib, config) imports no feature; a feature (api modules/<name>, web
 * features/<name>) imports no other feature: what two features share moves down a level. Tests
 * and test kits are exempt (they stand where the app does). KNOWN_DEBTS are today's cross-feature
 * imports, each to move down a level; the list may only shrink.
 */
const KNOWN_DEBTS = new Set([
  'api:auth->password-reset', 'api:customers->password-reset', 'api:network->couriers', 'api:network->customers', 'api:packages->settings', 'api:staff->auth',
  'api:staff->password-reset',
  // Issue 13: manifest arrival invoices the arrived parcels in its transaction (modules/invoices issueInvoicesForPackages).
  'api:manifests->invoices',
]);

const root = path.dirname(new URL(import.meta.url).pathname);

/** Where a file stands: { app: 'api' | 'web' | 'shared', layer: 0 shared, 1 infrastructure, 2 feature, 3 app, feature } or null. */
function zoneOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (rel.startsWith('packages/shared/src/')) return { app: 'shared', layer: 0 };
  for (const [app, featureDir, appFiles] of [['api', 'modules', ['app.ts', 'server.ts']], ['web', 'features', ['app', 'main.tsx']]]) {
    const prefix = `apps/${app}/src/`;
    if (!rel.startsWith(prefix)) continue;
    const [top, feature] = rel.slice(prefix.length).split('/');
    if (top === featureDir) return { app, layer: 2, feature };
    if (appFiles.includes(top)) return { app, layer: 3 };
    return { app, layer: 1 };
  }
  return null;
}

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file) || /\/(test|e2e)\//.test(file) || /test-kit\.ts$/.test(file)
  // Scripts run on their own, where the app stands.
  || file.endsWith('/db/seed-demo.ts');

const rule = {
  meta: { type: 'problem', schema: [], messages: { zone: '{{why}}' } },
  create(context) {
    const file = context.filename;
    const from = zoneOf(file);
    if (!from || isTest(file)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      let to;
      if (spec.startsWith('@parceldesk/shared/')) to = { app: 'shared', layer: 0 };
      else if (spec.startsWith('.')) to = zoneOf(path.resolve(path.dirname(file), spec));
      if (!to) return;
      let why = null;
      if (from.app === 'shared' && to.app !== 'shared') why = 'packages/shared imports nothing of the apps';
      else if (to.app !== 'shared' && to.app !== from.app) why = `${from.app} does not import from ${to.app}`;
      else if (to.layer > from.layer) why = from.layer === 1 ? 'infrastructure imports no feature: move what it needs down a level' : 'features do not import the app';
      else if (from.layer === 2 && to.layer === 2 && to.feature !== from.feature && !KNOWN_DEBTS.has(`${from.app}:${from.feature}->${to.feature}`)) {
        why = `feature ${from.feature} imports feature ${to.feature}: move what both need down a level (lib/, components/ or packages/shared)`;
      }
      if (why) context.report({ node: node.source, messageId: 'zone', data: { why } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const zonesPlugin = { rules: { 'import-zones': rule } };
