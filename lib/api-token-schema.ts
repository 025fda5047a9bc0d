import { z } from './zod'

/**
 * Personal API tokens (Authorization: Bearer <token>) for scripts. One schema for the dashboard's form
 * and the server's createApiToken. A token always ends: 90 days unless asked otherwise, never more
 * than a year, so a forgotten token does not work forever.
 */
export const API_TOKEN_DEFAULT_DAYS = 90
export const API_TOKEN_MAX_DAYS = 365
export const API_TOKEN_NAME_MAX_LENGTH = 100

/** A name left out (a form reads an empty field as missing) is asked for like an empty one. */
export const apiTokenNameSchema = z
  .string('Please name the token')
  .trim()
  .min(1, 'Please name the token')
  .max(API_TOKEN_NAME_MAX_LENGTH, `At most ${API_TOKEN_NAME_MAX_LENGTH} characters`)

export const createApiTokenSchema = z.object({
  name: apiTokenNameSchema,
  /** Asked-for lifetime in days; longer than the maximum is cut to it. */
  expiresInDays: z
    .number()
    .int('expiresInDays must be a whole number of days')
    .min(1, 'expiresInDays must be at least 1')
    .nullish()
    .transform((days) => Math.min(days ?? API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS)),
})
