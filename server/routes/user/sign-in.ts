import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { accountValues, checkAccount } from './account-form.ts';
import { LoginBody, Session, SignUpBody, type SignUp } from './schemas.ts';
import { sessionFor } from './session.ts';

const tags = ['User'];

/** Sign-up (both kinds) and sign-in, limited per client address. */
const signIn: FastifyPluginAsyncTypebox<{ rateLimit: number }> = async (app, options) => {
  const accounts = userRepository(app.db, app.bus);
  const limited = { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } };

  const signUp = (userType: 71 | 72) => async (request: FastifyRequest<{ Body: SignUp }>) => {
    const kind = userType === UserType.normal ? 'individual' : 'dealership';
    const fields = await checkAccount(accounts, request.body, kind, request.lang, 'signUp');
    const created = await accounts.create({
      userType,
      ...accountValues(fields, kind, request.body.moreInfo),
      passwordHash: await hashPassword(fields.password),
    });
    if (created === 'email_taken') throw new ApiError(409, 'email_taken');
    return ok(await sessionFor(app, created), t(request.lang, 'signup_success'));
  };

  const signUpSchema = (description: string) => ({
    tags,
    description,
    body: SignUpBody,
    response: { 200: Envelope(Session) },
  });
  app.post(
    '/CustomerSignUp',
    { config: limited, schema: signUpSchema('Individual sign-up (type 71).') },
    signUp(UserType.normal),
  );
  app.post(
    '/ComponySignUp',
    { config: limited, schema: signUpSchema('Dealership sign-up (type 72).') },
    signUp(UserType.company),
  );

  app.post(
    '/UserLogin',
    {
      config: limited,
      schema: { tags, body: LoginBody, response: { 200: Envelope(Session) } },
    },
    async (request) => {
      const email = (request.body.email ?? '').trim();
      const password = (request.body.password ?? '').trim();
      if (!email) throw new ApiError(400, 'field_required', { field: 'email' });
      if (!password) throw new ApiError(400, 'field_required', { field: 'password' });
      const user = await accounts.findByEmail(email);
      // The same answer (and the same work) whether the email or the password is wrong.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !valid) throw new ApiError(401, 'wrong_credentials');
      if (user.statusId === UserStatus.blocked) throw new ApiError(403, 'account_blocked');
      return ok(await sessionFor(app, user), t(request.lang, 'login_success'));
    },
  );

  app.post(
    '/AdminLogin',
    {
      config: limited,
      schema: {
        tags,
        description:
          "The dashboard's sign-in: an admin's email and password. Any other account answers 401 with the wrong-password message, so the call tells nobody which emails are admins'.",
        body: LoginBody,
        response: { 200: Envelope(Session) },
      },
    },
    async (request) => {
      const email = (request.body.email ?? '').trim();
      const password = (request.body.password ?? '').trim();
      if (!email) throw new ApiError(400, 'field_required', { field: 'email' });
      if (!password) throw new ApiError(400, 'field_required', { field: 'password' });
      const user = await accounts.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !valid || user.userType !== UserType.admin) {
        throw new ApiError(401, 'wrong_credentials');
      }
      if (user.statusId === UserStatus.blocked) throw new ApiError(403, 'account_blocked');
      return ok(await sessionFor(app, user), t(request.lang, 'login_success'));
    },
  );
};

export default signIn;
