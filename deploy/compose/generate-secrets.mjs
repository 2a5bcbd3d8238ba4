// Writes the secrets the API instances of compose.yaml share, one file each, into the directory
// given, unless they are there already (a restart keeps sessions, file addresses and encrypted
// fields readable). Run by the `generate-secrets` service as root; the files belong to the API's
// user (1000) and only it can read them.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const API_USER = 1000;
const directory = process.argv[2];
if (!directory) {
  console.error('Usage: node generate-secrets.mjs <directory>');
  process.exit(2);
}

const random = (bytes, encoding) => randomBytes(bytes).toString(encoding);
const secrets = {
  'auth-private-key': () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  'certificate-private-key': () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  'file-url-secret': () => random(48, 'base64url'),
  'data-encryption-key': () => random(32, 'base64'),
  // The payment accounts of a stack without providers: random, so never the stand-ins' published ones.
  'reepay-private-key': () => `priv_${random(16, 'hex')}`,
  'reepay-webhook-secret': () => random(24, 'hex'),
  'vipps-client-secret': () => random(24, 'hex'),
  'vipps-subscription-key': () => random(16, 'hex'),
  'vipps-webhook-secret': () => random(24, 'hex'),
};

for (const [name, generate] of Object.entries(secrets)) {
  const file = path.join(directory, name);
  if (existsSync(file)) continue;
  writeFileSync(file, generate(), { mode: 0o400 });
  // As root (the compose service) the files go to the API's user; run as anyone else (the
  // tests), they stay that user's.
  if (process.getuid?.() === 0) chownSync(file, API_USER, API_USER);
  console.log(`wrote ${file}`);
}
