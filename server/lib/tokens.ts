import { jwtVerify, SignJWT, errors } from 'jose';

/** What a session token says about its holder. */
export interface SessionClaims {
  id: number;
  userType: number;
  name: string;
  /** The account's token version when the token was signed (users.token_version). */
  tokenVersion: number;
}

export type TokenCheck =
  { ok: true; claims: SessionClaims } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

const encoder = new TextEncoder();

/** HS256 tokens with `exp` in seconds, as the site's token check expects (spec §4). */
export function tokenService(secret: string, ttlSeconds: number) {
  const key = encoder.encode(secret);
  return {
    async sign(
      claims: Omit<SessionClaims, 'tokenVersion'> & { tokenVersion?: number },
    ): Promise<string> {
      return new SignJWT({
        userType: claims.userType,
        name: claims.name,
        tv: claims.tokenVersion ?? 0,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.id))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },

    async verify(token: string | undefined | null): Promise<TokenCheck> {
      if (!token) return { ok: false, reason: 'missing' };
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const id = Number(payload.sub);
        // Tokens signed before versions existed count as version 0.
        const tokenVersion = payload.tv ?? 0;
        if (
          !Number.isSafeInteger(id) ||
          id <= 0 ||
          typeof payload.userType !== 'number' ||
          !Number.isSafeInteger(tokenVersion)
        ) {
          return { ok: false, reason: 'invalid' };
        }
        return {
          ok: true,
          claims: {
            id,
            userType: payload.userType,
            name: String(payload.name ?? ''),
            tokenVersion: tokenVersion as number,
          },
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

export type TokenService = ReturnType<typeof tokenService>;

/** The token of an `Authorization: Bearer <token>` header. */
export function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
