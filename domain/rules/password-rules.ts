/** What a new owner password must be: checked by the reset form and again by the worker. */

export const PASSWORD_MIN_LENGTH = 10;
/** Longer input only costs hashing time; nobody types more. */
export const PASSWORD_MAX_LENGTH = 200;

/** Why a new password is refused, as a dictionary key; null when it is acceptable. */
export function passwordProblem(password: string, confirm: string): 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORDS_DIFFERENT' | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (password !== confirm) return 'PASSWORDS_DIFFERENT';
  return null;
}
