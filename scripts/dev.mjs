// `npm run dev`: the API with reload on change (port 3000) and Vite's dev server (port 5173, which
// proxies /api and /dev to the API), side by side; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@nbr/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@nbr/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: process.env.API_PROXY_TARGET ?? 'http://localhost:3000' },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
