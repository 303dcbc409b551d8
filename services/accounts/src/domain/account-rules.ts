/**
 * Validation rules of local accounts and OAuth apps, with messages shaped like Mastodon's
 * ActiveRecord errors ("Validation failed: Username can't be blank").
 */

export const USERNAME = /^[a-z0-9_]+$/i;
/** Mastodon's limit for local usernames. */
export const MAX_USERNAME_LENGTH = 30;
/** Mastodon's limit on an app's name. */
export const MAX_APP_NAME_LENGTH = 60;
/** Mastodon's limit on an app's website. */
export const MAX_WEBSITE_LENGTH = 2000;
// Same spirit as Devise's email regexp: something@something.tld, no spaces.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const failed = (problem: string) => `Validation failed: ${problem}`;

/** Why a new local username is refused, or undefined. */
export function usernameProblem(username: string): string | undefined {
  if (username === "") return failed("Username can't be blank");
  if (username.length > MAX_USERNAME_LENGTH) return failed(`Username is too long (maximum is ${MAX_USERNAME_LENGTH} characters)`);
  if (!USERNAME.test(username)) return failed("Username must contain only letters, numbers and underscores");
  return undefined;
}

/** Why an e-mail address is refused, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email === "") return failed("Email can't be blank");
  if (!EMAIL.test(email)) return failed("Email is invalid");
  return undefined;
}

/** Why an app name is refused, or undefined. */
export function appNameProblem(name: string): string | undefined {
  if (name.trim() === "") return failed("Name can't be blank");
  if (name.length > MAX_APP_NAME_LENGTH) return failed(`Name is too long (maximum is ${MAX_APP_NAME_LENGTH} characters)`);
  return undefined;
}

/** Why an app website is refused, or undefined; blank is allowed. */
export function websiteProblem(website: string): string | undefined {
  if (website === "") return undefined;
  if (website.length > MAX_WEBSITE_LENGTH) return failed(`Website is too long (maximum is ${MAX_WEBSITE_LENGTH} characters)`);
  try {
    const url = new URL(website);
    if (url.protocol === "http:" || url.protocol === "https:") return undefined;
  } catch {
    // fall through to the message below
  }
  return failed("Website is invalid");
}
