import { Type, type Static } from '@sinclair/typebox';
import { ADMIN_USER_SORTS } from '../../db/repositories/admin-users.ts';
import { Id, MultilineText, Text } from '../../lib/schema-types.ts';
import { AdminListQuery, Page } from '../paging-schemas.ts';

/*
 * Request and answer shapes of the account calls (spec §3, §7 User group). Answers are
 * allow-lists: a hash or another user's data cannot reach a caller by accident.
 */

const text = (maxLength: number) => Type.Optional(Text(maxLength));
/** 0 (or absent) means "none", or "mine" for a user id. */
const id = Type.Optional(Id({ minimum: 0 }));
/** A user id the caller must name. */
const userId = Id();

/** Largest decoded profile image. */
export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** The sign-up payload of spec §3; every rule is checked in the route, in the spec's order. */
export const SignUpBody = Type.Object({
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
export type SignUp = Static<typeof SignUpBody>;

/** The profile form carries the sign-up fields (spec §3); the password ones are ignored there. */
export const ProfileBody = SignUpBody;

export const LoginBody = Type.Object({ email: text(254), password: text(128) });

/** What sign-in, sign-up and a password change answer with (spec §3). */
export const Session = Type.Object({
  id: Type.Integer(),
  token: Type.String(),
  name: Type.String(),
  userType: Type.Integer(),
  fullName: Type.String(),
  isAdmin: Type.Boolean(),
});
export type Session = Static<typeof Session>;

export const ProfileQuery = Type.Object({ userId: id });

export const Profile = Type.Object({
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
export type Profile = Static<typeof Profile>;

export const ImageBody = Type.Object({
  id,
  // Base64 may be wrapped in lines; the decoded size is checked in the route.
  image: Type.Optional(
    MultilineText(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 1024, {
      description: 'base64, or a data: URL',
    }),
  ),
});

export const ImageAnswer = Type.Object({ id: Type.Integer(), image: Type.String() });
export type ImageAnswer = Static<typeof ImageAnswer>;

export const ChangePasswordBody = Type.Object({
  userId: id,
  email: text(254),
  Mobile: text(20),
  sendWay: id,
  oldPassword: text(128),
  newPassword: text(128),
  confirmPassword: text(128),
});

export const NewPasswordQuery = Type.Object({ email: text(254) });

export const ResetPasswordBody = Type.Object({
  token: Text(128),
  newPassword: text(128),
  confirmPassword: text(128),
});

export const SendNewPasswordBody = Type.Object({
  userId,
  email: text(254),
  Mobile: text(20),
  sendWay: id,
});

/** Admin: an account's new status (user statuses, domain/codes.ts). */
export const ChangeStatusBody = Type.Object({
  userId,
  statusId: Id(),
});

export const AccountStatus = Type.Object({ userId: Type.Integer(), statusId: Type.Integer() });

export const DeleteQuery = Type.Object({ Id: userId });

/** A seller's card in the directory (User/GetSellers). */
export const Seller = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  userType: Type.Integer(),
  mobile: Type.String(),
  addressStateId: Type.Integer(),
  addressCityId: Type.Integer(),
  addressStateName: Type.String(),
  addressCityName: Type.String(),
  AddressInfo: Type.String(),
  slug: Type.String(),
  image: Type.String(),
  vehicleCount: Type.Integer(),
});
export type Seller = Static<typeof Seller>;

/** The site's own contact details (GetWebSiteComunicationInfo). */
export const SiteContact = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  mobile: Type.String(),
  email: Type.String(),
  addressStateId: Type.Integer(),
  addressCityId: Type.Integer(),
  addressStateName: Type.String(),
  addressCityName: Type.String(),
  addressInfo: Type.String(),
  social: Type.Object({
    facebook: Type.String(),
    instagram: Type.String(),
    twitter: Type.String(),
    linkedIn: Type.String(),
    snapchat: Type.String(),
    tiktok: Type.String(),
    youtube: Type.String(),
  }),
});
export type SiteContact = Static<typeof SiteContact>;

// ------------------------------------------------------------------ the admin's accounts

export const AdminUsersQuery = Type.Object({
  ...AdminListQuery(ADMIN_USER_SORTS),
  /** The spec's name filter (search does the same). */
  name: text(100),
  state: Type.Optional(Id({ minimum: 0 })),
  userType: Type.Optional(Id({ minimum: 0 })),
});

export const AdminUser = Type.Object({
  id: Type.Integer(),
  userType: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  ssn: Type.String(),
  licenseNumber: Type.String(),
  addressStateId: Type.Integer(),
  addressCityId: Type.Integer(),
  addressInfo: Type.String(),
  moreInfo: Type.String(),
  image: Type.String(),
  slug: Type.String(),
  statusId: Type.Integer(),
  statusName: Type.String(),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
});
export type AdminUser = Static<typeof AdminUser>;
export const AdminUserPage = Page(AdminUser);

/** An admin account's form: no identity or licence number. */
export const AdminAccountBody = Type.Object({
  id,
  name: text(100),
  email: text(254),
  mobile: text(20),
  addressState: id,
  addressCity: id,
  addressInfo: text(500),
  password: text(128),
  confirmPassword: text(128),
});
export type AdminAccount = Static<typeof AdminAccountBody>;
export const CreatedUser = Type.Object({ id: Type.Integer() });

/** Longest saved search name, after trimming. */
export const SAVED_SEARCH_NAME_MAX = 100;

/** CreateSavedSearch: the name, the list page's query string, and whether to email matches. */
export const SavedSearchBody = Type.Object({
  // Checked again after trimming; the schema leaves room for surrounding spaces.
  name: text(SAVED_SEARCH_NAME_MAX * 2),
  query: Type.Optional(Text(2000, { description: "The /vehicles page's query string" })),
  notifyByEmail: Type.Optional(Type.Boolean()),
});

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  query: Type.String({ description: 'The /vehicles query string, without its "?"' }),
  notifyByEmail: Type.Boolean(),
  createdAt: Type.String(),
  filters: Type.Array(Type.String(), {
    description: 'The filters in words, as the list page\'s chips say them ("Make: Toyota")',
  }),
});

export const SavedSearchQuery = Type.Object({ id: Id() });
