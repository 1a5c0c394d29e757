/**
 * The owner forms (login, forgot password, reset): one zod/mini schema each, for the
 * worker's validator. Messages are dictionary keys. Over-long input is cut, not refused:
 * a name or password that long is simply wrong, and the answer must not say which.
 */
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH } from '../rules/password-rules.ts';

const REQUIRED = 'REQUIRED_FIELD';
const cut = (max: number) => z.overwrite((value: string) => value.slice(0, max));

/** A username or an e-mail address, as typed. */
const identifier = z.string().check(z.trim(), cut(200), z.minLength(1, REQUIRED));
/** One character over the maximum still reaches the rules, which then refuse it as too long. */
const password = z.string().check(cut(PASSWORD_MAX_LENGTH + 1), z.minLength(1, REQUIRED));

export const ownerLoginSchema = z.object({ username: identifier, password });
export const ownerForgotSchema = z.object({ username: identifier });
/** The reset code and the new password twice; the password rules are judged once the code is known to be valid. */
export const ownerResetSchema = z.object({
  token: z._default(z.string().check(cut(100)), ''),
  password: z._default(z.string().check(cut(PASSWORD_MAX_LENGTH + 1)), ''),
  confirm: z._default(z.string().check(cut(PASSWORD_MAX_LENGTH + 1)), ''),
});

export type OwnerLoginForm = z.output<typeof ownerLoginSchema>;
export type OwnerForgotForm = z.output<typeof ownerForgotSchema>;
export type OwnerResetForm = z.output<typeof ownerResetSchema>;
