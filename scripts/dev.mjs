// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot module reload,
// on one address for the browser: http://localhost:5000 (Vite, which proxies /api to the API on 5001).
import { spawn } from 'node:child_process';

const webPort = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? '5001';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  APP_ORIGIN: process.env.APP_ORIGIN ?? `http://localhost:${webPort}`,
  VITE_PORT: webPort,
  API_PORT: apiPort,
};

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { env, stdio: 'inherit' }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve)))).then(() =>
    process.exit(code),
  );
}
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
