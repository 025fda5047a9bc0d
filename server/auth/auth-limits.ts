import { OTP_ALLOWED_ATTEMPTS, OTP_EXPIRES_SECONDS } from './otp-settings'

/**
 * The limits on sign-in attempts, code checks (mailed codes and second factors) and code mails (server/auth/README.md explains the
 * policy). Every attempt is counted before the password or code is checked, in one atomic statement in
 * PostgreSQL (also when REDIS_URL is set), so a burst of concurrent guesses gets no more checks than a
 * slow series would.
 */
export const authLimits = {
  /** Per (account, client address): wrong passwords that cost nothing. */
  freeFailuresPerAddress: 3,
  /** The wait after the last free failure; it doubles with each further failure, up to the cap. */
  firstDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
  /** Failures of an (account, address) pair older than this are forgotten. */
  forgetFailuresAfterHours: 24,
  /** Per client address, all accounts: wrong passwords and codes (password spraying). */
  failuresPerAddress: { limit: 20, windowMs: 15 * 60_000 },
  /** Per account, all addresses: past this only a known device is still checked (a distributed attack). */
  failuresPerAccount: { limit: 30, windowMs: 60 * 60_000 },
  /** Checks of one mailed code, counted before each check; the code is deleted on the last wrong one. */
  checksPerCode: OTP_ALLOWED_ATTEMPTS,
  codeLifetimeMs: OTP_EXPIRES_SECONDS * 1000,
  /** Mails with a code (or an account notice) per recipient and per client address. */
  codeMailsPerAccount: { limit: 5, windowMs: 10 * 60_000 },
  codeMailsPerAddress: { limit: 100, windowMs: 10 * 60_000 },
  /** A sign-in waiting for its second factor: how long it waits, and the codes it may try (counted before each check). */
  secondFactorChallengeSeconds: 5 * 60,
  codeChecksPerSignIn: 5,
  /**
   * Per account, all addresses: wrong authenticator or recovery codes (at sign-in, and when turning
   * two-factor sign-in on or off). Past this, only a known device is still checked at sign-in.
   */
  wrongSecondFactorsPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  /** How long the known-device cookie set at each sign-in is honoured. */
  knownDeviceDays: 365,
} as const
