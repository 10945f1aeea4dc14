import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import adminAccounts from './admin-accounts.ts';
import password from './password.ts';
import profile from './profile.ts';
import signIn from './sign-in.ts';

export interface AccountOptions {
  /** Where profile pictures are stored. */
  storage: ObjectStore;
  /** The site's public origin, for the links in emails. */
  siteUrl: string;
  /** Requests per minute per client address on sign-in, sign-up and password recovery. */
  rateLimit: number;
}

/** The account calls of the User group (spec §7), one file per sub-group. */
const account: FastifyPluginAsyncTypebox<AccountOptions> = async (app, options) => {
  await app.register(signIn, { rateLimit: options.rateLimit });
  await app.register(profile, { storage: options.storage });
  await app.register(password, { siteUrl: options.siteUrl, rateLimit: options.rateLimit });
  await app.register(adminAccounts);
};

export default account;
