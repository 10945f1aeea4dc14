import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
  isValidEmail,
  isValidIdentityNumber,
  isValidLicenseNumber,
  isValidMobile,
  profileUpdateError,
  signUpError,
  changePasswordError,
  IDENTITY_NUMBER_LENGTH,
} from '../../../domain/validation.ts';
import { SendMessageWay, UserStatus, UserType } from '../../../domain/codes.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { ImageRejectedError, saveImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { Id, MultilineText, Text } from '../../lib/schema-types.ts';

const tags = ['User'];
const text = (maxLength: number) => Type.Optional(Text(maxLength));
/** 0 (or absent) means "none", or "mine" for a user id. */
const id = Type.Optional(Id({ minimum: 0 }));

/** The sign-up payload of spec §3; every rule is checked below, in the spec's order. */
const SignUpBody = Type.Object({
  id,
  name: text(100),
  email: text(254),
  mobile: text(20),
  userType: id,
  ssn: text(20),
  licenseNumber: text(20),
  addressState: id,
  addressCity: id,
  addressInfo: text(500),
  // The "about" box is a textarea: line breaks are kept.
  moreInfo: Type.Optional(MultilineText(2000)),
  password: text(128),
  confirmPassword: text(128),
});
type SignUp = Static<typeof SignUpBody>;

/** The profile form carries the sign-up fields (spec §3); the password ones are ignored there. */
const ProfileBody = SignUpBody;

const Session = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  name: Type.String(),
  userType: Type.Integer(),
  fullName: Type.String(),
  isAdmin: Type.Boolean(),
});

const Profile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  userType: Type.Integer(),
  ssn: Type.String(),
  licenseNumber: Type.String(),
  addressStateId: Type.Integer(),
  addressCityId: Type.Integer(),
  addressInfo: Type.String(),
  moreInfo: Type.String(),
  image: Type.String(),
  slug: Type.String(),
  monthlyVisitsCount: Type.Integer(),
});

/** Largest decoded profile image. */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

const ImageBody = Type.Object({
  id,
  // Base64 may be wrapped in lines; the decoded size is checked below.
  image: Type.Optional(
    MultilineText(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 1024, {
      description: 'base64, or a data: URL',
    }),
  ),
});

const ChangePasswordBody = Type.Object({
  userId: id,
  email: text(254),
  Mobile: text(20),
  sendWay: id,
  oldPassword: text(128),
  newPassword: text(128),
  confirmPassword: text(128),
});

const SendNewPasswordBody = Type.Object({
  userId: Id(),
  email: text(254),
  Mobile: text(20),
  sendWay: id,
});

/** A new password: 14 characters from an alphabet without look-alikes, with a digit and a symbol. */
export function newPassword(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const digits = '23456789';
  const symbols = '@#$%&*!?';
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [
    ...Array.from({ length: 11 }, () => pick(letters + digits)),
    pick(digits),
    pick(symbols),
    pick(letters),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** Decodes a base64 (or data: URL) image body; null when it is not base64 at all. */
function decodeImage(input: string): Buffer | null {
  const base64 = input.replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  return Buffer.from(base64, 'base64');
}

const account: FastifyPluginAsyncTypebox<{
  mailer: Mailer;
  uploadsDir: string;
  rateLimit: number;
}> = async (app, options) => {
  const accounts = userRepository(app.db, app.bus);
  const limited = { rateLimit: { max: options.rateLimit, timeWindow: '1 minute' } };

  const session = async (user: { id: number; userType: number; name: string }) => ({
    id: user.id,
    token: await app.tokens.sign({ id: user.id, userType: user.userType, name: user.name }),
    name: user.name,
    userType: user.userType,
    fullName: user.name,
    isAdmin: user.userType === UserType.admin,
  });

  /** The form rules of spec §5 and the formats behind them; throws 400 with the field's message. */
  async function checkAccount(
    body: SignUp,
    kind: 'individual' | 'dealership',
    lang: Lang,
    mode: 'signUp' | 'profile',
  ) {
    const fields = {
      name: body.name ?? '',
      email: body.email ?? '',
      mobile: body.mobile ?? '',
      ssn: body.ssn ?? '',
      licenseNumber: body.licenseNumber ?? '',
      addressState: body.addressState ?? 0,
      addressCity: body.addressCity ?? 0,
      addressInfo: body.addressInfo ?? '',
      password: body.password ?? '',
      confirmPassword: body.confirmPassword ?? '',
    };
    const first = mode === 'signUp' ? signUpError(fields, kind) : profileUpdateError(fields, kind);
    if (first) throw new ApiError(400, 'field_invalid', {}, validationText(lang, first));
    // The formats the inputs enforce, which a crafted request could skip.
    if (!isValidEmail(fields.email)) throw new ApiError(400, 'invalid_email');
    if (!isValidMobile(fields.mobile.trim(), 'signUp')) throw new ApiError(400, 'invalid_mobile');
    if (kind === 'individual') {
      const ssn = fields.ssn.trim();
      if (!isValidIdentityNumber(ssn) || ssn.length !== IDENTITY_NUMBER_LENGTH) {
        throw new ApiError(400, 'invalid_ssn');
      }
    } else if (!isValidLicenseNumber(fields.licenseNumber.trim())) {
      throw new ApiError(400, 'invalid_license');
    }
    if (!(await accounts.cityInState(fields.addressCity, fields.addressState))) {
      throw new ApiError(400, 'unknown_city');
    }
    return fields;
  }

  const signUp = (userType: 71 | 72) => async (request: FastifyRequest<{ Body: SignUp }>) => {
    const kind = userType === UserType.normal ? 'individual' : 'dealership';
    const fields = await checkAccount(request.body, kind, request.lang, 'signUp');
    const created = await accounts.create({
      userType,
      name: fields.name.trim(),
      email: fields.email.trim(),
      mobile: fields.mobile.trim(),
      ssn: kind === 'individual' ? fields.ssn.trim() : null,
      licenseNumber: kind === 'dealership' ? fields.licenseNumber.trim() : null,
      addressStateId: fields.addressState,
      addressCityId: fields.addressCity,
      addressInfo: fields.addressInfo.trim(),
      moreInfo: (request.body.moreInfo ?? '').trim(),
      passwordHash: await hashPassword(fields.password),
    });
    if (created === 'email_taken') throw new ApiError(409, 'email_taken');
    return ok(await session(created), t(request.lang, 'signup_success'));
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
      schema: {
        tags,
        body: Type.Object({ email: text(254), password: text(128) }),
        response: { 200: Envelope(Session) },
      },
    },
    async (request) => {
      const email = (request.body.email ?? '').trim();
      const password = (request.body.password ?? '').trim();
      if (!email) throw new ApiError(400, 'field_required', { field: 'email' });
      if (!password) throw new ApiError(400, 'field_required', { field: 'password' });
      const user = await accounts.findByEmail(email);
      // The same answer (and the same work) whether the email or the password is wrong.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await DUMMY_HASH()));
      if (!user || !valid) throw new ApiError(401, 'wrong_credentials');
      if (user.statusId === UserStatus.blocked) throw new ApiError(403, 'account_blocked');
      return ok(await session(user), t(request.lang, 'login_success'));
    },
  );

  /** The caller's own profile; another user's id is refused. */
  const own = (request: FastifyRequest, claimed: number | undefined) => {
    const me = request.user!.id;
    if (claimed !== undefined && claimed !== 0 && claimed !== me)
      throw new ApiError(403, 'not_your_account');
    return me;
  };

  for (const [name, userType] of [
    ['CustomerProfileInfo', UserType.normal],
    ['CompanyProfileInfo', UserType.company],
  ] as const) {
    app.get(
      `/${name}`,
      {
        preHandler: app.requireUserType(userType),
        schema: {
          tags,
          security: [{ bearer: [] }],
          querystring: Type.Object({ userId: id }),
          response: { 200: Envelope(Profile) },
        },
      },
      async (request) => {
        const profile = await accounts.profile(own(request, request.query.userId));
        if (!profile) throw new ApiError(404, 'not_found');
        return ok(profile);
      },
    );
  }

  for (const [name, userType] of [
    ['CustomerProfileUpdate', UserType.normal],
    ['CompanyProfileUpdate', UserType.company],
  ] as const) {
    app.put(
      `/${name}`,
      {
        preHandler: app.requireUserType(userType),
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ProfileBody,
          response: { 200: Envelope(Profile) },
        },
      },
      async (request) => {
        const me = own(request, request.body.id);
        const kind = userType === UserType.normal ? 'individual' : 'dealership';
        const fields = await checkAccount(request.body, kind, request.lang, 'profile');
        const updated = await accounts.updateProfile(me, {
          name: fields.name.trim(),
          email: fields.email.trim(),
          mobile: fields.mobile.trim(),
          ssn: kind === 'individual' ? fields.ssn.trim() : null,
          licenseNumber: kind === 'dealership' ? fields.licenseNumber.trim() : null,
          addressStateId: fields.addressState,
          addressCityId: fields.addressCity,
          addressInfo: fields.addressInfo.trim(),
          moreInfo: (request.body.moreInfo ?? '').trim(),
        });
        if (updated === 'email_taken') throw new ApiError(409, 'email_taken');
        if (!updated) throw new ApiError(404, 'not_found');
        return ok((await accounts.profile(me))!, t(request.lang, 'update_success'));
      },
    );
  }

  for (const [name, userType] of [
    ['UpdateCustomerImage', UserType.normal],
    ['UpdateCompanyImage', UserType.company],
  ] as const) {
    app.put(
      `/${name}`,
      {
        preHandler: app.requireUserType(userType),
        schema: {
          tags,
          security: [{ bearer: [] }],
          description:
            'The picture is checked by its content (JPEG, PNG or WebP), re-encoded and stored.',
          body: ImageBody,
          response: { 200: Envelope(Type.Object({ id: Type.Integer(), image: Type.String() })) },
        },
      },
      async (request) => {
        const me = own(request, request.body.id);
        const raw = request.body.image?.trim();
        if (!raw) throw new ApiError(400, 'image_required');
        const bytes = decodeImage(raw);
        if (!bytes || bytes.length === 0) throw new ApiError(400, 'image_invalid');
        if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError(413, 'image_too_large');
        let saved;
        try {
          saved = await saveImage(options.uploadsDir, bytes, { kind: 'profile' });
        } catch (error) {
          if (error instanceof ImageRejectedError) {
            throw new ApiError(
              error.reason === 'too_large' ? 413 : 400,
              error.reason === 'too_large' ? 'image_too_large' : 'image_invalid',
            );
          }
          throw error;
        }
        const updated = await accounts.updateImage(me, saved.path);
        if (!updated) throw new ApiError(404, 'not_found');
        return ok({ id: me, image: saved.path }, t(request.lang, 'image_update_success'));
      },
    );
  }

  app.put(
    '/ChangePassword',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: ChangePasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const me = own(request, request.body.userId);
      const form = {
        oldPassword: request.body.oldPassword ?? '',
        newPassword: request.body.newPassword ?? '',
        // The confirmation stays in the form (spec §3); when it is not sent, the new one stands.
        confirmPassword: request.body.confirmPassword ?? request.body.newPassword ?? '',
      };
      const first = changePasswordError(form);
      if (first) throw new ApiError(400, 'field_invalid', {}, validationText(request.lang, first));
      const user = await accounts.findById(me);
      if (!user || !(await verifyPassword(form.oldPassword.trim(), user.passwordHash))) {
        throw new ApiError(400, 'wrong_old_password');
      }
      await accounts.setPasswordHash(me, await hashPassword(form.newPassword.trim()));
      return ok(null, t(request.lang, 'password_changed'));
    },
  );

  /** Issues a new password by email; the old one keeps working unless the email went out. */
  async function issueNewPassword(user: { id: number; email: string; name: string }, lang: Lang) {
    const password = newPassword();
    const hash = await hashPassword(password);
    const subject = lang === 'en' ? 'Your new password' : 'كلمة المرور الجديدة';
    const text =
      lang === 'en'
        ? `Hello ${user.name},\n\nYour new password is: ${password}\n\nSign in with it and change it from your profile.`
        : `مرحباً ${user.name}،\n\nكلمة المرور الجديدة الخاصة بك هي: ${password}\n\nسجّل الدخول بها ثم غيّرها من صفحتك الشخصية.`;
    try {
      await options.mailer.send({ to: user.email, subject, text });
    } catch (error) {
      app.log.error({ err: error }, 'new password email failed');
      throw new ApiError(503, 'email_failed');
    }
    await accounts.setPasswordHash(user.id, hash);
  }

  app.get(
    '/GetNewPassword',
    {
      config: limited,
      schema: {
        tags,
        description:
          'Forgot password: emails a new password. The answer is the same whether or not the email has an account.',
        querystring: Type.Object({ email: text(254) }),
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const email = (request.query.email ?? '').trim();
      if (!email) throw new ApiError(400, 'field_required', { field: 'email' });
      if (!isValidEmail(email)) throw new ApiError(400, 'invalid_email');
      const user = await accounts.findByEmail(email);
      if (user && user.statusId !== UserStatus.blocked) await issueNewPassword(user, request.lang);
      return ok(null, t(request.lang, 'new_password_sent'));
    },
  );

  app.put(
    '/SendUserNewPassword',
    {
      preHandler: app.requireUserType(UserType.admin),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: 'Admin: sends a user a new password (by email).',
        body: SendNewPasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      if (request.body.sendWay && request.body.sendWay !== SendMessageWay.email) {
        throw new ApiError(400, 'field_invalid', { field: 'sendWay' });
      }
      const user = await accounts.findById(request.body.userId);
      if (!user) throw new ApiError(404, 'not_found');
      await issueNewPassword(user, request.lang);
      return ok(null, t(request.lang, 'new_password_sent'));
    },
  );
};

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;
const DUMMY_HASH = () => (dummyHash ??= hashPassword(newPassword()));

export default account;
