import { checkFileBeforeUpload } from './file-types'
import { z } from './zod'

/**
 * The company logo, in two steps with one field name, `logo`: the browser's picker holds one image
 * the upload would accept (checked before any byte is sent), and once it is uploaded the /profile
 * action is sent its stored path (`path`). setCompanyLogo refuses a path that is not an image in
 * the client's own logo folder, at the field `logo`, so the refusal shows beside the picker.
 */

export const LOGO_NOT_FOUND_MESSAGE = 'The logo must be an image uploaded to your logo folder'
export const NO_LOGO_CHOSEN_MESSAGE = 'Please choose an image to upload'

/** The set-logo post: the stored path of the uploaded image. */
export const companyLogoSchema = z.object({ path: z.string({ error: LOGO_NOT_FOUND_MESSAGE }) })

/** The picker: an image of the logo folder's types, no larger than the upload limit. */
export function logoFileSchema(maxUploadBytes: number) {
  return z.object({
    // An empty picker posts a file without a name or a byte: no file chosen.
    logo: z.preprocess(
      (value) => (value instanceof File && value.name === '' && value.size === 0 ? undefined : value),
      z.instanceof(File, { error: NO_LOGO_CHOSEN_MESSAGE }).superRefine((file, ctx) => {
        const refusal = checkFileBeforeUpload('profile-pictures', file, maxUploadBytes)
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal })
      }),
    ),
  })
}
