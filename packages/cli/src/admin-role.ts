import type { Accounts, Reviews, Role } from '@ubongo/server';
import { nameKey, ROLES } from '@ubongo/server';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/**
 * `ubongo admin role USERNAME ROLE`: gives an account a role with review (docs/accounts.md,
 * "Reviewed results"): `reviewer` or `operator` may review results in the web (#/review), `none`
 * takes it back.
 */
export async function adminRole(
  stores: { readonly accounts: Pick<Accounts, 'accountByUsername'>; readonly reviews: Pick<Reviews, 'setRole'> },
  args: readonly string[],
  io: Io,
  json = false,
): Promise<number> {
  const [username, role, ...extra] = args;
  if (username === undefined || role === undefined || extra.length > 0 || !(ROLES as readonly string[]).includes(role))
    throw new UsageError(`admin role takes a username and a role: ${ROLES.join(', ')}; run 'ubongo admin --help'`);
  const account = await stores.accounts.accountByUsername(nameKey(username));
  if (!account) {
    io.err(`ubongo: no account with the username ${username}\n`);
    return EXIT.none;
  }
  await stores.reviews.setRole(account.id, role as Role);
  io.out(
    json
      ? `${JSON.stringify({ id: account.id, username: account.username, role })}\n`
      : `${account.username ?? username} (${account.id}) is now ${role === 'none' ? 'without a role' : `a ${role}`}\n`,
  );
  return EXIT.ok;
}
