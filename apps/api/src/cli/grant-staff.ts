import { pathToFileURL } from 'node:url';
import { StaffRoleSchema } from '@nbr/domain/backoffice';
import { EmailSchema } from '@nbr/domain/identity';
import type { DatabaseConnection } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { findPersonByEmail, grantStaffRole } from '../modules/backoffice/backoffice.service.ts';
import { loadConfigOrExit, openConfiguredDatabase } from './command-setup.ts';

/*
 * Makes someone backoffice staff from the command line — how a fresh install gets its first admin,
 * who then grants roles in the backoffice. Uses the same configuration (DATABASE_URL or DATA_DIR)
 * as the server. The grant is audited with no actor: it was the operator, not a signed-in person.
 *
 *   npm run staff:grant -- <email> <support|admin>
 *
 * With the embedded PGlite, stop the server first: PGlite's files take one process at a time (the
 * command fails with DataDirectoryInUseError while the server has them open).
 */

const USAGE = 'Usage: npm run staff:grant -- <email> <support|admin>';

export interface GrantStaffOutput {
  log(line: string): void;
  error(line: string): void;
}

/** Runs the command against an open database; answers the process exit code. */
export async function runGrantStaff(
  args: readonly string[],
  database: DatabaseConnection,
  output: GrantStaffOutput = console,
): Promise<number> {
  const [rawEmail, rawRole, ...rest] = args;
  const email = EmailSchema.safeParse(rawEmail ?? '');
  const role = StaffRoleSchema.safeParse(rawRole ?? '');
  if (!email.success || !role.success || rest.length > 0) {
    output.error(USAGE);
    return 2;
  }
  const person = await findPersonByEmail(database.db, email.data);
  if (!person) {
    output.error(`No account signs in with ${email.data}. Sign up first, then run this again.`);
    return 1;
  }
  const member = await database.db.transaction((tx) =>
    grantStaffRole(tx, {
      actorPartyId: null,
      sessionId: null,
      targetPartyId: person.partyId,
      role: role.data,
    }),
  );
  output.log(`${email.data} is now backoffice ${member.role} (party ${member.identity_party_id}).`);
  return 0;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openConfiguredDatabase(config);
  let code = 1;
  try {
    // A fresh install may not have started the server yet: bring the schema up to date first.
    await migrate(database);
    code = await runGrantStaff(process.argv.slice(2), database);
  } finally {
    await database.close();
  }
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
