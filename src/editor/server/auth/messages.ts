/**
 * Every sentence the editor's sign-in and people routes show a person, in one place (as the
 * validator's catalogue, src/validation/catalogue/): what happened and what to do.
 */
export const messages = {
  signedOut: "Sign in to use the editor.",
  csrf: "This change was refused because it did not carry the editor's security token. Reload the page and try again.",
  forbidden: "Your role does not allow this. Ask an administrator if you need it.",
  signInExpired: "The sign-in form had expired or came from another site. Please sign in again.",
  wrongPassword: "The email or password is not right. Check them and try again.",
  missingFields: "Enter your email and your password.",
  accountLocked: (minutes: number) =>
    `This account is locked for ${minutes} ${minutes === 1 ? "minute" : "minutes"} after too many failed sign-ins. Try again then, or ask an administrator to set a new password.`,
  addressLimited: (minutes: number) =>
    `Too many failed sign-ins came from your network. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  oidcUnknown: (email: string) =>
    `${email} has no account in this editor. Ask your administrator to add you, then sign in again.`,
  oidcUnverified:
    "Your identity provider did not confirm your email address, so the editor cannot tell who you are. Ask your administrator.",
  oidcFailed: "Signing in with your organisation's account did not complete. Please try again.",
  oidcNotSet: "Signing in with an organisation account is not set up in this editor.",
  lastAdmin:
    "At least one person must keep the admin role, or nobody could manage people. Give someone else the admin role first.",
  personNotFound: "There is nobody with that id in the editor.",
} as const;
