/** One-time codes live 10 minutes and die after 3 wrong tries. */
export const OTP_EXPIRES_SECONDS = 600
export const OTP_ALLOWED_ATTEMPTS = 3
