// `npm run dev`: the API with reload (tsx watch) on PORT (default 3000) and Vite with hot reload on
// 5173, which proxies /api to the API. Open http://localhost:5173/courier/login.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// The API runs from apps/api in dev: keep the same data directory as `npm start`.
const apiEnv = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'), ALLOW_PRIVATE_SMTP: process.env.ALLOW_PRIVATE_SMTP ?? 'true' };

const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/api'], { stdio: 'inherit', env: apiEnv }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
